import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, type FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  resetUserPasswordFormSchema,
  type ResetUserPasswordFormValues,
  type ResetUserPasswordInput,
} from '@domain/schemas/operators';
import { FormDialogFooter } from '@/components/form-dialog-footer';
import { FormDialog } from '@/components/form-dialog';
import { invalidProps } from '@/components/form-field-props';
import { FormField } from '@/components/form-field';
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
import { useMessage } from '@/lib/use-message';
import { toastFailure } from '@/components/toast-failure';

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
  const msg = useMessage();
  // The API's schema plus the confirmation (domain/schemas/operators.ts).
  const form = useForm<ResetUserPasswordFormValues, unknown, ResetUserPasswordInput>({
    resolver: zodResolver(resetUserPasswordFormSchema),
    defaultValues: { targetUserId: '', newPassword: '', confirm: '' },
  });
  const { errors } = form.formState;

  const close = (next: boolean) => {
    if (!next) form.reset();
    onOpenChange(next);
  };

  // The spec's notice for the first rule broken (user, length, confirmation), besides the field's message.
  const onInvalid = (e: FieldErrors<ResetUserPasswordFormValues>) => {
    const [title, description] = e.targetUserId
      ? [t('resetPassword.userRequired'), t('resetPassword.userRequiredBody')]
      : e.newPassword
        ? [t('resetPassword.tooShort'), t('resetPassword.tooShortBody', { min: MIN_PASSWORD })]
        : [t('resetPassword.mismatch'), t('resetPassword.mismatchBody')];
    toast({ title, description, variant: 'destructive' });
  };

  const onValid = ({ targetUserId, newPassword }: ResetUserPasswordInput) =>
    reset.mutate(
      { targetUserId, newPassword },
      {
        onSuccess: () => {
          toast({ title: t('resetPassword.success'), description: t('resetPassword.successBody') });
          close(false);
        },
        onError: (err) => {
          toastFailure(t, t('resetPassword.failed'), err, t('resetPassword.failedBody'));
        },
      },
    );

  const described = (key: keyof ResetUserPasswordFormValues, id: string) =>
    invalidProps(errors[key], id);

  const list = (users.data ?? []).filter((u) => u.id !== user?.id);
  return (
    <FormDialog
      open={open}
      onOpenChange={close}
      title={t('resetPassword.title')}
      description={t('resetPassword.description')}
      note={<p className="text-sm text-muted-foreground">{t('resetPassword.operatorsNote')}</p>}
      onSubmit={form.handleSubmit(onValid, onInvalid)}
    >
      <FormField
        id="reset-user"
        label={t('resetPassword.user')}
        error={msg(errors.targetUserId?.message)}
        className="gap-2"
      >
        <Controller
          control={form.control}
          name="targetUserId"
          render={({ field }) => (
            <Select value={field.value} onValueChange={field.onChange}>
              <SelectTrigger
                id="reset-user"
                aria-label={t('resetPassword.user')}
                {...described('targetUserId', 'reset-user')}
              >
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
          )}
        />
      </FormField>
      <FormField
        id="reset-new"
        label={t('resetPassword.newPassword')}
        error={msg(errors.newPassword?.message)}
        hint={t('resetPassword.hint', { min: MIN_PASSWORD })}
        className="gap-2"
      >
        <PasswordInput
          id="reset-new"
          autoComplete="new-password"
          {...described('newPassword', 'reset-new')}
          {...form.register('newPassword')}
        />
      </FormField>
      <FormField
        id="reset-confirm"
        label={t('resetPassword.confirmPassword')}
        error={msg(errors.confirm?.message)}
        className="gap-2"
      >
        <PasswordInput
          id="reset-confirm"
          autoComplete="new-password"
          {...described('confirm', 'reset-confirm')}
          {...form.register('confirm')}
        />
      </FormField>
      <FormDialogFooter
        cancelLabel={tc('actions.cancel')}
        onCancel={() => close(false)}
        submitLabel={t('resetPassword.submit')}
        pending={reset.isPending}
        pendingLabel={t('resetPassword.resetting')}
      />
    </FormDialog>
  );
}
