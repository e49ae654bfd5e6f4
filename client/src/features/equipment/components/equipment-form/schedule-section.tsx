import { isDateOnly, nextMaintenanceDate, type IntervalUnit } from '@domain/dates';
import type { EquipmentInput } from '@domain/schemas/equipment';
import { CalendarClock } from 'lucide-react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/form-field';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Switch } from '@/components/ui/switch';
import { formatDate } from '@/lib/format';
import { InputField, SelectField } from './fields';
import type { FormValues } from './form-values';

/** Calendar maintenance: the switch, the start date and interval, and the next date it gives. */
export function ScheduleSection() {
  const { t } = useTranslation('equipment');
  const { control } = useFormContext<FormValues, unknown, EquipmentInput>();
  const [scheduled, start, interval, unit] = useWatch({
    control,
    name: [
      'hasScheduledMaintenance',
      'maintenanceStartDate',
      'maintenanceInterval',
      'maintenanceIntervalUnit',
    ],
  });
  const intervalNumber = /^\d+$/.test(interval) ? Number(interval) : null;
  const preview =
    scheduled && isDateOnly(start) && intervalNumber
      ? nextMaintenanceDate({
          hasScheduledMaintenance: true,
          maintenanceStartDate: start,
          maintenanceInterval: intervalNumber,
          maintenanceIntervalUnit: unit as IntervalUnit,
        })
      : null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('form.scheduled')}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex items-start gap-3">
          <Controller
            control={control}
            name="hasScheduledMaintenance"
            render={({ field }) => (
              <Switch
                id="hasScheduledMaintenance"
                checked={field.value}
                onCheckedChange={field.onChange}
                aria-describedby="scheduled-help"
              />
            )}
          />
          <FormField
            id="hasScheduledMaintenance"
            label={t('form.scheduledToggle')}
            className="gap-1"
          >
            <p id="scheduled-help" className="text-xs text-muted-foreground">
              {t('form.scheduledHelp')}
            </p>
          </FormField>
        </div>
        {scheduled && (
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
            <InputField
              name="maintenanceStartDate"
              label={t('form.startDate')}
              type="date"
              min="1900-01-01"
            />
            <InputField
              name="maintenanceInterval"
              label={t('form.interval')}
              type="number"
              inputMode="numeric"
              min="1"
              step="1"
            />
            <SelectField
              name="maintenanceIntervalUnit"
              label={t('form.intervalUnit')}
              options={['days', 'months', 'years']}
              optionLabel={(v) => t(`intervalUnits.${v}`)}
            />
            {preview && (
              <p
                className="flex items-center gap-2 rounded-md bg-blue-50 p-3 text-sm text-blue-950 sm:col-span-3"
                aria-live="polite"
                data-testid="next-date-preview"
              >
                <CalendarClock className="h-4 w-4" aria-hidden />
                {t('form.nextDatePreview', { date: formatDate(preview) })}
              </p>
            )}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
