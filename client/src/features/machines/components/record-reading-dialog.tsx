import type { EquipmentDto } from '@domain/schemas/equipment';
import {
  managerReadingFormSchema,
  type ManagerReadingForm,
  type ManagerReadingInput,
} from '@domain/schemas/manager-reading';
import { wallTimeIn } from '@domain/zoned-time';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { invalidProps } from '@/components/form-field-props';
import { formatUsage } from '@/components/equipment/format';
import { UsageAmountInput } from '@/components/equipment/usage-amount-input';
import { FormDialog } from '@/components/form-dialog';
import { FormDialogFooter } from '@/components/form-dialog-footer';
import { FormField } from '@/components/form-field';
import { Input } from '@/components/ui/input';
import { FieldError } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { browserTimeZone, useCurrentUser } from '@/lib/auth';
import { formatDateTime } from '@/lib/format';
import { useMessage } from '@/lib/use-message';
import { useRecordReading } from '../api/machine-actions';
import { toastFailure } from '@/components/toast-failure';

type Props = {
  equipment: Pick<EquipmentDto, 'id' | 'name' | 'unit' | 'currentUsage' | 'lastReadingAt'>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/**
 * The machine page's "Record a reading" (issue 43): the meter's total and the date and time it was
 * read (now by default), in the company's time zone, as an operator sends it. The server applies it
 * with the operators' rules (below the current usage refused; a reading the machine cannot do or an
 * unusual one applied and flagged). Loaded when first opened.
 */
export default function RecordReadingDialog({ equipment: e, open, onOpenChange }: Props) {
  const { t } = useTranslation('machines');
  const { t: te } = useTranslation('equipment');
  const msg = useMessage();
  const { user } = useCurrentUser();
  const zone = user?.timeZone ?? browserTimeZone();
  const schema = useMemo(() => managerReadingFormSchema(zone), [zone]);
  const nowWall = useMemo(() => wallTimeIn(zone, new Date()), [zone]);
  const mutation = useRecordReading(e.id);
  const form = useForm<ManagerReadingForm, unknown, ManagerReadingInput>({
    resolver: zodResolver(schema),
    defaultValues: { newUsage: '', date: nowWall.date, time: nowWall.time },
  });
  const errors = form.formState.errors;
  const usageError = msg(errors.newUsage?.message);
  const timeError = msg(errors.date?.message ?? errors.time?.message);

  const submit = form.handleSubmit((input) =>
    mutation.mutate(input, {
      onSuccess: (r) => {
        toast({
          title: t('reading.saved'),
          description: r.unusual
            ? t('reading.savedUnusual', {
                name: e.name,
                total: formatUsage(te, r.currentUsage, e.unit),
              })
            : t('reading.savedBody', {
                name: e.name,
                total: formatUsage(te, r.currentUsage, e.unit),
              }),
        });
        onOpenChange(false);
      },
      onError: (err) => toastFailure(te, te('toast.updateFailed'), err),
    }),
  );

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      onSubmit={submit}
      title={t('reading.title')}
      description={t('reading.description', { name: e.name })}
    >
      <p className="text-sm">
        {te('usage.current')}: <strong>{formatUsage(te, e.currentUsage, e.unit)}</strong>
        <span className="block text-xs text-muted-foreground">
          {t('figures.lastReading', { date: formatDateTime(e.lastReadingAt) })}
        </span>
      </p>
      <FormField id="reading-total" label={t('reading.total')} error={usageError} className="gap-2">
        <UsageAmountInput id="reading-total" error={usageError} {...form.register('newUsage')} />
      </FormField>
      <div className="grid grid-cols-2 gap-3">
        <FormField id="reading-date" label={t('reading.date')} className="min-w-0 gap-2">
          <Input
            id="reading-date"
            type="date"
            required
            max={nowWall.date}
            {...invalidProps(timeError, 'reading-time')}
            {...form.register('date')}
          />
        </FormField>
        <FormField id="reading-time" label={t('reading.time')} className="min-w-0 gap-2">
          <Input
            id="reading-time"
            type="time"
            required
            {...invalidProps(timeError, 'reading-time')}
            {...form.register('time')}
          />
        </FormField>
      </div>
      <FieldError id="reading-time-error" message={timeError} />
      <FormDialogFooter
        cancelLabel={te('actions.cancel')}
        onCancel={() => onOpenChange(false)}
        submitLabel={t('reading.submit')}
        pending={mutation.isPending}
        pendingLabel={te('actions.saving')}
      />
    </FormDialog>
  );
}
