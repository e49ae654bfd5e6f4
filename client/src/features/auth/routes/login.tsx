import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { HintedCheckbox } from '@/components/hinted-checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { PasswordInput } from '@/components/ui/password-input';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api';
import { useLogin } from '../api/login';
import { AuthShell } from '../components/auth-shell';
import { checkLogin, type LoginErrors, type LoginValues } from '../lib/login-check';
import { FormField } from '@/components/form-field';
import { safeNext } from '@/lib/safe-next';
import { useMessage } from '@/lib/use-message';

/**
 * Owner/manager sign-in by email or business name (spec section 2). A plain form (no react-hook-form,
 * no zod: the first screen of every owner, page speed ADR 0007); checked on submit, then as typed.
 * `?next=` (a path on this site only, lib/safe-next.ts) is where it continues after signing in.
 */
export default function LoginPage() {
  const { t } = useTranslation('auth');
  const msg = useMessage();
  const navigate = useNavigate();
  const login = useLogin();
  // Where a sticker's link (/m/<id>) sent them from: back to it after sign-in (this site only).
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));
  const [fields, setFields] = useState<LoginValues>({
    emailOrBusinessName: '',
    password: '',
    rememberMe: false,
  });
  const [errors, setErrors] = useState<LoginErrors>({});
  const submitted = useRef(false);
  const set = (patch: Partial<LoginValues>) => {
    const next = { ...fields, ...patch };
    setFields(next);
    if (submitted.current) setErrors(checkLogin(next).errors);
  };

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    submitted.current = true;
    const { errors: found, values } = checkLogin(fields);
    setErrors(found);
    const first = (['emailOrBusinessName', 'password'] as const).find((k) => found[k]);
    if (first) {
      document.getElementById(first)?.focus();
      return;
    }
    try {
      await login.mutateAsync(values);
      toast({ title: t('login.welcomeTitle'), description: t('login.welcomeBody') });
      void navigate(next ?? '/', { replace: true });
    } catch (err) {
      const description = err instanceof ApiError ? msg(err) : t('login.failedBody');
      toast({ title: t('login.failedTitle'), description, variant: 'destructive' });
    }
  };

  return (
    <AuthShell title={t('login.title')} description={t('login.subtitle')}>
      <form onSubmit={(e) => void onSubmit(e)} noValidate className="grid gap-4">
        <FormField
          id="emailOrBusinessName"
          label={t('login.emailOrBusinessName')}
          error={msg(errors.emailOrBusinessName)}
        >
          <Input
            id="emailOrBusinessName"
            autoComplete="username"
            placeholder={t('login.emailOrBusinessNamePlaceholder')}
            aria-invalid={Boolean(errors.emailOrBusinessName)}
            aria-describedby={errors.emailOrBusinessName ? 'emailOrBusinessName-error' : undefined}
            name="emailOrBusinessName"
            value={fields.emailOrBusinessName}
            onChange={(e) => set({ emailOrBusinessName: e.target.value })}
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
            name="password"
            value={fields.password}
            onChange={(e) => set({ password: e.target.value })}
          />
          {errors.password ? (
            <p id="password-error" role="alert" className="text-sm text-destructive">
              {msg(errors.password)}
            </p>
          ) : null}
        </div>
        <HintedCheckbox
          id="rememberMe"
          label={t('login.rememberMe')}
          hint={t('login.rememberHint')}
          checked={fields.rememberMe}
          onCheckedChange={(rememberMe) => set({ rememberMe })}
        />
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
