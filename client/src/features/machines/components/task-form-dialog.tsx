import type { EquipmentDto } from '@domain/schemas/equipment';
import { servicePartRowSchema } from '@domain/schemas/equipment-forms';
import { taskInputSchema, type TaskDto, type TaskInput } from '@domain/schemas/schedule';
import type { PartDto } from '@domain/schemas/work-orders';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ServicePartsEditor } from '@/components/equipment/service-parts-editor';
import { FormDialog } from '@/components/form-dialog';
import { FormDialogFooter } from '@/components/form-dialog-footer';
import { FormField } from '@/components/form-field';
import { useDeleteTask, useSaveTask } from '@/components/schedule/schedule-queries';
import {
  CategorySelect,
  CostInput,
  LastDoneDateInput,
  TimeCountInput,
  TimeUnitSelect,
  UsageInput,
  useTaskFormFields,
} from '@/components/schedule/task-fields';
import { useTaskWords } from '@/components/schedule/task-words';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { api } from '@/lib/api';
import { toastFailure } from '@/components/toast-failure';

/** The task form's strings; its paths are the API's, so a server's field error lands under its field. */
const taskFormFields = z.object({
  name: z.string(),
  category: z.string(),
  everyUsage: z.string(),
  everyTime: z.object({ count: z.string(), unit: z.string() }),
  lastDone: z.object({ usage: z.string(), date: z.string() }),
  parts: z.array(servicePartRowSchema),
  estimatedCost: z.string(),
  notes: z.string(),
});
type FormValues = z.infer<typeof taskFormFields>;

/**
 * The form's strings as the API's task input, validated by the very schema the server parses
 * (`taskInputSchema`): no usage interval for a renewal or a machine without a meter, no time interval
 * without a count, a part number kept in the part's text (a task's part has none of its own).
 */
const taskFormSchema = (unit: string) =>
  taskFormFields
    .transform(
      (v) =>
        ({
          name: v.name,
          category: v.category,
          everyUsage: v.category === 'renewal' || unit === 'n/a' ? null : v.everyUsage,
          everyTime: v.everyTime.count.trim() ? v.everyTime : null,
          lastDone:
            v.lastDone.usage.trim() || v.lastDone.date
              ? { usage: v.lastDone.usage, date: v.lastDone.date || null }
              : undefined,
          parts: v.parts.map((p) => ({
            partId: p.partId || null,
            part: p.partNumber.trim() ? `${p.part.trim()} (${p.partNumber.trim()})` : p.part,
            qty: p.qty,
          })),
          estimatedCost: v.estimatedCost,
          notes: v.notes,
        }) as z.input<typeof taskInputSchema>,
    )
    .pipe(taskInputSchema);

const valuesOf = (task: TaskDto | null): FormValues => ({
  name: task?.name ?? '',
  category: task?.category ?? 'service',
  everyUsage: task?.everyUsage != null ? String(task.everyUsage) : '',
  everyTime: {
    count: task?.everyTime ? String(task.everyTime.count) : '',
    unit: task?.everyTime?.unit ?? 'months',
  },
  lastDone: {
    usage: task?.lastDone.usage != null ? String(task.lastDone.usage) : '',
    date: task?.lastDone.date ?? '',
  },
  parts: (task?.parts ?? []).map((p) => ({
    part: p.part,
    partNumber: '',
    qty: String(p.qty ?? 1),
    partId: p.partId ?? '',
  })),
  estimatedCost: task?.estimatedCost != null ? String(task.estimatedCost) : '',
  notes: task?.notes ?? '',
});

/** Add or edit a machine's task (POST / PATCH /api/equipment/:id/tasks). */
export default function TaskFormDialog({
  equipment: e,
  task,
  onOpenChange,
}: {
  equipment: EquipmentDto;
  task: TaskDto | null;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('schedule');
  const words = useTaskWords();
  const parts = useQuery({
    queryKey: ['parts', 'catalogue'],
    queryFn: () => api.get<PartDto[]>('/api/parts'),
  });
  const initial = valuesOf(task);
  const form = useForm<FormValues, unknown, TaskInput>({
    defaultValues: task && task.primary ? { ...initial, name: words.name(task) } : initial,
    resolver: zodResolver(taskFormSchema(e.unit)),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { handleSubmit, watch } = form;
  const save = useSaveTask(e.id);
  const category = watch('category');
  const byUsage = category !== 'renewal' && e.unit !== 'n/a';
  const { errorOf, field, refused } = useTaskFormFields(form);

  const submit = handleSubmit((input) => {
    // Editing: the last done is sent only when it moved (the primary task's date is its last service).
    const body =
      task &&
      input.lastDone?.usage === task.lastDone.usage &&
      (input.lastDone?.date ?? null) === task.lastDone.date
        ? { ...input, lastDone: undefined }
        : input;
    // The primary task keeps its stored default name while the reader's word for it is unchanged.
    if (task?.primary && body.name === words.name(task)) body.name = task.name;
    return save.mutateAsync({ id: task?.id ?? null, input: body }).then(
      (saved) => {
        toast({
          title: t('form.saved'),
          description: t('form.savedBody', { name: words.name(saved) }),
        });
        onOpenChange(false);
      },
      refused(t('form.failed')),
    );
  });

  return (
    <FormProvider {...form}>
      <FormDialog
        onOpenChange={onOpenChange}
        onSubmit={submit}
        title={task ? t('form.editTitle') : t('form.addTitle')}
        description={t('form.description', { name: e.name })}
        className="max-h-[92dvh] max-w-xl overflow-y-auto"
      >
        <div className="grid grid-cols-1 items-start gap-3 sm:grid-cols-[2fr_1fr]">
          <FormField id="task-name" label={t('form.name')} error={errorOf('name')}>
            <Input
              maxLength={120}
              placeholder={t('form.namePlaceholder')}
              {...field('name', 'task-name')}
            />
          </FormField>
          <FormField
            id="task-category"
            label={t('form.category')}
            error={errorOf('category')}
            {...(category === 'renewal' ? { hint: t('form.renewalHint') } : {})}
          >
            <CategorySelect {...field('category', 'task-category')} />
          </FormField>
        </div>
        <div className="grid grid-cols-1 items-start gap-3 sm:grid-cols-3">
          {byUsage ? (
            <FormField
              id="task-every-usage"
              label={t('form.everyUnit', { unit: t(`equipment:units.${e.unit}`) })}
              error={errorOf('everyUsage')}
            >
              <UsageInput {...field('everyUsage', 'task-every-usage')} />
            </FormField>
          ) : null}
          <FormField
            id="task-every-time"
            label={t('form.everyTime')}
            error={errorOf('everyTime.count')}
          >
            <TimeCountInput {...field('everyTime.count', 'task-every-time')} />
          </FormField>
          <FormField
            id="task-time-unit"
            label={t('form.timeUnit')}
            error={errorOf('everyTime.unit')}
          >
            <TimeUnitSelect {...field('everyTime.unit', 'task-time-unit')} />
          </FormField>
          <p className="text-xs text-muted-foreground sm:col-span-3">{t('form.intervalHint')}</p>
        </div>
        <div className="grid grid-cols-1 items-start gap-3 sm:grid-cols-2">
          {e.unit !== 'n/a' ? (
            <FormField
              id="task-last-usage"
              label={t('form.lastDoneUsage')}
              error={errorOf('lastDone.usage')}
            >
              <UsageInput max={e.currentUsage} {...field('lastDone.usage', 'task-last-usage')} />
            </FormField>
          ) : null}
          <FormField
            id="task-last-date"
            label={t('form.lastDoneDate')}
            error={errorOf('lastDone.date')}
          >
            <LastDoneDateInput {...field('lastDone.date', 'task-last-date')} />
          </FormField>
          {task ? null : (
            <p className="text-xs text-muted-foreground sm:col-span-2">{t('form.lastDoneHint')}</p>
          )}
        </div>
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium">{t('form.parts')}</legend>
          <ServicePartsEditor name="parts" idPrefix="task" catalogue={parts.data ?? []} />
        </fieldset>
        <div className="grid grid-cols-1 items-start gap-3 sm:grid-cols-2">
          <FormField
            id="task-cost"
            label={t('form.estimatedCost')}
            error={errorOf('estimatedCost')}
          >
            <CostInput {...field('estimatedCost', 'task-cost')} />
          </FormField>
        </div>
        <FormField id="task-notes" label={t('form.notes')} error={errorOf('notes')}>
          <Textarea rows={2} maxLength={2000} {...field('notes', 'task-notes')} />
        </FormField>
        <FormDialogFooter
          className="gap-2"
          cancelLabel={t('form.cancel')}
          onCancel={() => onOpenChange(false)}
          submitLabel={t('form.save')}
          pending={save.isPending}
          pendingLabel={t('form.saving')}
        />
      </FormDialog>
    </FormProvider>
  );
}

/** Remove a task, after a confirmation (DELETE /api/equipment/:id/tasks/:taskId). */
export function RemoveTaskDialog({
  equipment: e,
  task,
  onOpenChange,
}: {
  equipment: EquipmentDto;
  task: TaskDto;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('schedule');
  const words = useTaskWords();
  const remove = useDeleteTask(e.id);
  const name = words.name(task);
  return (
    <ConfirmDialog
      open
      onOpenChange={onOpenChange}
      title={t('card.removeTitle')}
      description={t('card.removeBody', { name, machine: e.name })}
      cancelLabel={t('form.cancel')}
      confirmLabel={t('card.remove')}
      pending={remove.isPending}
      onConfirm={() =>
        remove.mutate(task.id, {
          onSuccess: () => {
            toast({ title: t('card.removed'), description: name });
            onOpenChange(false);
          },
          onError: (err) => toastFailure(t, t('card.removeFailed'), err),
        })
      }
    />
  );
}
