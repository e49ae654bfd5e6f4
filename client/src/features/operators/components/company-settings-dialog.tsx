import { resolveTimeZone } from '@domain/time-zones';
import { useEffect, useState, type FormEvent } from 'react';
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
import { TimeZoneField } from '@/components/time-zone-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { PasswordInput } from '@/components/ui/password-input';
import { toast } from '@/components/ui/use-toast';
import { translateError } from '@/lib/translate-message';
import { useUpdateCompanySettings } from '../api/company-settings';

/**
 * Company name, shared operator password and time zone. Empty text fields keep their value ('No
 * Changes' when nothing changed). The time zone is a searchable list of cities and zones
 * (TimeZoneField). A refused save keeps everything typed: the dialog closes only on success.
 */
export function CompanySettingsDialog({
  open,
  onOpenChange,
  companyName,
  timeZone,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  companyName: string;
  timeZone: string;
}) {
  const { t } = useTranslation('operators');
  const { t: tc } = useTranslation('common');
  const update = useUpdateCompanySettings();
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [zone, setZone] = useState(timeZone);
  const [zoneError, setZoneError] = useState<string | null>(null);
  // Opened before the settings loaded: show the company's zone once it is known.
  useEffect(() => {
    if (open) setZone(timeZone);
  }, [open, timeZone]);

  const close = (o: boolean) => {
    if (!o) {
      setName('');
      setPassword('');
      setZone(timeZone);
      setZoneError(null);
    }
    onOpenChange(o);
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    // "Chicago" is America/Chicago; a place that names no zone is said under the field, nothing is lost.
    const resolved = zone.trim() ? resolveTimeZone(zone) : timeZone;
    if (!resolved) {
      setZoneError(tc('timeZone.notFound', { value: zone.trim() }));
      return;
    }
    setZoneError(null);
    if (resolved !== zone) setZone(resolved);
    const body = {
      ...(name.trim() ? { companyName: name.trim() } : {}),
      ...(password ? { masterPassword: password } : {}),
      ...(resolved !== timeZone ? { timeZone: resolved } : {}),
    };
    if (!body.companyName && !body.masterPassword && !body.timeZone) {
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
          <div className="grid gap-2">
            <Label htmlFor="settingsTimeZone">{t('settingsDialog.timeZone')}</Label>
            <TimeZoneField
              id="settingsTimeZone"
              value={zone}
              onChange={(z) => {
                setZone(z);
                setZoneError(null);
              }}
              invalid={zoneError !== null}
              describedBy={zoneError ? 'settingsTimeZoneError' : 'settingsTimeZoneHint'}
            />
            {zoneError ? (
              <p id="settingsTimeZoneError" role="alert" className="text-sm text-destructive">
                {zoneError}
              </p>
            ) : null}
            <p id="settingsTimeZoneHint" className="text-xs text-muted-foreground">
              {t('settingsDialog.timeZoneHint')}
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
