import {
  usageIncreaseSchema,
  type EquipmentDto,
  type UsageIncreaseInput,
} from '@domain/schemas/equipment';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/components/form-dialog';
import { FormDialogFooter } from '@/components/form-dialog-footer';
import { FormField } from '@/components/form-field';
import { toast } from '@/components/ui/use-toast';
import { useUpdateUsage } from './equipment-queries';
import { formatUsage } from './format';
import { UsageAmountInput } from './usage-amount-input';
import { translateError } from '@/lib/translate-message';
import { useMessage } from '@/lib/use-message';

type Props = {
  equipment: Pick<EquipmentDto, 'id' | 'name' | 'unit' | 'currentUsage'> | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/** Update Equipment Usage: adds an increase (> 0) to the current usage, with a preview of the new total. */
export function UpdateUsageDialog({ equipment, open, onOpenChange }: Props) {
  const { t } = useTranslation('equipment');
  const msg = useMessage();
  const mutation = useUpdateUsage();
  // The API's schema: an increase above 0 (a form string in, a number out).
  const form = useForm<{ usageIncrease: unknown }, unknown, UsageIncreaseInput>({
    resolver: zodResolver(usageIncreaseSchema),
    defaultValues: { usageIncrease: '' },
  });
  const typed = useWatch({ control: form.control, name: 'usageIncrease' });
  const preview = usageIncreaseSchema.safeParse({ usageIncrease: typed });
  const increase = preview.success ? preview.data.usageIncrease : 0;
  const error = msg(form.formState.errors.usageIncrease?.message);

  const close = (next: boolean) => {
    if (!next) form.reset();
    onOpenChange(next);
  };

  const submit = form.handleSubmit(
    ({ usageIncrease }) => {
      if (!equipment) return;
      mutation.mutate(
        { id: equipment.id, usageIncrease },
        {
          onSuccess: (updated) => {
            toast({
              title: t('toast.usageUpdated'),
              description: t('toast.usageUpdatedBody', {
                name: updated.name,
                total: formatUsage(t, updated.currentUsage, updated.unit),
              }),
            });
            close(false);
          },
          onError: (err) =>
            toast({
              title: t('toast.updateFailed'),
              description: t('toast.updateFailedBody', { message: translateError(t, err) }),
              variant: 'destructive',
            }),
        },
      );
    },
    // The spec's "Invalid Usage" notice, and the rule under the field.
    () =>
      toast({
        title: t('usage.invalidTitle'),
        description: t('usage.invalidBody'),
        variant: 'destructive',
      }),
  );

  return (
    <FormDialog
      open={open}
      onOpenChange={close}
      onSubmit={submit}
      title={t('usage.title')}
      description={equipment ? t('usage.description', { name: equipment.name }) : ''}
    >
      {equipment && (
        <>
          <p className="text-sm">
            {t('usage.current')}:{' '}
            <strong>{formatUsage(t, equipment.currentUsage, equipment.unit)}</strong>
          </p>
          <FormField
            id="usage-increase"
            label={t('usage.increaseLabel')}
            error={error}
            className="gap-2"
          >
            <UsageAmountInput
              id="usage-increase"
              error={error}
              {...form.register('usageIncrease')}
            />
          </FormField>
          <p className="rounded-md bg-muted p-3 text-sm" aria-live="polite">
            {t('usage.newTotal')}:{' '}
            <strong>{formatUsage(t, equipment.currentUsage + increase, equipment.unit)}</strong>
          </p>
        </>
      )}
      <FormDialogFooter
        cancelLabel={t('actions.cancel')}
        onCancel={() => close(false)}
        submitLabel={t('usage.submit')}
        pending={mutation.isPending}
        pendingLabel={t('actions.saving')}
      />
    </FormDialog>
  );
}
