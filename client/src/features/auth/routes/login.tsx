import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { loginSchema, type LoginFormValues, type LoginInput } from '@domain/schemas/auth';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { PasswordInput } from '@/components/ui/password-input';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api';
import { useLogin } from '../api/login';
import { AuthShell } from '../components/auth-shell';
import { FormField } from '@/components/form-field';
import { useMessage } from '@/lib/use-message';

/** Owner/manager sign-in by email or business name (spec section 2). */
export default function LoginPage() {
  const { t } = useTranslation('auth');
  const msg = useMessage();
  const navigate = useNavigate();
  const login = useLogin();
  const form = useForm<LoginFormValues, unknown, LoginInput>({
    resolver: zodResolver(loginSchema),
    defaultValues: { emailOrBusinessName: '', password: '', rememberMe: false },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await login.mutateAsync(values);
      toast({ title: t('login.welcomeTitle'), description: t('login.welcomeBody') });
      void navigate('/', { replace: true });
    } catch (err) {
      const description = err instanceof ApiError ? msg(err) : t('login.failedBody');
      toast({ title: t('login.failedTitle'), description, variant: 'destructive' });
    }
  });

  return (
    <AuthShell title={t('login.title')} description={t('login.subtitle')}>
      <form onSubmit={(e) => void onSubmit(e)} noValidate className="grid gap-4">
        <FormField
          id="emailOrBusinessName"
          label={t('login.emailOrBusinessName')}
          error={msg(errors.emailOrBusinessName?.message)}
        >
          <Input
            id="emailOrBusinessName"
            autoComplete="username"
            placeholder={t('login.emailOrBusinessNamePlaceholder')}
            aria-invalid={Boolean(errors.emailOrBusinessName)}
            aria-describedby={errors.emailOrBusinessName ? 'emailOrBusinessName-error' : undefined}
            {...form.register('emailOrBusinessName')}
          />
        </FormField>
        <div className="grid gap-1.5">
          <div className="flex items-center justify-between gap-2">
            <Label htmlFor="password">{t('login.password')}</Label>
            <Link
              to="/forgot-password"
              className="text-sm font-medium text-primary hover:underline"
            >
              {t('login.forgot')}
            </Link>
          </div>
          <PasswordInput
            id="password"
            autoComplete="current-password"
            aria-invalid={Boolean(errors.password)}
            aria-describedby={errors.password ? 'password-error' : undefined}
            {...form.register('password')}
          />
          {errors.password ? (
            <p id="password-error" role="alert" className="text-sm text-destructive">
              {msg(errors.password.message)}
            </p>
          ) : null}
        </div>
        <div className="flex items-start gap-2">
          <Controller
            control={form.control}
            name="rememberMe"
            render={({ field }) => (
              <Checkbox
                id="rememberMe"
                checked={Boolean(field.value)}
                onCheckedChange={(v) => field.onChange(v === true)}
                aria-describedby="rememberMe-hint"
                className="mt-0.5"
              />
            )}
          />
          <div className="grid gap-0.5">
            <Label htmlFor="rememberMe">{t('login.rememberMe')}</Label>
            <p id="rememberMe-hint" className="text-xs text-muted-foreground">
              {t('login.rememberHint')}
            </p>
          </div>
        </div>
        <Button type="submit" className="w-full" disabled={login.isPending}>
          {login.isPending ? t('login.submitting') : t('login.submit')}
        </Button>
      </form>
      <div className="mt-6 grid gap-2 border-t pt-4 text-center text-sm">
        <p>
          {t('login.noAccount')}{' '}
          <Link to="/signup" className="font-medium text-primary hover:underline">
            {t('login.signupLink')}
          </Link>
        </p>
        <p>
          {t('login.operatorPrompt')}{' '}
          <Link to="/employee-login" className="font-medium text-primary hover:underline">
            {t('login.operatorLink')}
          </Link>
        </p>
      </div>
    </AuthShell>
  );
}
