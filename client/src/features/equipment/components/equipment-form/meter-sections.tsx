import type { EquipmentInput } from '@domain/schemas/equipment';
import { alertThresholdOptions, lifespanWarningPercent } from '@domain/status';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { InputField, SelectField } from './fields';
import type { FormValues } from './form-values';

/**
 * Usage (current reading, lifespan, alert) and usage-based service (interval, last service), in the
 * machine's unit. A tool with no meter (unit N/A) is not asked its usage, lifespan or usage interval.
 */
export function MeterSections() {
  const { t } = useTranslation('equipment');
  const { control } = useFormContext<FormValues, unknown, EquipmentInput>();
  const usageUnit = useWatch({ control, name: 'unit' });
  if (usageUnit === 'n/a') return null;
  const unitSuffix = usageUnit ? ` (${t(`units.${usageUnit}`)})` : '';
  return (
    <>
      <Card>
        <CardHeader>
          <CardTitle>{t('form.usageSection')}</CardTitle>
        </CardHeader>
        <CardContent className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <InputField
            name="currentUsage"
            label={`${t('form.currentUsage')}${unitSuffix}`}
            type="number"
            inputMode="decimal"
            min="0"
            step="0.1"
          />
          <InputField
            name="threshold"
            label={`${t('form.lifespan')}${unitSuffix}`}
            hint={t('form.lifespanHelp')}
            type="number"
            inputMode="decimal"
            min="1"
            step="0.1"
          />
          <SelectField
            name="alertThreshold"
            label={t('form.alertThreshold')}
            options={alertThresholdOptions}
            optionLabel={(v) =>
              t('form.alertOption', { percent: lifespanWarningPercent(Number(v)) })
            }
          />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>{t('form.serviceSection')}</CardTitle>
        </CardHeader>
        <CardContent className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <InputField
            name="serviceInterval"
            label={`${t('form.serviceInterval')}${unitSuffix}`}
            hint={t('form.serviceIntervalHelp')}
            type="number"
            inputMode="numeric"
            min="0"
            step="1"
          />
          <InputField
            name="lastServiceUsage"
            label={`${t('form.lastService')}${unitSuffix}`}
            hint={t('form.lastServiceHelp')}
            type="number"
            inputMode="decimal"
            min="0"
            step="0.1"
          />
        </CardContent>
      </Card>
    </>
  );
}
