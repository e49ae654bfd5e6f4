import { programInputSchema, type ProgramDto, type ProgramInput } from '@domain/schemas/schedule';
import type { StarterProgram } from '@domain/schedule-starters';
import { zodResolver } from '@hookform/resolvers/zod';
import { Plus, Trash2 } from 'lucide-react';
import { useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormDialog } from '@/components/form-dialog';
import { FormDialogFooter } from '@/components/form-dialog-footer';
import { FormField } from '@/components/form-field';
import { useSaveProgram } from '@/components/schedule/schedule-queries';
import {
  CategorySelect,
  CostInput,
  TimeCountInput,
  TimeUnitSelect,
  UsageInput,
  useTaskFormFields,
} from '@/components/schedule/task-fields';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';

const rowFields = z.object({
  /** A template kept when the program is edited (its machines' tasks follow it). */
  id: z.string(),
  name: z.string(),
  category: z.string(),
  everyUsage: z.string(),
  everyTime: z.object({ count: z.string(), unit: z.string() }),
  estimatedCost: z.string(),
  /** Kept as they are (the machine's task form edits parts and notes). */
  parts: z.array(
    z.object({ partId: z.string().nullable(), part: z.string(), qty: z.number().nullable() }),
  ),
  notes: z.string(),
});
const programFormFields = z.object({
  name: z.string(),
  description: z.string(),
  tasks: z.array(rowFields),
});
type FormValues = z.infer<typeof programFormFields>;
type Row = FormValues['tasks'][number];

/** The form's strings as the API's program input, validated by the schema the server parses. */
const programFormSchema = programFormFields
  .transform(
    (v) =>
      ({
        name: v.name,
        description: v.description,
        tasks: v.tasks.map((r) => ({
          ...(r.id ? { id: r.id } : {}),
          name: r.name,
          category: r.category,
          everyUsage: r.category === 'renewal' ? null : r.everyUsage,
          everyTime: r.everyTime.count.trim() ? r.everyTime : null,
          estimatedCost: r.estimatedCost,
          parts: r.parts,
          notes: r.notes,
        })),
      }) as z.input<typeof programInputSchema>,
  )
  .pipe(programInputSchema);

const emptyRow = (): Row => ({
  id: '',
  name: '',
  category: 'service',
  everyUsage: '',
  everyTime: { count: '', unit: 'months' },
  estimatedCost: '',
  parts: [],
  notes: '',
});

type Source = Pick<ProgramDto, 'name' | 'description'> & {
  tasks: (Pick<
    ProgramDto['tasks'][number],
    'name' | 'category' | 'everyUsage' | 'everyTime' | 'notes'
  > &
    Partial<Pick<ProgramDto['tasks'][number], 'id' | 'parts' | 'estimatedCost'>>)[];
};

const valuesOf = (p: Source | null): FormValues => ({
  name: p?.name ?? '',
  description: p?.description ?? '',
  tasks: p
    ? p.tasks.map((x) => ({
        id: x.id ?? '',
        name: x.name,
        category: x.category,
        everyUsage: x.everyUsage != null ? String(x.everyUsage) : '',
        everyTime: {
          count: x.everyTime ? String(x.everyTime.count) : '',
          unit: x.everyTime?.unit ?? 'months',
        },
        estimatedCost: x.estimatedCost != null ? String(x.estimatedCost) : '',
        parts: x.parts ?? [],
        notes: x.notes ?? '',
      }))
    : [emptyRow()],
});

/**
 * Create or edit a program (POST /api/programs, PATCH /api/programs/:id): its name, description and
 * its tasks (name, category, every N usage and/or every N days to years, estimated cost). A starter is
 * copied in as a new program to edit.
 */
export default function ProgramFormDialog({
  program,
  starter,
  onOpenChange,
}: {
  program: ProgramDto | null;
  starter: StarterProgram | null;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('schedule');
  const form = useForm<FormValues, unknown, ProgramInput>({
    defaultValues: valuesOf(program ?? starter),
    resolver: zodResolver(programFormSchema),
  });
  const { handleSubmit, control, watch } = form;
  const rows = useFieldArray({ control, name: 'tasks' });
  const save = useSaveProgram();
  const { errorOf, field, refused } = useTaskFormFields(form);
  const submit = handleSubmit((input) =>
    save.mutateAsync({ id: program?.id ?? null, input }).then(
      (saved) => {
        toast({ title: t('programs.saved'), description: saved.name });
        onOpenChange(false);
      },
      refused(t('programs.failed')),
    ),
  );
  return (
    <FormDialog
      onOpenChange={onOpenChange}
      onSubmit={submit}
      title={program ? t('programs.editTitle') : t('programs.createTitle')}
      description={t('programs.usageHint')}
      className="max-h-[92dvh] max-w-4xl overflow-y-auto"
    >
      <FormField id="program-name" label={t('programs.name')} error={errorOf('name')}>
        <Input maxLength={120} {...field('name', 'program-name')} />
      </FormField>
      <FormField
        id="program-description"
        label={t('programs.description')}
        error={errorOf('description')}
      >
        <Textarea rows={2} maxLength={2000} {...field('description', 'program-description')} />
      </FormField>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">{t('programs.tasks')}</legend>
        <ol className="grid gap-2">
          {rows.fields.map((row, i) => {
            const n = i + 1;
            const p = `tasks.${i}` as const;
            const renewal = watch(`${p}.category`) === 'renewal';
            return (
              <li
                key={row.id}
                className="grid grid-cols-2 items-end gap-2 rounded-md border p-2 sm:grid-cols-[minmax(0,2fr)_8rem_7rem_6rem_8rem_6rem_auto]"
                data-testid="program-task"
              >
                <FormField
                  className="col-span-2 sm:col-span-1"
                  id={`pt-name-${i}`}
                  label={t('programs.colName')}
                  error={errorOf(`${p}.name`)}
                >
                  <Input
                    maxLength={120}
                    aria-label={t('programs.taskName', { n })}
                    {...field(`${p}.name`, `pt-name-${i}`)}
                  />
                </FormField>
                <FormField
                  id={`pt-category-${i}`}
                  label={t('programs.colCategory')}
                  error={errorOf(`${p}.category`)}
                >
                  <CategorySelect
                    aria-label={t('programs.taskCategory', { n })}
                    {...field(`${p}.category`, `pt-category-${i}`)}
                  />
                </FormField>
                <FormField
                  id={`pt-usage-${i}`}
                  label={t('programs.colUsage')}
                  error={errorOf(`${p}.everyUsage`)}
                >
                  <UsageInput
                    disabled={renewal}
                    aria-label={t('programs.taskEveryUsage', { n })}
                    {...field(`${p}.everyUsage`, `pt-usage-${i}`)}
                  />
                </FormField>
                <FormField
                  id={`pt-time-${i}`}
                  label={t('programs.colTime')}
                  error={errorOf(`${p}.everyTime.count`)}
                >
                  <TimeCountInput
                    aria-label={t('programs.taskEveryTime', { n })}
                    {...field(`${p}.everyTime.count`, `pt-time-${i}`)}
                  />
                </FormField>
                <FormField
                  id={`pt-unit-${i}`}
                  label={t('form.timeUnit')}
                  error={errorOf(`${p}.everyTime.unit`)}
                >
                  <TimeUnitSelect
                    aria-label={t('programs.taskTimeUnit', { n })}
                    {...field(`${p}.everyTime.unit`, `pt-unit-${i}`)}
                  />
                </FormField>
                <FormField
                  id={`pt-cost-${i}`}
                  label={t('programs.colCost')}
                  error={errorOf(`${p}.estimatedCost`)}
                >
                  <CostInput
                    aria-label={t('programs.taskCost', { n })}
                    {...field(`${p}.estimatedCost`, `pt-cost-${i}`)}
                  />
                </FormField>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  className="h-10 w-10 justify-self-end text-destructive"
                  onClick={() => rows.remove(i)}
                  aria-label={t('programs.removeTask', { n })}
                >
                  <Trash2 aria-hidden />
                </Button>
              </li>
            );
          })}
        </ol>
        <p className="text-sm text-destructive" role={errorOf('tasks') ? 'alert' : undefined}>
          {errorOf('tasks') ?? errorOf('tasks.root')}
        </p>
        <Button
          type="button"
          variant="outline"
          className="justify-self-start"
          onClick={() => rows.append(emptyRow())}
        >
          <Plus aria-hidden /> {t('programs.addTask')}
        </Button>
      </fieldset>
      <FormDialogFooter
        className="gap-2"
        cancelLabel={t('form.cancel')}
        onCancel={() => onOpenChange(false)}
        submitLabel={t('programs.save')}
        pending={save.isPending}
        pendingLabel={t('form.saving')}
      />
    </FormDialog>
  );
}
