import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialogFooter } from '@/components/form-dialog-footer';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { PasswordInput } from '@/components/ui/password-input';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { toast } from '@/components/ui/use-toast';
import { useCurrentUser } from '@/lib/auth';
import { MIN_PASSWORD } from '@domain/schemas/auth';
import { useResettableUsers } from '../api/get-resettable-users';
import { useResetUserPassword } from '../api/reset-user-password';
import { translateError } from '@/lib/translate-message';

/** Reset User Password (spec section 5): user required, at least 8 characters, confirmation must match. */
export function ResetPasswordDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('dashboard');
  const { t: tc } = useTranslation('common');
  const { user } = useCurrentUser();
  const users = useResettableUsers(open);
  const reset = useResetUserPassword();
  const [targetUserId, setTargetUserId] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirm, setConfirm] = useState('');

  const close = (next: boolean) => {
    if (!next) {
      setTargetUserId('');
      setNewPassword('');
      setConfirm('');
    }
    onOpenChange(next);
  };

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!targetUserId) {
      toast({
        title: t('resetPassword.userRequired'),
        description: t('resetPassword.userRequiredBody'),
        variant: 'destructive',
      });
      return;
    }
    if (newPassword.length < MIN_PASSWORD) {
      toast({
        title: t('resetPassword.tooShort'),
        description: t('resetPassword.tooShortBody', { min: MIN_PASSWORD }),
        variant: 'destructive',
      });
      return;
    }
    if (newPassword !== confirm) {
      toast({
        title: t('resetPassword.mismatch'),
        description: t('resetPassword.mismatchBody'),
        variant: 'destructive',
      });
      return;
    }
    reset.mutate(
      { targetUserId, newPassword },
      {
        onSuccess: () => {
          toast({ title: t('resetPassword.success'), description: t('resetPassword.successBody') });
          close(false);
        },
        onError: (err) => {
          toast({
            title: t('resetPassword.failed'),
            description: translateError(t, err, t('resetPassword.failedBody')),
            variant: 'destructive',
          });
        },
      },
    );
  };

  const list = (users.data ?? []).filter((u) => u.id !== user?.id);
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('resetPassword.title')}</DialogTitle>
          <DialogDescription>{t('resetPassword.description')}</DialogDescription>
          <p className="text-sm text-muted-foreground">{t('resetPassword.operatorsNote')}</p>
        </DialogHeader>
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <div className="grid gap-2">
            <Label htmlFor="reset-user">{t('resetPassword.user')}</Label>
            <Select value={targetUserId} onValueChange={setTargetUserId}>
              <SelectTrigger id="reset-user" aria-label={t('resetPassword.user')}>
                <SelectValue
                  placeholder={users.isLoading ? tc('loading') : t('resetPassword.selectUser')}
                />
              </SelectTrigger>
              <SelectContent>
                {list.length === 0 ? (
                  <div className="p-2 text-sm text-muted-foreground">
                    {t('resetPassword.noUsers')}
                  </div>
                ) : (
                  list.map((u) => (
                    <SelectItem key={u.id} value={u.id}>
                      {[u.firstName, u.lastName].filter(Boolean).join(' ') || u.email} (
                      {tc('roles.manager')}
                      {u.email ? `, ${u.email}` : ''})
                    </SelectItem>
                  ))
                )}
              </SelectContent>
            </Select>
          </div>
          <div className="grid gap-2">
            <Label htmlFor="reset-new">{t('resetPassword.newPassword')}</Label>
            <PasswordInput
              id="reset-new"
              autoComplete="new-password"
              value={newPassword}
              onChange={(e) => setNewPassword(e.target.value)}
            />
            <p className="text-xs text-muted-foreground">
              {t('resetPassword.hint', { min: MIN_PASSWORD })}
            </p>
          </div>
          <div className="grid gap-2">
            <Label htmlFor="reset-confirm">{t('resetPassword.confirmPassword')}</Label>
            <PasswordInput
              id="reset-confirm"
              autoComplete="new-password"
              value={confirm}
              onChange={(e) => setConfirm(e.target.value)}
            />
          </div>
          <FormDialogFooter
            cancelLabel={tc('actions.cancel')}
            onCancel={() => close(false)}
            submitLabel={t('resetPassword.submit')}
            pending={reset.isPending}
            pendingLabel={t('resetPassword.resetting')}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
