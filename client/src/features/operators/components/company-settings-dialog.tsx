import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { PasswordInput } from '@/components/ui/password-input';
import { toast } from '@/components/ui/use-toast';
import { translateError } from '@/lib/translate-message';
import { useUpdateCompanySettings } from '../api/company-settings';

/** Company name and shared operator password. Empty fields keep their value ('No Changes' when both are empty). */
export function CompanySettingsDialog({
  open,
  onOpenChange,
  companyName,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  companyName: string;
}) {
  const { t } = useTranslation('operators');
  const update = useUpdateCompanySettings();
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');

  const close = (o: boolean) => {
    if (!o) {
      setName('');
      setPassword('');
    }
    onOpenChange(o);
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const body = {
      ...(name.trim() ? { companyName: name.trim() } : {}),
      ...(password ? { masterPassword: password } : {}),
    };
    if (!body.companyName && !body.masterPassword) {
      toast({
        title: t('toast.noChangesTitle'),
        description: t('toast.noChangesBody'),
        variant: 'destructive',
      });
      return;
    }
    update.mutate(body, {
      onSuccess: () => {
        toast({ title: t('toast.settingsUpdated'), description: t('toast.settingsUpdatedBody') });
        close(false);
      },
      onError: (err) =>
        toast({
          title: t('toast.settingsFailed'),
          description: translateError(t, err),
          variant: 'destructive',
        }),
    });
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('settingsDialog.title')}</DialogTitle>
          <DialogDescription>{t('settingsDialog.description')}</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} className="grid gap-4" noValidate>
          <div className="grid gap-2">
            <Label htmlFor="settingsCompanyName">{t('settingsDialog.companyName')}</Label>
            <Input
              id="settingsCompanyName"
              value={name}
              placeholder={companyName}
              onChange={(e) => setName(e.target.value)}
              maxLength={120}
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="settingsPassword">{t('settingsDialog.password')}</Label>
            <PasswordInput
              id="settingsPassword"
              autoComplete="new-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              aria-describedby="settingsPasswordHint"
            />
            <p id="settingsPasswordHint" className="text-xs text-muted-foreground">
              {t('settingsDialog.passwordHint')}
            </p>
          </div>
          <DialogFooter>
            <Button type="submit" disabled={update.isPending}>
              {update.isPending ? t('settingsDialog.saving') : t('settingsDialog.save')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
