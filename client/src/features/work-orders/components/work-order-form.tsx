import { useQuery } from '@tanstack/react-query';
import type { EquipmentOptions } from '@domain/schemas/equipment';
import {
  workOrderInputSchema,
  workOrderKinds,
  workOrderPriorities,
  type WorkOrderDto,
  type WorkOrderKind,
  type WorkOrderPriority,
} from '@domain/schemas/work-orders';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { api } from '@/lib/api';
import { translateError, translateMessage } from '@/lib/translate-message';
import { useAssignees, useProposal } from '../api/get-lookups';
import { useCreateWorkOrder } from '../api/mutations';

type Props = {
  equipmentId?: string | null;
  defectId?: string | null;
  onCreated: (w: WorkOrderDto) => void;
  onCancel: () => void;
};

/**
 * New work order (owners and managers): by hand, or from a due machine (its service parts as tasks)
 * or an open defect (its note carried over). Checked with the domain schema before it is sent.
 */
export function WorkOrderForm({ equipmentId = null, defectId = null, onCreated, onCancel }: Props) {
  const { t } = useTranslation('workOrders');
  const [machine, setMachine] = useState(equipmentId ?? '');
  const [title, setTitle] = useState('');
  const [kind, setKind] = useState<WorkOrderKind>(defectId ? 'repair' : 'service');
  const [priority, setPriority] = useState<WorkOrderPriority>('normal');
  const [dueDate, setDueDate] = useState('');
  const [assignee, setAssignee] = useState('');
  const [vendor, setVendor] = useState('');
  const [tasks, setTasks] = useState('');
  const [notes, setNotes] = useState('');
  const [error, setError] = useState<string | null>(null);
  const machines = useQuery({
    queryKey: ['work-orders', 'machines'],
    queryFn: () => api.get<EquipmentOptions>('/api/equipment/options'),
  });
  const assignees = useAssignees();
  const proposal = useProposal(machine || null);
  const create = useCreateWorkOrder();

  const p = proposal.data;
  useEffect(() => {
    if (!p) return;
    setTitle((v) => v || (defectId ? '' : t('serviceTitle', { name: p.title })));
    setTasks((v) => v || p.tasks.join('\n'));
  }, [p, defectId, t]);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const body = {
      equipmentId: machine,
      title,
      kind,
      priority,
      dueDate: dueDate || null,
      assigneeId: assignee || null,
      vendor: vendor || null,
      tasks: tasks
        .split('\n')
        .map((s) => s.trim())
        .filter(Boolean)
        .map((label) => ({ label })),
      notes: notes || null,
      defectId,
    };
    const parsed = workOrderInputSchema.safeParse(body);
    if (!parsed.success) {
      setError(translateMessage(t, parsed.error.issues[0]?.message ?? '') ?? null);
      return;
    }
    setError(null);
    try {
      const w = await create.mutateAsync(body);
      toast({ title: t('created', { number: w.number }) });
      onCreated(w);
    } catch (err) {
      setError(translateError(t, err));
    }
  };

  return (
    <Card className="p-4">
      <form onSubmit={onSubmit} className="grid gap-3 sm:grid-cols-2" aria-label={t('new')}>
        <h2 className="text-lg font-semibold sm:col-span-2">{t('new')}</h2>
        <div className="grid gap-1 sm:col-span-2">
          <Label htmlFor="wo-machine">{t('machine')}</Label>
          <NativeSelect
            id="wo-machine"
            value={machine}
            onChange={(e) => setMachine(e.target.value)}
          >
            <option value="">{t('chooseMachine')}</option>
            {(machines.data?.items ?? []).map((m) => (
              <option key={m.id} value={m.id}>
                {m.name}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1 sm:col-span-2">
          <Label htmlFor="wo-title">{t('titleField')}</Label>
          <Input id="wo-title" value={title} onChange={(e) => setTitle(e.target.value)} />
        </div>
        <div className="grid gap-1">
          <Label htmlFor="wo-kind">{t('kind')}</Label>
          <NativeSelect
            id="wo-kind"
            value={kind}
            onChange={(e) => setKind(e.target.value as WorkOrderKind)}
          >
            {workOrderKinds.map((k) => (
              <option key={k} value={k}>
                {t(`kinds.${k}`)}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1">
          <Label htmlFor="wo-priority">{t('priority')}</Label>
          <NativeSelect
            id="wo-priority"
            value={priority}
            onChange={(e) => setPriority(e.target.value as WorkOrderPriority)}
          >
            {workOrderPriorities.map((k) => (
              <option key={k} value={k}>
                {t(`priorities.${k}`)}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1">
          <Label htmlFor="wo-due">{t('dueDate')}</Label>
          <Input
            id="wo-due"
            type="date"
            value={dueDate}
            onChange={(e) => setDueDate(e.target.value)}
          />
        </div>
        <div className="grid gap-1">
          <Label htmlFor="wo-assignee">{t('assignee')}</Label>
          <NativeSelect
            id="wo-assignee"
            value={assignee}
            onChange={(e) => {
              setAssignee(e.target.value);
              if (e.target.value) setVendor('');
            }}
          >
            <option value="">{t('nobody')}</option>
            {(assignees.data ?? []).map((a) => (
              <option key={a.id} value={a.id}>
                {a.name}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1 sm:col-span-2">
          <Label htmlFor="wo-vendor">{t('vendor')}</Label>
          <Input
            id="wo-vendor"
            value={vendor}
            onChange={(e) => {
              setVendor(e.target.value);
              if (e.target.value) setAssignee('');
            }}
          />
        </div>
        <div className="grid gap-1 sm:col-span-2">
          <Label htmlFor="wo-tasks">{t('tasksField')}</Label>
          <Textarea
            id="wo-tasks"
            rows={4}
            value={tasks}
            onChange={(e) => setTasks(e.target.value)}
          />
        </div>
        <div className="grid gap-1 sm:col-span-2">
          <Label htmlFor="wo-notes">{t('notes')}</Label>
          <Textarea
            id="wo-notes"
            rows={2}
            value={notes}
            onChange={(e) => setNotes(e.target.value)}
          />
        </div>
        {p && p.parts.length > 0 && (
          <p className="text-sm text-muted-foreground sm:col-span-2">
            {t('proposedParts', {
              list: p.parts.map((x) => `${x.name} × ${x.quantity}`).join(', '),
            })}
          </p>
        )}
        {error && (
          <p role="alert" className="text-sm text-destructive sm:col-span-2">
            {error}
          </p>
        )}
        <div className="flex gap-2 sm:col-span-2">
          <Button type="submit" disabled={create.isPending}>
            {t('create')}
          </Button>
          <Button type="button" variant="outline" onClick={onCancel}>
            {t('cancel')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
