import {
  companySettingsFormSchema,
  type CompanySettingsFormValues,
  type CompanySettingsInput,
} from '@domain/schemas/operators';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo } from 'react';
import { Controller, useForm, type FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';
import { FormDialog } from '@/components/form-dialog';
import { invalidProps } from '@/components/form-field-props';
import { FormField } from '@/components/form-field';
import { TimeZoneField } from '@/components/time-zone-field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { toast } from '@/components/ui/use-toast';
import { useMessage } from '@/lib/use-message';
import { useUpdateCompanySettings } from '../api/company-settings';
import { toastFailure } from '@/components/toast-failure';

/**
 * Company name, shared operator password and time zone, checked by the API's schema through
 * `companySettingsFormSchema(timeZone)` (domain/schemas/operators.ts). Empty text fields keep their
 * value ('No Changes' when nothing changed). The time zone is a searchable list of cities and zones
 * (TimeZoneField); a city typed is resolved on save, a place that names no zone is said under the
 * field naming what was typed. A refused save keeps everything typed: the dialog closes only on success.
 */
export function CompanySettingsDialog({
  open,
  onOpenChange,
  companyName,
  timeZone,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  companyName: string;
  timeZone: string;
}) {
  const { t } = useTranslation('operators');
  const { t: tc } = useTranslation('common');
  const msg = useMessage();
  const update = useUpdateCompanySettings();
  const schema = useMemo(() => companySettingsFormSchema(timeZone), [timeZone]);
  const form = useForm<CompanySettingsFormValues, unknown, CompanySettingsInput>({
    resolver: zodResolver(schema),
    defaultValues: { companyName: '', masterPassword: '', timeZone },
  });
  const { errors } = form.formState;
  const { setValue } = form;
  // Opened before the settings loaded: show the company's zone once it is known.
  useEffect(() => {
    if (open) setValue('timeZone', timeZone);
  }, [open, timeZone, setValue]);

  const close = (o: boolean) => {
    if (!o) form.reset({ companyName: '', masterPassword: '', timeZone });
    onOpenChange(o);
  };

  // The spec's "No Changes" notice when every field keeps its value; other rules are under their field.
  const onInvalid = (e: FieldErrors<CompanySettingsFormValues>) => {
    if (e.root && !e.companyName && !e.masterPassword && !e.timeZone)
      toast({
        title: t('toast.noChangesTitle'),
        description: t('toast.noChangesBody'),
        variant: 'destructive',
      });
  };

  const onValid = (body: CompanySettingsInput) => {
    // "Chicago" is shown as the zone it resolved to (America/Chicago).
    if (body.timeZone) setValue('timeZone', body.timeZone);
    update.mutate(body, {
      onSuccess: () => {
        toast({ title: t('toast.settingsUpdated'), description: t('toast.settingsUpdatedBody') });
        close(false);
      },
      onError: (err) => toastFailure(t, t('toast.settingsFailed'), err),
    });
  };

  const described = (key: keyof CompanySettingsFormValues, id: string, hint?: boolean) =>
    invalidProps(errors[key], id, hint);
  // The zone's message names what was typed (common:timeZone.notFound).
  const zoneError = errors.timeZone
    ? tc('timeZone.notFound', { value: form.getValues('timeZone').trim() })
    : undefined;

  return (
    <FormDialog
      open={open}
      onOpenChange={close}
      title={t('settingsDialog.title')}
      description={t('settingsDialog.description')}
      onSubmit={form.handleSubmit(onValid, onInvalid)}
    >
      <FormField
        id="settingsCompanyName"
        label={t('settingsDialog.companyName')}
        error={msg(errors.companyName?.message)}
        className="gap-2"
      >
        <Input
          id="settingsCompanyName"
          placeholder={companyName}
          maxLength={120}
          {...form.register('companyName')}
          {...described('companyName', 'settingsCompanyName')}
        />
      </FormField>
      <FormField
        id="settingsPassword"
        label={t('settingsDialog.password')}
        error={msg(errors.masterPassword?.message)}
        hint={t('settingsDialog.passwordHint')}
        className="gap-2"
      >
        <PasswordInput
          id="settingsPassword"
          autoComplete="new-password"
          {...form.register('masterPassword')}
          {...described('masterPassword', 'settingsPassword', true)}
        />
      </FormField>
      <FormField
        id="settingsTimeZone"
        label={t('settingsDialog.timeZone')}
        error={zoneError}
        hint={t('settingsDialog.timeZoneHint')}
        className="gap-2"
      >
        <Controller
          control={form.control}
          name="timeZone"
          render={({ field }) => (
            <TimeZoneField
              id="settingsTimeZone"
              value={field.value}
              // Typing clears the message until the next save (it names what was typed then).
              onChange={(z) => {
                setValue('timeZone', z);
                form.clearErrors('timeZone');
              }}
              invalid={Boolean(zoneError)}
              describedBy={zoneError ? 'settingsTimeZone-error' : 'settingsTimeZone-hint'}
            />
          )}
        />
      </FormField>
      <DialogFooter>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? t('settingsDialog.saving') : t('settingsDialog.save')}
        </Button>
      </DialogFooter>
    </FormDialog>
  );
}
