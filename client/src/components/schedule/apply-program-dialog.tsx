import { applyProgramSchema, type ApplyProgramInput } from '@domain/schemas/schedule';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { z } from 'zod';
import { FormDialog } from '@/components/form-dialog';
import { FormDialogFooter } from '@/components/form-dialog-footer';
import { FormField } from '@/components/form-field';
import { NativeSelect } from '@/components/ui/native-select';
import { toast } from '@/components/ui/use-toast';
import { ProgramOptions } from './program-select';
import { useApplyProgram, usePrograms } from './schedule-queries';
import { LastDoneDateInput, UsageInput, useTaskFormFields } from './task-fields';

const applyFormFields = z.object({
  programId: z.string(),
  lastDone: z.object({ usage: z.string(), date: z.string() }),
});
type FormValues = z.infer<typeof applyFormFields>;

/** The form's strings as the API's input (POST /api/programs/:id/machines), validated by its schema. */
const applyFormSchema = (equipmentIds: string[], choose: string) =>
  applyFormFields
    .superRefine((v, ctx) => {
      if (!v.programId) ctx.addIssue({ code: 'custom', path: ['programId'], message: choose });
    })
    .transform((v) => ({
      programId: v.programId,
      input: {
        equipmentIds,
        lastDone:
          v.lastDone.usage.trim() || v.lastDone.date
            ? { usage: v.lastDone.usage, date: v.lastDone.date || null }
            : undefined,
      } as z.input<typeof applyProgramSchema>,
    }))
    .pipe(z.object({ programId: z.string(), input: applyProgramSchema }));

type Output = { programId: string; input: ApplyProgramInput };

/**
 * Apply a program to one or more machines (issue 40): choose the program and, optionally, when its
 * tasks were last done (else each machine starts from its current usage and today).
 */
export default function ApplyProgramDialog({
  equipment,
  open,
  onOpenChange,
  onApplied,
}: {
  equipment: readonly { id: string; name: string }[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onApplied?: () => void;
}) {
  const { t } = useTranslation('schedule');
  const programs = usePrograms(open);
  const apply = useApplyProgram();
  const form = useForm<FormValues, unknown, Output>({
    defaultValues: { programId: '', lastDone: { usage: '', date: '' } },
    resolver: zodResolver(
      applyFormSchema(
        equipment.map((e) => e.id),
        t('apply.choose'),
      ),
    ),
  });
  const { handleSubmit } = form;
  const { errorOf, field, refused } = useTaskFormFields(form);
  const submit = handleSubmit(({ programId, input }) =>
    apply.mutateAsync({ id: programId, input }).then(
      (res) => {
        toast({ title: t('apply.done'), description: t('apply.doneBody', { count: res.added }) });
        onApplied?.();
        onOpenChange(false);
      },
      refused(t('apply.failed'), (path) => path.startsWith('lastDone')),
    ),
  );
  const list = programs.data ?? [];
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      onSubmit={submit}
      title={t('apply.title')}
      description={
        <>
          {t('apply.description', { count: equipment.length })}
          {equipment.length === 1 ? ` (${equipment[0]?.name ?? ''})` : ''}
        </>
      }
      className="max-h-[92dvh] max-w-lg overflow-y-auto"
    >
      {programs.isSuccess && list.length === 0 ? (
        <p className="text-sm">
          {t('apply.none')}{' '}
          <Link className="text-primary underline" to="/programs">
            {t('apply.createOne')}
          </Link>
        </p>
      ) : (
        <FormField id="apply-program" label={t('apply.program')} error={errorOf('programId')}>
          <NativeSelect {...field('programId', 'apply-program')}>
            <ProgramOptions programs={list} none={t('apply.choose')} />
          </NativeSelect>
        </FormField>
      )}
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <FormField
          id="apply-last-usage"
          label={t('apply.lastDoneUsage')}
          error={errorOf('input.lastDone.usage') ?? errorOf('lastDone.usage')}
        >
          <UsageInput {...field('lastDone.usage', 'apply-last-usage')} />
        </FormField>
        <FormField
          id="apply-last-date"
          label={t('apply.lastDoneDate')}
          error={errorOf('input.lastDone.date') ?? errorOf('lastDone.date')}
        >
          <LastDoneDateInput {...field('lastDone.date', 'apply-last-date')} />
        </FormField>
        <p className="text-xs text-muted-foreground sm:col-span-2">{t('apply.lastDoneHint')}</p>
      </div>
      <FormDialogFooter
        className="gap-2"
        cancelLabel={t('form.cancel')}
        onCancel={() => onOpenChange(false)}
        submitLabel={t('apply.submit')}
        pending={apply.isPending}
        pendingLabel={t('form.saving')}
      />
    </FormDialog>
  );
}
