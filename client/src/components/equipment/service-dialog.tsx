import type { ServiceInput } from '@domain/schemas/equipment';
import { serviceFormSchema, type ServiceFormValues } from '@domain/schemas/equipment-forms';
import { zodResolver } from '@hookform/resolvers/zod';
import { catalogueMatch } from '@domain/parts-match';
import type { PartDto } from '@domain/schemas/work-orders';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { TaskDto } from '@domain/schemas/schedule';
import { TitledDialog } from '@/components/form-dialog';
import { InputFormField } from '@/components/input-form-field';
import { defaultTaskIds } from '@/components/schedule/default-tasks';
import { useTasks } from '@/components/schedule/schedule-queries';
import { useTaskWords } from '@/components/schedule/task-words';
import { fieldErrorsOf } from '@/lib/translate-message';
import { Checkbox } from '@/components/ui/checkbox';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDialogFooter } from '@/components/form-dialog-footer';
import { FieldError, Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { api } from '@/lib/api';
import { companyToday } from '@/lib/auth';
import { useEquipment, useRecordService } from './equipment-queries';
import { formatUsage } from './format';
import { ServicePartsEditor } from './service-parts-editor';
import { StatusBadge } from './status-badge';
import { toastFailure } from '@/components/toast-failure';

type Props = {
  /** The machine to service (its current usage and service parts are read when the dialog opens). */
  equipmentId: string | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The tasks done to start ticked ("Mark done" on a task); else those approaching, due or overdue. */
  taskIds?: readonly string[];
};

type FormValues = ServiceFormValues;
type Fields = keyof FormValues;

/**
 * Mark as Serviced: a service entry with its date (today in the company's time zone, may be back-dated),
 * the usage at service (the current usage), the parts used (the machine's service parts, quantities
 * editable, more can be added; each may be a catalogue part, drawn from stock with the service), the
 * cost and who did it.
 */
export function ServiceDialog({ equipmentId, open, onOpenChange, taskIds }: Props) {
  const q = useEquipment(open ? equipmentId : null);
  // The machine's maintenance schedule (issue 40): which tasks this service did.
  const taskQuery = useTasks(open ? equipmentId : null);
  const tasks = taskQuery.isError ? [] : taskQuery.data;
  const equipment = q.data;
  // The parts catalogue (issue 43): a part picked from it leaves the shelf with the service. The form
  // waits for it (or its failure) so the machine's parts start matched.
  const parts = useQuery({
    queryKey: ['parts', 'catalogue'],
    queryFn: () => api.get<PartDto[]>('/api/parts'),
    enabled: open,
  });
  const catalogue = parts.isError ? [] : parts.data;
  const { t } = useTranslation('equipment');
  const ready = equipment && catalogue && tasks;
  return (
    <TitledDialog
      open={open}
      onOpenChange={onOpenChange}
      className="max-h-[92dvh] max-w-xl overflow-y-auto"
      title={ready ? t('service.title') : '…'}
      description={
        ready
          ? t('service.description', {
              name: equipment.name,
              usage: formatUsage(t, equipment.currentUsage, equipment.unit),
            })
          : null
      }
    >
      {ready ? (
        // A cached copy may be older than the machine: the form starts again from the fresh one.
        <ServiceForm
          key={`${equipment.id}:${equipment.lastUpdated}`}
          equipment={equipment}
          catalogue={catalogue}
          tasks={tasks}
          taskIds={taskIds}
          close={() => onOpenChange(false)}
        />
      ) : null}
    </TitledDialog>
  );
}

function ServiceForm({
  equipment,
  catalogue,
  tasks,
  taskIds,
  close,
}: {
  equipment: NonNullable<ReturnType<typeof useEquipment>['data']>;
  catalogue: readonly PartDto[];
  tasks: readonly TaskDto[];
  taskIds: readonly string[] | undefined;
  close: () => void;
}) {
  const words = useTaskWords();
  const { t: ts } = useTranslation('schedule');
  const [done, setDone] = useState<ReadonlySet<string>>(
    () => new Set(defaultTaskIds(tasks, taskIds)),
  );
  const { t } = useTranslation('equipment');
  const today = companyToday();
  // The API's schema plus "not after the company's today" (domain/schemas/equipment-forms.ts).
  const resolver = useMemo(() => zodResolver(serviceFormSchema(today)), [today]);
  const form = useForm<FormValues, unknown, ServiceInput>({
    defaultValues: {
      serviceDate: today,
      usage: String(equipment.currentUsage),
      cost: '',
      performedBy: '',
      notes: '',
      // Each of the machine's parts starts as the catalogue part it is (domain/parts-match.ts), else
      // as free text (drawing nothing).
      parts: equipment.serviceParts.map((p) => ({
        used: true,
        part: p.part,
        partNumber: p.partNumber ?? '',
        qty: String(p.qty ?? 1),
        partId: catalogueMatch(p, catalogue)?.id ?? '',
      })),
    },
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { handleSubmit, setError } = form;
  const mutation = useRecordService();
  const unit = equipment.unit === 'n/a' ? '' : t(`units.${equipment.unit}`);

  // A machine with a schedule names at least one task done (the API refuses an empty list).
  const [noneTicked, setNoneTicked] = useState(false);
  const submit = handleSubmit((input) =>
    tasks.length && done.size === 0
      ? setNoneTicked(true)
      : mutation
          .mutateAsync({
            id: equipment.id,
            // The tasks done (omitted without a schedule: the service resets the primary task, as before).
            input: tasks.length ? { ...input, taskIds: [...done] } : input,
          })
          .then(
            (updated) => {
              toast({
                title: t('toast.serviceRecorded'),
                description: t('toast.serviceRecordedBody', { name: updated.name }),
              });
              close();
            },
            (err: unknown) => {
              // A field's refusal in the user's words with its values ("… the current usage (1,200)").
              for (const [field, message] of fieldErrorsOf(err, t))
                if (field in form.getValues())
                  setError(field as Fields, { type: 'server', message });
              toastFailure(t, t('toast.error'), err, t('toast.serviceFailed'));
            },
          ),
  );

  return (
    <FormProvider {...form}>
      <form onSubmit={(e) => void submit(e)} className="grid gap-4" noValidate>
        <div className="grid grid-cols-1 items-start gap-3 sm:grid-cols-2">
          <InputFormField
            name="serviceDate"
            id="service-date"
            label={t('service.date')}
            className="gap-2"
            type="date"
            max={today}
            required
          />
          <InputFormField
            name="usage"
            id="service-usage"
            label={unit ? `${t('service.usage')} (${unit})` : t('service.usage')}
            className="gap-2"
            type="number"
            inputMode="decimal"
            step="0.1"
            min="0"
            max={equipment.currentUsage}
          />
        </div>
        {tasks.length ? (
          <fieldset className="grid gap-2" data-testid="service-tasks">
            <legend className="mb-1 text-sm font-medium">{ts('service.tasks')}</legend>
            <ul className="grid gap-2">
              {tasks.map((task) => (
                <li key={task.id} className="flex items-center gap-2">
                  <Checkbox
                    id={`service-task-${task.id}`}
                    className="h-6 w-6"
                    checked={done.has(task.id)}
                    onCheckedChange={(v) =>
                      setDone((s) => {
                        const next = new Set(s);
                        if (v === true) next.add(task.id);
                        else next.delete(task.id);
                        return next;
                      })
                    }
                  />
                  <Label htmlFor={`service-task-${task.id}`} className="font-normal">
                    {words.name(task)}
                  </Label>
                  <StatusBadge status={{ serviceStatus: task.status, hasSchedule: true }} />
                </li>
              ))}
            </ul>
            <p className="text-xs text-muted-foreground">{ts('service.tasksHint')}</p>
            <FieldError
              id="service-tasks-error"
              message={noneTicked && done.size === 0 ? ts('service.noneTicked') : undefined}
            />
          </fieldset>
        ) : null}
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium">{t('service.parts')}</legend>
          <ServicePartsEditor name="parts" idPrefix="service" selectable catalogue={catalogue} />
          {catalogue.length > 0 ? (
            <p className="text-xs text-muted-foreground">{t('service.stockHint')}</p>
          ) : null}
        </fieldset>
        <div className="grid grid-cols-1 items-start gap-3 sm:grid-cols-2">
          <InputFormField
            name="cost"
            id="service-cost"
            label={t('service.cost')}
            className="gap-2"
            type="number"
            inputMode="decimal"
            step="0.01"
            min="0"
          />
          <InputFormField
            name="performedBy"
            id="service-by"
            label={t('service.performedBy')}
            className="gap-2"
            maxLength={200}
            placeholder={t('service.performedByPlaceholder')}
          />
        </div>
        <InputFormField
          name="notes"
          id="service-notes"
          label={t('service.notes')}
          className="gap-2"
          rows={2}
          maxLength={2000}
        />
        <FormDialogFooter
          className="gap-2"
          cancelLabel={t('actions.cancel')}
          onCancel={close}
          submitLabel={t('service.submit')}
          pending={mutation.isPending}
          pendingLabel={t('actions.saving')}
        />
      </form>
    </FormProvider>
  );
}
