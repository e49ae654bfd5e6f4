import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { changePasswordFormSchema, type ChangePasswordFormValues } from '@domain/schemas/profile';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { PasswordInput } from '@/components/ui/password-input';
import { toast } from '@/components/ui/use-toast';
import { useChangePassword } from '../api/change-password';
import { useMessage } from '@/lib/use-message';

type Values = { currentPassword: string; newPassword: string; confirmPassword: string };
const EMPTY: Values = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Change password (owners and managers): current password required; other sessions end. */
export function ChangePasswordCard() {
  const { t } = useTranslation('profile');
  const msg = useMessage();
  const change = useChangePassword();
  const form = useForm<ChangePasswordFormValues, unknown, Values>({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async ({ currentPassword, newPassword }) => {
    try {
      await change.mutateAsync({ currentPassword, newPassword });
      form.reset(EMPTY);
      toast({ title: t('password.successTitle'), description: t('password.successBody') });
    } catch (err) {
      toast({
        title: t('password.failedTitle'),
        description: msg(err),
        variant: 'destructive',
      });
    }
  });

  const field = (name: keyof Values) => ({
    'aria-invalid': Boolean(errors[name]),
    'aria-describedby': errors[name] ? `${name}-error` : undefined,
    ...form.register(name),
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('password.title')}</CardTitle>
        <CardDescription>{t('password.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={(e) => void onSubmit(e)} noValidate className="grid gap-4">
          <FormField
            id="currentPassword"
            label={t('password.current')}
            error={msg(errors.currentPassword?.message)}
          >
            <PasswordInput
              id="currentPassword"
              autoComplete="current-password"
              {...field('currentPassword')}
            />
          </FormField>
          <FormField
            id="newPassword"
            label={t('password.new')}
            error={msg(errors.newPassword?.message)}
          >
            <PasswordInput id="newPassword" autoComplete="new-password" {...field('newPassword')} />
          </FormField>
          <FormField
            id="confirmPassword"
            label={t('password.confirm')}
            error={msg(errors.confirmPassword?.message)}
          >
            <PasswordInput
              id="confirmPassword"
              autoComplete="new-password"
              {...field('confirmPassword')}
            />
          </FormField>
          <div className="flex justify-end">
            <Button type="submit" disabled={change.isPending}>
              {change.isPending ? t('password.submitting') : t('password.submit')}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
