import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import {
  forgotPasswordSchema,
  resetPasswordFormSchema,
  type ForgotPasswordInput,
  type ForgotPasswordResponse,
  type ResetPasswordFormValues,
} from '@domain/schemas/auth';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { PasswordField } from '@/components/password-field';
import { toast } from '@/components/ui/use-toast';
import { useForgotPassword } from '../api/forgot-password';
import { useResetPassword } from '../api/reset-password';
import { AuthShell } from '../components/auth-shell';
import { FormField } from '@/components/form-field';
import { fieldProps } from '@/components/form-field-props';
import { questionText } from '../lib/question-text';
import { useMessage } from '@/lib/use-message';

type ResetValues = {
  securityAnswer1: string;
  securityAnswer2: string;
  newPassword: string;
  confirmPassword: string;
};
const EMPTY_RESET: ResetValues = {
  securityAnswer1: '',
  securityAnswer2: '',
  newPassword: '',
  confirmPassword: '',
};

/** Two steps: the account, then its two questions and a new password (spec section 2). */
export default function ForgotPasswordPage() {
  const { t, i18n } = useTranslation('auth');
  const msg = useMessage();
  const navigate = useNavigate();
  const forgot = useForgotPassword();
  const reset = useResetPassword();
  const [step, setStep] = useState<{
    account: string;
    questions: ForgotPasswordResponse['questions'];
  } | null>(null);

  const accountForm = useForm<ForgotPasswordInput>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { emailOrBusinessName: '' },
  });
  const resetForm = useForm<ResetPasswordFormValues, unknown, ResetValues>({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: EMPTY_RESET,
  });

  const onFind = accountForm.handleSubmit(async ({ emailOrBusinessName }) => {
    try {
      const res = await forgot.mutateAsync({ emailOrBusinessName });
      resetForm.reset(EMPTY_RESET);
      setStep({ account: emailOrBusinessName, questions: res.questions });
    } catch (err) {
      toast({
        title: t('forgot.errorTitle'),
        description: msg(err),
        variant: 'destructive',
      });
    }
  });

  const onReset = resetForm.handleSubmit(async (values) => {
    if (!step) return;
    try {
      await reset.mutateAsync({
        emailOrBusinessName: step.account,
        securityAnswer1: values.securityAnswer1,
        securityAnswer2: values.securityAnswer2,
        newPassword: values.newPassword,
      });
      toast({ title: t('forgot.successTitle'), description: t('forgot.successBody') });
      void navigate('/login', { replace: true });
    } catch (err) {
      toast({
        title: t('forgot.resetFailedTitle'),
        description: msg(err),
        variant: 'destructive',
      });
    }
  });

  const back = () => {
    resetForm.reset(EMPTY_RESET);
    setStep(null);
  };

  const aErr = accountForm.formState.errors;
  const rErr = resetForm.formState.errors;
  const rField = (name: keyof ResetValues) => fieldProps(resetForm, name);

  return (
    <AuthShell
      title={t('forgot.title')}
      description={step ? t('forgot.step2Body') : t('forgot.step1Body')}
    >
      {!step ? (
        <form onSubmit={(e) => void onFind(e)} noValidate className="grid gap-4">
          <FormField
            id="emailOrBusinessName"
            label={t('forgot.emailOrBusinessName')}
            error={msg(aErr.emailOrBusinessName?.message)}
          >
            <Input
              id="emailOrBusinessName"
              autoComplete="username"
              {...fieldProps(accountForm, 'emailOrBusinessName')}
            />
          </FormField>
          <Button type="submit" className="w-full" disabled={forgot.isPending}>
            {forgot.isPending ? t('forgot.checking') : t('forgot.continue')}
          </Button>
          <p className="text-center text-sm">
            <Link to="/login" className="font-medium text-primary hover:underline">
              {t('forgot.backToLogin')}
            </Link>
          </p>
        </form>
      ) : (
        <form onSubmit={(e) => void onReset(e)} noValidate className="grid gap-4">
          <p className="rounded-md bg-muted px-3 py-2 text-sm">{step.account}</p>
          <FormField
            id="securityAnswer1"
            label={questionText(step.questions.question1, i18n.resolvedLanguage)}
            error={msg(rErr.securityAnswer1?.message)}
          >
            <Input
              id="securityAnswer1"
              autoComplete="off"
              placeholder={t('forgot.answer1')}
              {...rField('securityAnswer1')}
            />
          </FormField>
          <FormField
            id="securityAnswer2"
            label={questionText(step.questions.question2, i18n.resolvedLanguage)}
            error={msg(rErr.securityAnswer2?.message)}
            hint={t('forgot.answerHint')}
          >
            <Input
              id="securityAnswer2"
              autoComplete="off"
              placeholder={t('forgot.answer2')}
              {...rField('securityAnswer2')}
            />
          </FormField>
          <PasswordField form={resetForm} name="newPassword" label={t('forgot.newPassword')} />
          <PasswordField
            form={resetForm}
            name="confirmPassword"
            label={t('forgot.confirmPassword')}
          />
          <div className="flex flex-col-reverse gap-2 sm:flex-row">
            <Button type="button" variant="outline" onClick={back} className="sm:flex-1">
              <ArrowLeft aria-hidden />
              {t('forgot.back')}
            </Button>
            <Button type="submit" disabled={reset.isPending} className="sm:flex-1">
              {reset.isPending ? t('forgot.submitting') : t('forgot.submit')}
            </Button>
          </div>
        </form>
      )}
    </AuthShell>
  );
}
