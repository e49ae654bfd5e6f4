import type { ProgramDto } from '@domain/schemas/schedule';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/form-field';
import { Card, CardContent } from '@/components/ui/card';
import { NativeSelect } from '@/components/ui/native-select';
import { toast } from '@/components/ui/use-toast';
import { useApplyProgram, usePrograms } from './schedule-queries';
import { toastFailure } from '@/components/toast-failure';

/**
 * Add Equipment's optional program (issue 40): chosen with the form, applied once the machine is
 * created (POST /api/programs/:id/machines, from its current usage and today).
 */
export function useProgramOnCreate() {
  const { t } = useTranslation('schedule');
  const [programId, setProgramId] = useState('');
  const apply = useApplyProgram();
  /** Applies the chosen program to the new machine (nothing without one); never throws. */
  const applyTo = async (equipmentId: string) => {
    if (!programId) return;
    await apply.mutateAsync({ id: programId, input: { equipmentIds: [equipmentId] } }).then(
      (res) =>
        toast({ title: t('apply.done'), description: t('apply.doneBody', { count: res.added }) }),
      (err: unknown) => toastFailure(t, t('apply.onAddFailed'), err),
    );
  };
  return { programId, setProgramId, applyTo, pending: apply.isPending };
}

/** A program select's options: the company's programs by name, after a first empty choice. */
export function ProgramOptions({ programs, none }: { programs: ProgramDto[]; none: string }) {
  return (
    <>
      <option value="">{none}</option>
      {programs.map((p) => (
        <option key={p.id} value={p.id}>
          {p.name}
        </option>
      ))}
    </>
  );
}

/** The program select of Add Equipment: shown when the company has programs. */
export function ProgramSelect({
  value,
  onChange,
}: {
  value: string;
  onChange: (programId: string) => void;
}) {
  const { t } = useTranslation('schedule');
  const programs = usePrograms();
  const list = programs.data ?? [];
  if (list.length === 0) return null;
  return (
    <Card>
      <CardContent className="pt-5">
        <FormField id="equipment-program" label={t('apply.onAdd')} hint={t('apply.onAddHint')}>
          <NativeSelect
            id="equipment-program"
            value={value}
            onChange={(e) => onChange(e.target.value)}
          >
            <ProgramOptions programs={list} none={t('apply.onAddNone')} />
          </NativeSelect>
        </FormField>
      </CardContent>
    </Card>
  );
}
