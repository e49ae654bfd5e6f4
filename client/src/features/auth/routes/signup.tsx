import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2 } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { signupFormSchema, type SignupFormValues } from '@domain/schemas/auth';
import { TRIAL_EQUIPMENT_LIMIT } from '@domain/plans';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { PasswordField } from '@/components/password-field';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api';
import { useTrialDays } from '../api/get-config';
import { useSignup } from '../api/signup';
import { AuthShell } from '../components/auth-shell';
import { FormField } from '@/components/form-field';
import { fieldProps } from '@/components/form-field-props';
import { useMessage } from '@/lib/use-message';
import { fieldErrorsOf } from '@/lib/translate-message';

type SignupValues = {
  businessName: string;
  email: string;
  password: string;
  confirmPassword: string;
};

function Benefits() {
  const { t } = useTranslation('auth');
  const trialDays = useTrialDays();
  const items = [
    t('signup.benefits.trial', { count: trialDays }),
    t('signup.benefits.equipment', { count: TRIAL_EQUIPMENT_LIMIT }),
    t('signup.benefits.operators'),
    t('signup.benefits.alerts'),
    t('signup.benefits.languages'),
  ];
  return (
    <Card className="h-fit border-primary/30 bg-primary/5">
      <CardHeader>
        <CardTitle>{t('signup.benefitsTitle')}</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-3 text-sm">
          {items.map((item) => (
            <li key={item} className="flex items-start gap-2">
              <CheckCircle2 className="mt-0.5 h-4 w-4 shrink-0 text-primary" aria-hidden />
              <span>{item}</span>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

/** Business signup (spec section 2): success goes to the security questions. */
export default function SignupPage() {
  const { t } = useTranslation('auth');
  const msg = useMessage();
  const navigate = useNavigate();
  const signup = useSignup();
  const form = useForm<SignupFormValues, unknown, SignupValues>({
    resolver: zodResolver(signupFormSchema),
    defaultValues: { businessName: '', email: '', password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async ({ confirmPassword: _confirm, ...values }) => {
    try {
      await signup.mutateAsync(values);
      toast({ title: t('signup.successTitle'), description: t('signup.successBody') });
      void navigate('/security-questions', { replace: true });
    } catch (err) {
      for (const [field, message] of fieldErrorsOf(err, t))
        if (field === 'businessName' || field === 'email' || field === 'password')
          form.setError(field, { message });
      const description = err instanceof ApiError ? msg(err) : t('signup.failedBody');
      toast({ title: t('signup.failedTitle'), description, variant: 'destructive' });
    }
  });

  const field = (name: keyof SignupValues) => fieldProps(form, name);

  return (
    <AuthShell
      title={t('signup.title')}
      description={t('signup.subtitle')}
      wide
      aside={<Benefits />}
    >
      <form onSubmit={(e) => void onSubmit(e)} noValidate className="grid gap-4">
        <FormField
          id="businessName"
          label={t('signup.businessName')}
          error={msg(errors.businessName?.message)}
        >
          <Input
            id="businessName"
            autoComplete="organization"
            placeholder={t('signup.businessNamePlaceholder')}
            {...field('businessName')}
          />
        </FormField>
        <FormField id="email" label={t('signup.email')} error={msg(errors.email?.message)}>
          <Input
            id="email"
            type="email"
            autoComplete="email"
            placeholder={t('signup.emailPlaceholder')}
            {...field('email')}
          />
        </FormField>
        <PasswordField
          form={form}
          name="password"
          label={t('signup.password')}
          hint={t('signup.passwordHint')}
        />
        <PasswordField form={form} name="confirmPassword" label={t('signup.confirmPassword')} />
        <Button type="submit" className="w-full" disabled={signup.isPending}>
          {signup.isPending ? t('signup.submitting') : t('signup.submit')}
        </Button>
      </form>
      <p className="mt-6 border-t pt-4 text-center text-sm">
        {t('signup.haveAccount')}{' '}
        <Link to="/login" className="font-medium text-primary hover:underline">
          {t('signup.signInLink')}
        </Link>
      </p>
    </AuthShell>
  );
}
