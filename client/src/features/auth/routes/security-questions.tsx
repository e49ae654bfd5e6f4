import { zodResolver } from '@hookform/resolvers/zod';
import { ShieldCheck } from 'lucide-react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  setupSecurityQuestionsFormSchema,
  setupSecurityQuestionsSchema,
  type SetupSecurityQuestionsFormValues,
} from '@domain/schemas/auth';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { OptionSelect } from '@/components/ui/select';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api';
import { useCurrentUser } from '@/lib/auth';
import { useSecurityQuestions } from '../api/get-security-questions';
import { useSetupSecurityQuestions } from '../api/setup-security-questions';
import { FormField } from '@/components/form-field';
import { questionText } from '../lib/question-text';
import { useMessage } from '@/lib/use-message';

const EMPTY: SetupSecurityQuestionsFormValues = {
  securityQuestion1: '',
  securityAnswer1: '',
  securityQuestion2: '',
  securityAnswer2: '',
};

/** Two questions from the server, two answers; Save, or Skip for Now to the dashboard (spec section 2). */
export default function SecurityQuestionsPage() {
  const { t, i18n } = useTranslation('auth');
  const msg = useMessage();
  const navigate = useNavigate();
  const { user } = useCurrentUser();
  const list = useSecurityQuestions();
  const save = useSetupSecurityQuestions();
  const form = useForm<SetupSecurityQuestionsFormValues>({
    resolver: zodResolver(setupSecurityQuestionsFormSchema),
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;
  const formError = (errors as { form?: { message?: string } }).form?.message;
  const questions = list.data?.questions ?? [];
  const questionById = new Map(questions.map((q) => [q.id, q]));

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync(setupSecurityQuestionsSchema.parse(values));
      toast({
        title: t('securityQuestions.successTitle'),
        description: t('securityQuestions.successBody'),
      });
      void navigate('/', { replace: true });
    } catch (err) {
      const description = err instanceof ApiError ? msg(err) : t('securityQuestions.failedBody');
      toast({ title: t('securityQuestions.failedTitle'), description, variant: 'destructive' });
    }
  });

  // A question to choose and its answer (only the second question's error is shown: "the same twice").
  const questionAndAnswer = (n: 1 | 2) => {
    const name = `securityQuestion${n}` as const;
    const answer = `securityAnswer${n}` as const;
    return (
      <>
        <FormField
          id={name}
          label={t(`securityQuestions.question${n}`)}
          error={n === 2 ? msg(errors.securityQuestion2?.message) : undefined}
        >
          <Controller
            control={form.control}
            name={name}
            render={({ field }) => (
              <OptionSelect
                value={field.value}
                onValueChange={field.onChange}
                disabled={!list.data}
                id={name}
                aria-invalid={n === 2 && Boolean(errors.securityQuestion2)}
                placeholder={t('securityQuestions.choose')}
                options={questions.map((q) => q.id)}
                optionLabel={(id) => questionText(questionById.get(id)!, i18n.resolvedLanguage)}
              />
            )}
          />
        </FormField>
        <FormField id={answer} label={t(`securityQuestions.answer${n}`)}>
          <Input id={answer} autoComplete="off" {...form.register(answer)} />
        </FormField>
      </>
    );
  };

  return (
    <main className="mx-auto max-w-xl p-4 md:p-6">
      <Card>
        <CardHeader>
          <div className="flex items-center gap-2">
            <ShieldCheck className="h-6 w-6 text-primary" aria-hidden />
            <h1 className="text-xl font-bold tracking-tight sm:text-2xl">
              {t('securityQuestions.title')}
            </h1>
          </div>
          <CardDescription>{t('securityQuestions.subtitle')}</CardDescription>
        </CardHeader>
        <CardContent>
          {list.isError ? (
            <p role="alert" className="mb-4 text-sm text-destructive">
              {t('securityQuestions.loadError')}
            </p>
          ) : null}
          {user?.hasSecurityQuestions ? (
            <p className="mb-4 rounded-md bg-muted px-3 py-2 text-sm">
              {t('securityQuestions.alreadySet')}
            </p>
          ) : null}
          <form onSubmit={(e) => void onSubmit(e)} noValidate className="grid gap-4">
            {questionAndAnswer(1)}
            {questionAndAnswer(2)}
            {formError ? (
              <p role="alert" className="text-sm text-destructive">
                {msg(formError)}
              </p>
            ) : null}
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button
                type="button"
                variant="outline"
                onClick={() => void navigate('/', { replace: true })}
              >
                {t('securityQuestions.skip')}
              </Button>
              <Button type="submit" disabled={save.isPending}>
                {save.isPending ? t('securityQuestions.saving') : t('securityQuestions.save')}
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>
    </main>
  );
}
