import type { EquipmentDto } from '@domain/schemas/equipment';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialogFooter } from '@/components/form-dialog-footer';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { useUpdateUsage } from './equipment-queries';
import { formatUsage } from './format';
import { translateError } from '@/lib/translate-message';

type Props = {
  equipment: Pick<EquipmentDto, 'id' | 'name' | 'unit' | 'currentUsage'> | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/** Update Equipment Usage: adds an increase (> 0) to the current usage, with a preview of the new total. */
export function UpdateUsageDialog({ equipment, open, onOpenChange }: Props) {
  const { t } = useTranslation('equipment');
  const [value, setValue] = useState('');
  const mutation = useUpdateUsage();
  const increase = Number(value);
  const valid = value.trim() !== '' && Number.isFinite(increase) && increase > 0;

  const close = (next: boolean) => {
    if (!next) setValue('');
    onOpenChange(next);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!equipment) return;
    if (!valid) {
      toast({
        title: t('usage.invalidTitle'),
        description: t('usage.invalidBody'),
        variant: 'destructive',
      });
      return;
    }
    mutation.mutate(
      { id: equipment.id, usageIncrease: increase },
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
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent>
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>{t('usage.title')}</DialogTitle>
            <DialogDescription>
              {equipment ? t('usage.description', { name: equipment.name }) : ''}
            </DialogDescription>
          </DialogHeader>
          {equipment && (
            <>
              <p className="text-sm">
                {t('usage.current')}:{' '}
                <strong>{formatUsage(t, equipment.currentUsage, equipment.unit)}</strong>
              </p>
              <div className="grid gap-2">
                <Label htmlFor="usage-increase">{t('usage.increaseLabel')}</Label>
                <Input
                  id="usage-increase"
                  type="number"
                  inputMode="decimal"
                  step="0.1"
                  min="0"
                  required
                  value={value}
                  onChange={(e) => setValue(e.target.value)}
                  autoFocus
                />
              </div>
              <p className="rounded-md bg-muted p-3 text-sm" aria-live="polite">
                {t('usage.newTotal')}:{' '}
                <strong>
                  {formatUsage(t, equipment.currentUsage + (valid ? increase : 0), equipment.unit)}
                </strong>
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
        </form>
      </DialogContent>
    </Dialog>
  );
}
