import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { companySettingsSchema, type CompanySettingsInput } from '@domain/schemas/profile';
import { FormField } from '@/components/form-field';
import { Card, CardContent } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { formatDate, formatNumber } from '@/lib/format';
import { useCompanySettings } from '../api/get-company-settings';
import { useUpdateCompanySettings } from '../api/update-company-settings';
import { useMessage } from '@/lib/use-message';
import { DetailRow } from './detail-row';
import { EditableCardHeader } from './editable-card-header';
import { EditFormActions } from './edit-form-actions';
import { useCardSave } from './use-card-save';

/** Company details for owners and managers: the company name is editable (PATCH /api/company/settings). */
export function CompanyDetailsCard() {
  const { t } = useTranslation('profile');
  const msg = useMessage();
  const save = useCardSave();
  const [editing, setEditing] = useState(false);
  const company = useCompanySettings(true);
  const update = useUpdateCompanySettings();
  const form = useForm<CompanySettingsInput>({
    resolver: zodResolver(companySettingsSchema),
    defaultValues: { companyName: '' },
  });
  const error = form.formState.errors.companyName?.message;
  const c = company.data;

  const onSubmit = form.handleSubmit((values) =>
    save(
      () => update.mutateAsync(values),
      { title: t('company.successTitle'), description: t('company.successBody') },
      () => setEditing(false),
    ),
  );

  return (
    <Card>
      <EditableCardHeader
        title={t('company.title')}
        onEdit={
          !editing && c
            ? () => {
                form.reset({ companyName: c.companyName });
                setEditing(true);
              }
            : undefined
        }
      />
      <CardContent>
        {company.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {t('company.loadError')}
          </p>
        ) : null}
        {c && !editing ? (
          <dl className="grid gap-3">
            <DetailRow label={t('company.companyName')} value={c.companyName} />
            <DetailRow
              label={t('company.plan')}
              value={t(`company.tiers.${c.subscriptionTier}`, { defaultValue: c.subscriptionTier })}
            />
            <DetailRow
              label={t('company.status')}
              value={t(`company.statuses.${c.subscriptionStatus}`, {
                defaultValue: c.subscriptionStatus,
              })}
            />
            {c.subscriptionStatus === 'trial' && c.trialEndDate ? (
              <DetailRow label={t('company.trialEnds')} value={formatDate(c.trialEndDate)} />
            ) : null}
            <DetailRow
              label={t('company.equipmentLimit')}
              value={
                c.equipmentLimit < 0 ? t('company.unlimited') : formatNumber(c.equipmentLimit, 0)
              }
            />
          </dl>
        ) : null}
        {c && editing ? (
          <form onSubmit={(e) => void onSubmit(e)} noValidate className="grid gap-4">
            <FormField
              id="companyName"
              label={t('company.companyName')}
              error={msg(error)}
              hint={t('company.companyNameHint')}
            >
              <Input
                id="companyName"
                autoComplete="organization"
                aria-invalid={Boolean(error)}
                aria-describedby={error ? 'companyName-error' : 'companyName-hint'}
                {...form.register('companyName')}
              />
            </FormField>
            <EditFormActions onCancel={() => setEditing(false)} saving={update.isPending} />
          </form>
        ) : null}
      </CardContent>
    </Card>
  );
}
