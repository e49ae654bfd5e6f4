import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import type { EquipmentOptions } from '@domain/schemas/equipment';
import {
  workOrderFormSchema,
  workOrderKinds,
  workOrderPriorities,
  type WorkOrderDto,
  type WorkOrderFormOutput,
  type WorkOrderKind,
  type WorkOrderPriority,
} from '@domain/schemas/work-orders';
import { useEffect, useState } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/form-field';
import { invalidProps } from '@/components/form-field-props';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { FieldError, Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { api } from '@/lib/api';
import { formatUsd } from '@/lib/format';
import { translateError } from '@/lib/translate-message';
import { useMessage } from '@/lib/use-message';
import { useProposal } from '../api/get-lookups';
import { useCreateWorkOrder } from '../api/mutations';
import { AssigneeOptions, FormAlert, SubmitCancel } from './work-order-bits';

/** At most `n` characters (a title has a length limit; a reported problem is the operator's words). */
const clip = (v: string, n: number) => (v.length > n ? `${v.slice(0, n - 1).trimEnd()}…` : v);

type Props = {
  equipmentId?: string | null;
  defectId?: string | null;
  /** A service task of the machine (Due soon's Create work order): the order does it (taskIds). */
  taskId?: string | null;
  onCreated: (w: WorkOrderDto) => void;
  onCancel: () => void;
};

/** What the form's inputs hold (strings); the domain schema turns them into the request. */
type Values = {
  equipmentId: string;
  title: string;
  kind: WorkOrderKind;
  priority: WorkOrderPriority;
  dueDate: string;
  assigneeId: string;
  vendor: string;
  /** One task a line. */
  tasks: string;
  notes: string;
  defectId: string;
};

/**
 * New work order (owners and managers): by hand, or from a due machine (its service parts as tasks)
 * or an open defect (titled after it, its item as the task, the operator's words as the notes; its
 * photo shown here and carried over by the server). react-hook-form with the domain
 * schema (`workOrderFormSchema`: the request's, with the tasks one a line).
 */
export function WorkOrderForm({
  equipmentId = null,
  defectId = null,
  taskId = null,
  onCreated,
  onCancel,
}: Props) {
  const { t } = useTranslation('workOrders');
  const msg = useMessage();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<Values, unknown, WorkOrderFormOutput>({
    resolver: zodResolver(workOrderFormSchema) as unknown as Resolver<
      Values,
      unknown,
      WorkOrderFormOutput
    >,
    defaultValues: {
      equipmentId: equipmentId ?? '',
      title: '',
      kind: defectId ? 'repair' : 'service',
      priority: 'normal',
      dueDate: '',
      assigneeId: '',
      vendor: '',
      tasks: '',
      notes: '',
      defectId: defectId ?? '',
    },
  });
  const { register, setValue, getValues, formState } = form;
  const { errors } = formState;
  const machine = useWatch({ control: form.control, name: 'equipmentId' });
  const machines = useQuery({
    queryKey: ['work-orders', 'machines'],
    queryFn: () => api.get<EquipmentOptions>('/api/equipment/options'),
  });
  // The task belongs to the machine it was asked for: another machine chosen proposes without it.
  const proposal = useProposal(
    machine || null,
    defectId,
    taskId && machine === equipmentId ? taskId : null,
  );
  const create = useCreateWorkOrder();

  // The proposal fills what is still empty. A due machine: the service title and its service parts as
  // tasks. A defect: titled after the defect, its item as the task, the operator's words as the notes.
  const p = proposal.data;
  useEffect(() => {
    if (!p) return;
    const d = p.defect;
    if (!getValues('title'))
      setValue(
        'title',
        d
          ? t('defectTitle', { item: clip(d.item, 80), name: clip(p.title, 30) })
          : p.task && !p.task.primary
            ? t('taskTitle', {
                task: clip(p.task.name, 80),
                name: clip(p.title, 30),
              })
            : t('serviceTitle', { name: p.title }),
      );
    if (!getValues('tasks')) setValue('tasks', p.tasks.join('\n'));
    if (d?.said && !getValues('notes')) setValue('notes', d.said);
    if (p.task?.estimatedCost != null && !getValues('notes'))
      setValue('notes', t('estimatedCost', { amount: formatUsd(p.task.estimatedCost) }));
  }, [p, t, getValues, setValue]);
  // From a defect the machine is the defect's: the only choice offered.
  const choices = (machines.data?.items ?? []).filter((m) => !defectId || m.id === equipmentId);

  const onSubmit = form.handleSubmit(async (body) => {
    setError(null);
    try {
      // From a service task: the order does it (completing the order resets it).
      const w = await create.mutateAsync(p?.task ? { ...body, taskIds: [p.task.id] } : body);
      toast({ title: t('created', { number: w.number }) });
      onCreated(w);
    } catch (err) {
      setError(translateError(t, err));
    }
  });

  const field = (name: keyof Values) => ({
    id: `wo-${name}`,
    ...invalidProps(errors[name], `wo-${name}`),
  });
  const fieldError = (name: keyof Values) => (
    <FieldError id={`wo-${name}-error`} message={msg(errors[name]?.message)} />
  );

  return (
    <Card className="p-4">
      <form
        onSubmit={(e) => void onSubmit(e)}
        className="grid grid-cols-1 gap-3 sm:grid-cols-2"
        aria-label={t('new')}
        noValidate
      >
        <h2 className="text-lg font-semibold sm:col-span-2">{t('new')}</h2>
        <div className="grid gap-1 sm:col-span-2">
          <Label htmlFor="wo-equipmentId">{t('machine')}</Label>
          {/* Controlled: the machine it was opened for shows once the list has loaded. */}
          <NativeSelect {...field('equipmentId')} {...register('equipmentId')} value={machine}>
            {!defectId && <option value="">{t('chooseMachine')}</option>}
            {choices.map((m) => (
              <option key={m.id} value={m.id}>
                {m.name}
              </option>
            ))}
          </NativeSelect>
          {fieldError('equipmentId')}
        </div>
        <div className="grid gap-1 sm:col-span-2">
          <Label htmlFor="wo-title">{t('titleField')}</Label>
          <Input {...field('title')} {...register('title')} />
          {fieldError('title')}
        </div>
        <FormField id="wo-kind" label={t('kind')} className="gap-1">
          <NativeSelect {...field('kind')} {...register('kind')}>
            {workOrderKinds.map((k) => (
              <option key={k} value={k}>
                {t(`kinds.${k}`)}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField id="wo-priority" label={t('priority')} className="gap-1">
          <NativeSelect {...field('priority')} {...register('priority')}>
            {workOrderPriorities.map((k) => (
              <option key={k} value={k}>
                {t(`priorities.${k}`)}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <div className="grid gap-1">
          <Label htmlFor="wo-dueDate">{t('dueDate')}</Label>
          <Input type="date" {...field('dueDate')} {...register('dueDate')} />
          {fieldError('dueDate')}
        </div>
        <div className="grid gap-1">
          <Label htmlFor="wo-assigneeId">{t('assignee')}</Label>
          <NativeSelect
            {...field('assigneeId')}
            {...register('assigneeId', {
              // A person or an outside vendor, not both.
              onChange: (e: { target: { value: string } }) => {
                if (e.target.value) setValue('vendor', '');
              },
            })}
          >
            <AssigneeOptions none={t('nobody')} />
          </NativeSelect>
        </div>
        <div className="grid gap-1 sm:col-span-2">
          <Label htmlFor="wo-vendor">{t('vendor')}</Label>
          <Input
            {...field('vendor')}
            {...register('vendor', {
              onChange: (e: { target: { value: string } }) => {
                if (e.target.value) setValue('assigneeId', '');
              },
            })}
          />
          {fieldError('vendor')}
        </div>
        <div className="grid gap-1 sm:col-span-2">
          <Label htmlFor="wo-tasks">{t('tasksField')}</Label>
          <Textarea rows={4} {...field('tasks')} {...register('tasks')} />
          {fieldError('tasks')}
        </div>
        <div className="grid gap-1 sm:col-span-2">
          <Label htmlFor="wo-notes">{t('notes')}</Label>
          <Textarea rows={2} {...field('notes')} {...register('notes')} />
          {fieldError('notes')}
        </div>
        {p?.defect && (
          <div className="flex gap-3 rounded-md border p-3 sm:col-span-2" data-testid="from-defect">
            {p.defect.hasPhoto && (
              <img
                src={`/api/defects/${p.defect.id}/photo`}
                alt={t('defectPhoto', { item: p.defect.item })}
                className="h-20 w-20 shrink-0 rounded-md object-cover"
              />
            )}
            <div className="grid min-w-0 gap-1 text-sm">
              <p className="break-words font-medium">{t('fromDefect', { item: p.defect.item })}</p>
              {p.defect.said && p.defect.said !== p.defect.item && (
                <p className="break-words text-muted-foreground">
                  {t('operatorSaid', { said: p.defect.said })}
                </p>
              )}
              {p.defect.hasPhoto && (
                <p className="text-muted-foreground">{t('defectPhotoCarried')}</p>
              )}
            </div>
          </div>
        )}
        {p && p.parts.length > 0 && (
          <p className="text-sm text-muted-foreground sm:col-span-2">
            {t('proposedParts', {
              list: p.parts.map((x) => `${x.name} × ${x.quantity}`).join(', '),
            })}
          </p>
        )}
        <FormAlert error={error} className="sm:col-span-2" />
        <SubmitCancel
          label={t('create')}
          pending={create.isPending}
          onCancel={onCancel}
          className="sm:col-span-2"
        />
      </form>
    </Card>
  );
}
