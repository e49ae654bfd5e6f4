import { zodResolver } from '@hookform/resolvers/zod';
import { Mail } from 'lucide-react';
import { useEffect } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import {
  digestFrequencies,
  updateDigestPreferencesSchema,
  type UpdateDigestPreferences,
} from '@domain/schemas/digest';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { IconCardTitle } from '@/components/icon-card-title';
import { HintedCheckbox } from '@/components/hinted-checkbox';
import { NativeSelect } from '@/components/ui/native-select';
import { formatWeekday } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { useMessage } from '@/lib/use-message';
import { useDigestPreferences, useUpdateDigest } from '../api/digest';
import { useCardSave } from './use-card-save';

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 0] as const;
type DigestForm = z.input<typeof updateDigestPreferencesSchema>;

/**
 * The maintenance digest email (owners and managers): daily, weekly on a chosen day, or off, and the
 * language it is written in, and the monthly fleet summary on the 1st (GET/PUT /api/user/digest).
 */
export function DigestCard() {
  const { t } = useTranslation('profile');
  const msg = useMessage();
  const save = useCardSave();
  const prefs = useDigestPreferences();
  const update = useUpdateDigest();
  const form = useForm<DigestForm, unknown, UpdateDigestPreferences>({
    resolver: zodResolver(updateDigestPreferencesSchema),
    defaultValues: {
      frequency: 'off',
      weekday: 1,
      language: currentLanguage(),
      monthlySummary: false,
    },
  });
  const p = prefs.data;
  useEffect(() => {
    if (p)
      form.reset({
        frequency: p.frequency,
        weekday: p.weekday,
        language: p.language ?? currentLanguage(),
        monthlySummary: p.monthlySummary,
      });
  }, [p, form]);
  const frequency = useWatch({ control: form.control, name: 'frequency' });
  const errors = form.formState.errors;

  const onSubmit = form.handleSubmit((values) =>
    save(() => update.mutateAsync(values), {
      title: t('digest.savedTitle'),
      description: t(`digest.saved.${values.frequency}`),
    }),
  );

  return (
    <Card>
      <CardHeader>
        <IconCardTitle icon={Mail}>{t('digest.title')}</IconCardTitle>
        <CardDescription>{t('digest.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {prefs.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {t('digest.loadError')}
          </p>
        ) : null}
        {p ? (
          <form onSubmit={(e) => void onSubmit(e)} noValidate className="grid gap-4">
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
              <FormField
                id="digest-frequency"
                label={t('digest.frequency')}
                error={msg(errors.frequency?.message)}
              >
                <NativeSelect id="digest-frequency" {...form.register('frequency')}>
                  {digestFrequencies.map((f) => (
                    <option key={f} value={f}>
                      {t(`digest.frequencies.${f}`)}
                    </option>
                  ))}
                </NativeSelect>
              </FormField>
              {frequency === 'weekly' ? (
                <FormField
                  id="digest-weekday"
                  label={t('digest.weekday')}
                  error={msg(errors.weekday?.message)}
                >
                  <NativeSelect
                    id="digest-weekday"
                    {...form.register('weekday', { valueAsNumber: true })}
                  >
                    {WEEKDAYS.map((d) => (
                      <option key={d} value={d}>
                        {formatWeekday(d)}
                      </option>
                    ))}
                  </NativeSelect>
                </FormField>
              ) : null}
              <FormField
                id="digest-language"
                label={t('digest.language')}
                error={msg(errors.language?.message)}
              >
                <NativeSelect id="digest-language" {...form.register('language')}>
                  <option value="en">{t('digest.languages.en')}</option>
                  <option value="es">{t('digest.languages.es')}</option>
                </NativeSelect>
              </FormField>
            </div>
            <Controller
              control={form.control}
              name="monthlySummary"
              render={({ field }) => (
                <HintedCheckbox
                  id="digest-monthly"
                  large
                  label={t('digest.monthly')}
                  hint={t('digest.monthlyHint')}
                  checked={field.value === true}
                  onCheckedChange={field.onChange}
                />
              )}
            />
            <p className="text-sm text-muted-foreground">
              {frequency === 'off'
                ? t('digest.offHint')
                : t('digest.hint', {
                    email: p.email,
                    hour: `${String(p.hour).padStart(2, '0')}:00`,
                  })}
            </p>
            <div>
              <Button type="submit" disabled={update.isPending} className="min-h-11">
                {update.isPending ? t('saving') : t('digest.save')}
              </Button>
            </div>
          </form>
        ) : null}
      </CardContent>
    </Card>
  );
}
