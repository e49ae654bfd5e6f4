import type { EquipmentDto } from '@domain/schemas/equipment';
import { AlertTriangle, Archive } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { useDeleteEquipment, useRetireEquipment } from './equipment-queries';

type Props = {
  equipment: Pick<EquipmentDto, 'id' | 'name'> | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDone?: () => void;
  /** A retired machine: only Delete Forever (no way back to Retire). */
  deleteOnly?: boolean;
};

/** Remove Equipment: retire (recommended, with optional notes) or, in a second step, delete forever. */
export function RemoveEquipmentDialog({
  equipment,
  open,
  onOpenChange,
  onDone,
  deleteOnly = false,
}: Props) {
  const { t } = useTranslation('equipment');
  const [step, setStep] = useState<'retire' | 'delete'>(deleteOnly ? 'delete' : 'retire');
  const [notes, setNotes] = useState('');
  const retire = useRetireEquipment();
  const del = useDeleteEquipment();

  const close = (next: boolean) => {
    if (!next) {
      setStep(deleteOnly ? 'delete' : 'retire');
      setNotes('');
    }
    onOpenChange(next);
  };

  const doRetire = () => {
    if (!equipment) return;
    retire.mutate(
      { id: equipment.id, retirementNotes: notes.trim() || undefined },
      {
        onSuccess: () => {
          toast({
            title: t('toast.retired'),
            description: t('toast.retiredBody', { name: equipment.name }),
          });
          close(false);
          onDone?.();
        },
        onError: () =>
          toast({
            title: t('toast.error'),
            description: t('toast.retireFailed'),
            variant: 'destructive',
          }),
      },
    );
  };

  const doDelete = () => {
    if (!equipment) return;
    del.mutate(equipment.id, {
      onSuccess: () => {
        toast({
          title: t('toast.deleted'),
          description: t('toast.deletedBody', { name: equipment.name }),
        });
        close(false);
        onDone?.();
      },
      onError: () =>
        toast({
          title: t('toast.error'),
          description: t('toast.deleteFailed'),
          variant: 'destructive',
        }),
    });
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{deleteOnly ? t('remove.deleteForever') : t('remove.title')}</DialogTitle>
          <DialogDescription>{equipment?.name ?? ''}</DialogDescription>
        </DialogHeader>
        {step === 'retire' ? (
          <div className="grid gap-4">
            <div className="flex gap-3 rounded-md border border-blue-200 bg-blue-50 p-3 text-sm text-blue-950">
              <Archive className="mt-0.5 h-5 w-5 shrink-0" aria-hidden />
              <p>{t('remove.retireExplain')}</p>
            </div>
            <FormField id="retirement-notes" label={t('remove.notesLabel')} className="gap-2">
              <Textarea
                id="retirement-notes"
                value={notes}
                onChange={(e) => setNotes(e.target.value)}
                placeholder={t('remove.notesPlaceholder')}
                rows={3}
                maxLength={2000}
              />
            </FormField>
            <DialogFooter className="sm:justify-between">
              <Button
                variant="link"
                className="h-auto px-0 text-destructive"
                onClick={() => setStep('delete')}
              >
                {t('remove.deletePermanently')}
              </Button>
              <div className="flex flex-col-reverse gap-2 sm:flex-row">
                <Button variant="outline" onClick={() => close(false)}>
                  {t('actions.cancel')}
                </Button>
                <Button onClick={doRetire} disabled={retire.isPending}>
                  {retire.isPending ? t('actions.saving') : t('remove.retire')}
                </Button>
              </div>
            </DialogFooter>
          </div>
        ) : (
          <div className="grid gap-4">
            <div
              className="flex gap-3 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-950"
              role="alert"
            >
              <AlertTriangle className="mt-0.5 h-5 w-5 shrink-0" aria-hidden />
              <p>
                {t(deleteOnly ? 'remove.deleteWarningRetired' : 'remove.deleteWarning', {
                  name: equipment?.name ?? '',
                })}
              </p>
            </div>
            <DialogFooter className="gap-2">
              {deleteOnly ? (
                <Button variant="outline" onClick={() => close(false)}>
                  {t('actions.cancel')}
                </Button>
              ) : (
                <Button variant="outline" onClick={() => setStep('retire')}>
                  {t('remove.backToRetire')}
                </Button>
              )}
              <Button variant="destructive" onClick={doDelete} disabled={del.isPending}>
                {del.isPending ? t('actions.saving') : t('remove.deleteForever')}
              </Button>
            </DialogFooter>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
