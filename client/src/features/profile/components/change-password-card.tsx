import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { changePasswordFormSchema, type ChangePasswordFormValues } from '@domain/schemas/profile';
import { PasswordField } from '@/components/password-field';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
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

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('password.title')}</CardTitle>
        <CardDescription>{t('password.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={(e) => void onSubmit(e)} noValidate className="grid gap-4">
          <PasswordField
            form={form}
            name="currentPassword"
            label={t('password.current')}
            autoComplete="current-password"
          />
          <PasswordField form={form} name="newPassword" label={t('password.new')} />
          <PasswordField form={form} name="confirmPassword" label={t('password.confirm')} />
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
