import type { EquipmentDto } from '@domain/schemas/equipment';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/components/form-dialog';
import { FormDialogFooter } from '@/components/form-dialog-footer';
import { FormField } from '@/components/form-field';
import { usePrograms, useRemoveProgramFromMachine } from '@/components/schedule/schedule-queries';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { toast } from '@/components/ui/use-toast';
import { toastFailure } from '@/components/toast-failure';

/**
 * Takes a program off the machine (DELETE /api/programs/:id/machines/:equipmentId?keepTasks=): its tasks
 * stay as the machine's own (the default) or are removed. The programs' names are asked for when the
 * dialog opens (the page's own answer carries only each task's program id).
 */
export default function RemoveProgramDialog({
  equipment: e,
  programIds,
  onOpenChange,
}: {
  equipment: EquipmentDto;
  programIds: readonly string[];
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('schedule');
  const programs = usePrograms();
  const remove = useRemoveProgramFromMachine();
  const followed = (programs.data ?? []).filter((p) => programIds.includes(p.id));
  const [chosen, setChosen] = useState('');
  const [keep, setKeep] = useState(true);
  const programId = chosen || followed[0]?.id || '';
  const submit = () => {
    if (!programId) return;
    remove.mutate(
      { programId, equipmentId: e.id, keepTasks: keep },
      {
        onSuccess: () => {
          toast({ title: t('removeProgram.done'), description: e.name });
          onOpenChange(false);
        },
        onError: (err) => toastFailure(t, t('removeProgram.failed'), err),
      },
    );
  };
  return (
    <FormDialog
      onOpenChange={onOpenChange}
      onSubmit={(ev) => {
        ev.preventDefault();
        submit();
      }}
      title={t('removeProgram.title')}
      description={t('removeProgram.description', { name: e.name })}
      className="max-w-lg"
    >
      <FormField id="remove-program" label={t('apply.program')}>
        <NativeSelect
          id="remove-program"
          value={programId}
          onChange={(ev) => setChosen(ev.target.value)}
        >
          {followed.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">{t('removeProgram.tasks')}</legend>
        {(['keep', 'remove'] as const).map((choice) => (
          <div key={choice} className="flex items-center gap-2">
            <input
              type="radio"
              id={`remove-program-${choice}`}
              name="keepTasks"
              className="h-5 w-5 accent-primary"
              checked={keep === (choice === 'keep')}
              onChange={() => setKeep(choice === 'keep')}
            />
            <Label htmlFor={`remove-program-${choice}`} className="font-normal">
              {t(`removeProgram.${choice}`)}
            </Label>
          </div>
        ))}
      </fieldset>
      <FormDialogFooter
        className="gap-2"
        cancelLabel={t('form.cancel')}
        onCancel={() => onOpenChange(false)}
        submitLabel={t('removeProgram.submit')}
        pending={remove.isPending || !programId}
        destructive
      />
    </FormDialog>
  );
}
