/**
 * Every service task of a company's active machines with what the engine says of it (issue 40): Due
 * soon, the digest, the calendar feed and the `service_task.due` webhook all read this one list. Two
 * steps whatever the fleet: the tasks with their machines in one query, and the machines' readings in
 * readingsOf's two (only for machines with a usage interval on some task), so three queries in all,
 * after the company's equipment version (a kept answer is used while it is the same).
 */
import { and, eq, isNull } from 'drizzle-orm';
import { addInterval } from '@domain/dates';
import { nextDueUsageOf, viewTask, type TaskView } from '@domain/schedule';
import type { DueList, DueQuery, DueTask } from '@domain/schemas/maintenance';
import { RENEWAL_WINDOW_DAYS } from '@domain/schemas/maintenance';
import { statusRank } from '@domain/status';
import { cycleKeyOf } from '@domain/task-cycle';
import { usualDailyUsage } from '@domain/usage-rate';
import type { DbOrTx } from '../../db/client';
import { equipment, equipmentVersion, serviceTask } from '../../db/schema/index';
import { readingsOf } from '../equipment/index';
import { figuresOf, type TaskRow } from '../schedule/index';

/** A company's tasks are bounded like its fleet (plans go up to a few thousand machines, a few tasks each). */
const TASK_LIMIT = 60_000;

/** What the lists read of a task: no timestamps, notes or program links (mapping them cost more than the query). */
const taskColumns = {
  id: serviceTask.id,
  equipmentId: serviceTask.equipmentId,
  isPrimary: serviceTask.isPrimary,
  name: serviceTask.name,
  category: serviceTask.category,
  everyUsage: serviceTask.everyUsage,
  everyTimeCount: serviceTask.everyTimeCount,
  everyTimeUnit: serviceTask.everyTimeUnit,
  parts: serviceTask.parts,
  estimatedCost: serviceTask.estimatedCost,
  position: serviceTask.position,
  lastDoneUsage: serviceTask.lastDoneUsage,
  lastDoneDate: serviceTask.lastDoneDate,
  nextDueDate: serviceTask.nextDueDate,
};
type ListedTask = Pick<TaskRow, keyof typeof taskColumns>;

const machineColumns = {
  name: equipment.name,
  type: equipment.type,
  unit: equipment.unit,
  serialNumber: equipment.serialNumber,
  currentUsage: equipment.currentUsage,
  serviceParts: equipment.serviceParts,
};

export type CompanyTask = {
  task: ListedTask;
  machine: { id: string } & Pick<
    typeof equipment.$inferSelect,
    'name' | 'type' | 'unit' | 'serialNumber' | 'currentUsage' | 'serviceParts'
  >;
  view: TaskView<ReturnType<typeof figuresOf>>;
  /** The task's cycle (domain/task-cycle.ts). */
  cycle: string;
};

/**
 * The last answer per company, kept per process while the company's equipment version (raised by every
 * write of a machine, its usage or its tasks: decisions/0010) and its today are the same, for at most
 * KEEP_MS (the usage rate's window moves with time): a fleet of 12,000 tasks is read and computed once,
 * not on every Due soon request. Every app server reads the version from the database, so none serves a
 * list older than the last write it can see.
 */
const KEEP_MS = 60_000;
const KEPT_COMPANIES = 50;
const kept = new Map<
  string,
  { version: number; today: string; at: number; tasks: CompanyTask[] }
>();

/** Every scheduled task of the company's active machines, with its status and forecast for `today`. */
export async function companyTasks(
  db: DbOrTx,
  companyId: string,
  now: Date,
  today: string,
): Promise<CompanyTask[]> {
  const [v] = await db
    .select({ version: equipmentVersion.version })
    .from(equipmentVersion)
    .where(eq(equipmentVersion.companyId, companyId));
  const version = Number(v?.version ?? 0);
  const hit = kept.get(companyId);
  if (
    hit &&
    hit.version === version &&
    hit.today === today &&
    now.getTime() - hit.at >= 0 &&
    now.getTime() - hit.at < KEEP_MS
  )
    return hit.tasks;
  const tasks = await readCompanyTasks(db, companyId, now, today);
  kept.delete(companyId);
  kept.set(companyId, { version, today, at: now.getTime(), tasks });
  if (kept.size > KEPT_COMPANIES) kept.delete(kept.keys().next().value!);
  return tasks;
}

async function readCompanyTasks(
  db: DbOrTx,
  companyId: string,
  now: Date,
  today: string,
): Promise<CompanyTask[]> {
  const rows = await db
    .select({ task: taskColumns, machine: machineColumns })
    .from(serviceTask)
    .innerJoin(equipment, eq(equipment.id, serviceTask.equipmentId))
    .where(
      and(
        eq(serviceTask.companyId, companyId),
        eq(equipment.companyId, companyId),
        isNull(equipment.retiredAt),
      ),
    )
    // No order: Due soon sorts what it keeps, the digest sorts its news; sorting 12,000 rows by name cost
    // more than the query itself.
    .limit(TASK_LIMIT);
  const metered = [
    ...new Set(rows.filter((r) => (r.task.everyUsage ?? 0) > 0).map((r) => r.task.equipmentId)),
  ];
  const readings = await readingsOf(db, companyId, metered, now);
  const rates = new Map(metered.map((id) => [id, usualDailyUsage(readings.get(id) ?? [], now)]));
  const none = usualDailyUsage([], now);
  const out: CompanyTask[] = [];
  for (const { task, machine } of rows) {
    const rate = rates.get(task.equipmentId) ?? none;
    // figuresOf reads only the interval and last done columns selected here.
    const view = viewTask(figuresOf(task as TaskRow), machine.currentUsage, rate, today);
    if (!view.status.hasSchedule) continue;
    out.push({
      task,
      machine: { id: task.equipmentId, ...machine },
      view,
      cycle: cycleKeyOf(task),
    });
  }
  return out;
}

const category = (c: string): DueTask['task']['category'] =>
  c === 'inspection' || c === 'renewal' ? c : 'service';

/** One task as a row of Due soon. */
export function toDueTask({ task: r, machine: m, view: v }: CompanyTask): DueTask {
  const parts =
    r.isPrimary && r.parts.length === 0
      ? m.serviceParts.map((p) => ({
          partId: p.partId ?? null,
          part: p.part,
          partNumber: p.partNumber ?? null,
          qty: p.qty ?? null,
        }))
      : r.parts.map((p) => ({
          partId: p.partId ?? null,
          part: p.part,
          partNumber: null,
          qty: p.qty ?? null,
        }));
  return {
    machine: {
      id: m.id,
      name: m.name,
      type: m.type,
      unit: m.unit,
      serialNumber: m.serialNumber,
      currentUsage: m.currentUsage,
    },
    task: {
      id: r.id,
      name: r.name,
      category: category(r.category),
      primary: r.isPrimary,
      parts,
      estimatedCost: r.estimatedCost,
    },
    dueAt: { usage: nextDueUsageOf(v.task), date: v.task.nextDueDate },
    basis: v.basis,
    forecastDate: v.forecast.dueDate,
    daysLeft: v.daysLeft,
    status: v.status.serviceStatus,
    usageStatus: v.status.usageStatus,
    percentUsed: v.percentUsed === null ? null : Math.round(v.percentUsed * 10) / 10,
    overdueUsage: v.status.overdueUsage,
    perDay: v.forecast.perDay,
  };
}

/** Due or overdue now, whatever its forecast says. */
export const dueNow = (t: CompanyTask) =>
  t.view.status.serviceStatus === 'time_for_service' || t.view.status.serviceStatus === 'overdue';

/**
 * Due soon: each task whose forecast date is within the window (a renewal's: RENEWAL_WINDOW_DAYS) or
 * that is due or overdue now; overdue first, then by forecast date, machine and task.
 */
export function dueListOf(
  tasks: readonly CompanyTask[],
  today: string,
  q: Pick<DueQuery, 'within' | 'category'>,
): Omit<DueList, 'items'> {
  const until = addInterval(today, q.within, 'days');
  const renewalsUntil = addInterval(today, RENEWAL_WINDOW_DAYS, 'days');
  const items = tasks
    .filter((t) => !q.category || category(t.task.category) === q.category)
    .filter((t) => {
      const last = t.task.category === 'renewal' ? renewalsUntil : until;
      const date = t.view.forecast.dueDate;
      return dueNow(t) || (date !== null && date <= last);
    })
    .sort(
      (a, b) =>
        Number(b.view.status.serviceStatus === 'overdue') -
          Number(a.view.status.serviceStatus === 'overdue') ||
        (a.view.forecast.dueDate ?? today).localeCompare(b.view.forecast.dueDate ?? today) ||
        statusRank(b.view.status.serviceStatus) - statusRank(a.view.status.serviceStatus) ||
        a.machine.name.toLowerCase().localeCompare(b.machine.name.toLowerCase()) ||
        a.machine.id.localeCompare(b.machine.id) ||
        a.task.position - b.task.position ||
        a.task.name.localeCompare(b.task.name),
    )
    .map(toDueTask);
  return { today, within: q.within, renewalsWithin: RENEWAL_WINDOW_DAYS, tasks: items };
}

/**
 * The machines of the answer as before tasks (v1's `items`, kept for other programs): each machine
 * whose primary task's forecast date is within the window (the machine's own forecast was its primary
 * task's), overdue ones first, then by date and name.
 */
export function primaryDueOf(tasks: readonly CompanyTask[], today: string, within: number) {
  const until = addInterval(today, within, 'days');
  return tasks
    .filter((t) => t.task.isPrimary && t.view.forecast.dueDate !== null)
    .filter((t) => t.view.forecast.dueDate! <= until)
    .sort(
      (a, b) =>
        Number(b.view.status.serviceStatus === 'overdue') -
          Number(a.view.status.serviceStatus === 'overdue') ||
        a.view.forecast.dueDate!.localeCompare(b.view.forecast.dueDate!) ||
        a.machine.name.toLowerCase().localeCompare(b.machine.name.toLowerCase()),
    );
}
