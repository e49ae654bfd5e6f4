/**
 * Doing the work (issue 40): a service resets the tasks it did. Mark as Serviced (PATCH
 * /api/equipment/:id/reset-service) and a work order's completion name the tasks (`taskIds`); each chosen
 * task resets at the service's usage and date, the primary one through the machine's own fields (the
 * compatibility mapping), the others here (the schedule module is their only writer). A service
 * without tasks does the primary task only, as before tasks existed.
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { nextDueDateOf } from '@domain/schedule';
import type { EquipmentDto, ServiceInput } from '@domain/schemas/equipment';
import type { DbOrTx } from '../../db/client';
import { serviceTask } from '../../db/schema/index';
import type { Deps } from '../../deps';
import { AppError, notFound } from '../../lib/errors';
import type { CompanyContext } from '../../plugins/session';
import {
  companyToday,
  equipmentDtoOf,
  findRow,
  recordServiceTx,
  type TasksDone,
} from '../equipment/index';
import { kickDelivery } from '../events/index';
import { everyTimeOf } from './task-rows';

/** The tasks of `ids` that are the machine's own (the company's). */
const machineTasksIn = (ctx: CompanyContext, equipmentId: string, ids: string[]) =>
  and(
    eq(serviceTask.companyId, ctx.companyId),
    eq(serviceTask.equipmentId, equipmentId),
    inArray(serviceTask.id, ids),
  );

/**
 * The tasks a service did, of one machine the caller has locked: each id must be one of the machine's
 * tasks (else 404, nothing written). Their rows are locked until the service's transaction ends.
 */
export async function tasksDoneOf(
  tx: DbOrTx,
  ctx: CompanyContext,
  equipmentId: string,
  taskIds: readonly string[],
  now: Date,
  /** A work order's tasks at completion: those removed meanwhile are left out, not a 404. */
  missing: 'refuse' | 'skip' = 'refuse',
): Promise<TasksDone> {
  const wanted = [...new Set(taskIds)];
  const rows = await tx
    .select()
    .from(serviceTask)
    .where(machineTasksIn(ctx, equipmentId, wanted))
    .orderBy(serviceTask.position, serviceTask.createdAt, serviceTask.id)
    .for('update');
  if (missing === 'refuse' && rows.length !== wanted.length)
    throw notFound('schedule.taskNotFound');
  const others = rows.filter((r) => !r.isPrimary);
  return {
    tasks: rows.map((r) => ({
      id: r.id,
      task: r.name,
      ...(r.isPrimary
        ? { primary: true }
        : { before: { usage: r.lastDoneUsage, date: r.lastDoneDate, next: r.nextDueDate } }),
    })),
    resetsPrimary: rows.some((r) => r.isPrimary),
    resetOthers: async (db, usage, date) => {
      for (const r of others) {
        // A back-dated service never moves a task's last done backwards (as the primary's rule).
        if (r.lastDoneDate && date < r.lastDoneDate) continue;
        await db
          .update(serviceTask)
          .set({
            lastDoneUsage: usage,
            lastDoneDate: date,
            nextDueDate: nextDueDateOf(date, everyTimeOf(r)),
            updatedAt: now,
          })
          .where(and(eq(serviceTask.id, r.id), eq(serviceTask.companyId, ctx.companyId)));
      }
    },
  };
}

/** Mark as Serviced: the service entry, and the tasks it did reset (the primary only without `taskIds`). */
export async function markServiced(
  deps: Deps,
  ctx: CompanyContext,
  id: string,
  input: ServiceInput,
): Promise<EquipmentDto> {
  const today = companyToday(deps, ctx);
  const row = await deps.db.transaction(async (tx) => {
    const e = await findRow(tx, ctx, id, true);
    const done = input.taskIds
      ? await tasksDoneOf(tx, ctx, e.id, input.taskIds, deps.now())
      : undefined;
    return recordServiceTx(tx, deps, ctx, e, input, today, undefined, done);
  });
  kickDelivery(deps);
  return equipmentDtoOf(deps.db, ctx.companyId, row, deps.now(), today);
}

/** Service task ids checked to be the machine's own (a work order's `taskIds`): 404 for any other. */
export async function machineTaskIdsOf(
  db: DbOrTx,
  ctx: CompanyContext,
  equipmentId: string,
  taskIds: readonly string[],
): Promise<string[]> {
  const wanted = [...new Set(taskIds)];
  if (wanted.length === 0) return [];
  const rows = await db
    .select({ id: serviceTask.id })
    .from(serviceTask)
    .where(machineTasksIn(ctx, equipmentId, wanted));
  if (rows.length !== wanted.length)
    throw new AppError('not_found', 'schedule.taskNotFound', {
      fieldErrors: { taskIds: 'schedule.taskNotFound' },
    });
  return wanted;
}

/**
 * The tasks a work order does that still exist when it is completed (a task removed meanwhile is left
 * out; none left: the order does the primary task, as a service without tasks).
 */
export async function remainingTasksDone(
  db: DbOrTx,
  ctx: CompanyContext,
  equipmentId: string,
  taskIds: readonly string[],
  now: Date,
): Promise<TasksDone | undefined> {
  if (taskIds.length === 0) return undefined;
  const done = await tasksDoneOf(db, ctx, equipmentId, taskIds, now, 'skip');
  return done.tasks.length > 0 ? done : undefined;
}

/**
 * A voided service's tasks (issue 40; docs/decisions/void-a-service.md): each task of the machine's own
 * that it reset, and that nothing moved since (its last done is still the service's usage and date), is
 * put back as the service found it (`before`). The primary task follows the machine's fields, which the
 * void itself puts back.
 */
export async function restoreTasksOfVoidedService(
  tx: DbOrTx,
  ctx: CompanyContext,
  equipmentId: string,
  service: {
    usage: number | null;
    date: string | null;
    tasks?: TasksDone['tasks'];
  },
  now: Date,
): Promise<void> {
  if (!service.date) return;
  for (const t of service.tasks ?? []) {
    if (t.primary || !t.before) continue;
    await tx
      .update(serviceTask)
      .set({
        lastDoneUsage: t.before.usage,
        lastDoneDate: t.before.date,
        nextDueDate: t.before.next,
        updatedAt: now,
      })
      .where(
        and(
          eq(serviceTask.id, t.id),
          eq(serviceTask.companyId, ctx.companyId),
          eq(serviceTask.equipmentId, equipmentId),
          eq(serviceTask.lastDoneDate, service.date),
          service.usage === null
            ? isNull(serviceTask.lastDoneUsage)
            : eq(serviceTask.lastDoneUsage, service.usage),
        ),
      );
  }
}
