/**
 * A service task as stored, as the engine reads it (domain/schedule.ts) and as the API answers it
 * (domain/schemas/schedule.ts taskDtoSchema). Pure mapping and the schedule's own lookups.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  nextDueUsageOf,
  viewTask,
  type EveryTime,
  type TaskFigures,
  type TaskTimeUnit,
} from '@domain/schedule';
import { taskTimeUnits } from '@domain/schedule';
import type { TaskDto } from '@domain/schemas/schedule';
import { usualDailyUsage, type Reading } from '@domain/usage-rate';
import type { DbOrTx } from '../../db/client';
import { serviceProgram, serviceTask } from '../../db/schema/index';
import { AppError, notFound } from '../../lib/errors';
import type { CompanyContext } from '../../plugins/session';

export type TaskRow = typeof serviceTask.$inferSelect;
export type ProgramRow = typeof serviceProgram.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** An id that is not a uuid cannot be this company's: 404 (never a database error). */
export function assertUuid(id: string, key: 'schedule.taskNotFound' | 'schedule.programNotFound') {
  if (!UUID.test(id)) throw notFound(key);
  return id;
}

const unitOf = (u: string | null): TaskTimeUnit | null =>
  taskTimeUnits.find((x) => x === u) ?? null;

export function everyTimeOf(r: {
  everyTimeCount: number | null;
  everyTimeUnit: string | null;
}): EveryTime | null {
  const unit = unitOf(r.everyTimeUnit);
  return r.everyTimeCount && r.everyTimeCount > 0 && unit
    ? { count: r.everyTimeCount, unit }
    : null;
}

export const figuresOf = (r: TaskRow): TaskFigures & { id: string; name: string } => ({
  id: r.id,
  name: r.name,
  everyUsage: r.everyUsage !== null && r.everyUsage > 0 ? r.everyUsage : null,
  everyTime: everyTimeOf(r),
  lastDoneUsage: r.lastDoneUsage,
  lastDoneDate: r.lastDoneDate,
  nextDueDate: r.nextDueDate,
});

export const partsDtoOf = (parts: TaskRow['parts']) =>
  (parts ?? []).map((p) => ({ partId: p.partId ?? null, part: p.part, qty: p.qty ?? null }));

/** Each task as the API answers it, for the machine's current usage and its readings' usual rate. */
export function toTaskDtos(
  rows: readonly TaskRow[],
  machine: { currentUsage: number },
  readings: readonly Reading[],
  now: Date,
  today: string,
): TaskDto[] {
  const rate = usualDailyUsage(readings, now);
  return rows.map((r) => {
    const v = viewTask(figuresOf(r), machine.currentUsage, rate, today);
    return {
      id: r.id,
      equipmentId: r.equipmentId,
      name: r.name,
      category: r.category as TaskDto['category'],
      primary: r.isPrimary,
      programId: r.programId,
      changedFromProgram: r.changedFromProgram,
      everyUsage: v.task.everyUsage,
      everyTime: v.task.everyTime,
      lastDone: { usage: r.lastDoneUsage, date: r.lastDoneDate },
      next: { usage: nextDueUsageOf(v.task), date: r.nextDueDate },
      status: v.status.serviceStatus,
      percentUsed: v.percentUsed === null ? null : Math.round(v.percentUsed * 10) / 10,
      daysLeft: v.daysLeft,
      forecastDate: v.forecast.dueDate,
      basis: v.basis,
      parts: partsDtoOf(r.parts),
      estimatedCost: r.estimatedCost,
      notes: r.notes,
    };
  });
}

/** A machine's tasks in their order (the primary first). */
export function tasksOf(db: DbOrTx, companyId: string, equipmentIds: readonly string[]) {
  if (equipmentIds.length === 0) return Promise.resolve([] as TaskRow[]);
  return db
    .select()
    .from(serviceTask)
    .where(
      and(
        eq(serviceTask.companyId, companyId),
        inArray(serviceTask.equipmentId, [...equipmentIds]),
      ),
    )
    .orderBy(
      asc(serviceTask.equipmentId),
      asc(serviceTask.position),
      asc(serviceTask.createdAt),
      asc(serviceTask.id),
    );
}

/** One task of one machine of the company, or 404. */
export async function findTask(
  db: DbOrTx,
  ctx: CompanyContext,
  equipmentId: string,
  taskId: string,
  lock = false,
): Promise<TaskRow> {
  const qb = db
    .select()
    .from(serviceTask)
    .where(
      and(
        eq(serviceTask.id, assertUuid(taskId, 'schedule.taskNotFound')),
        eq(serviceTask.equipmentId, equipmentId),
        eq(serviceTask.companyId, ctx.companyId),
      ),
    );
  const [row] = lock ? await qb.for('update') : await qb;
  if (!row) throw notFound('schedule.taskNotFound');
  return row;
}

/** One program of the company, or 404. */
export async function findProgram(
  db: DbOrTx,
  ctx: CompanyContext,
  id: string,
  lock = false,
): Promise<ProgramRow> {
  const qb = db
    .select()
    .from(serviceProgram)
    .where(
      and(
        eq(serviceProgram.id, assertUuid(id, 'schedule.programNotFound')),
        eq(serviceProgram.companyId, ctx.companyId),
      ),
    );
  const [row] = lock ? await qb.for('update') : await qb;
  if (!row) throw notFound('schedule.programNotFound');
  return row;
}

/** The field rules a task is checked with against its machine (400, nothing written). */
export function checkAgainstMachine(
  machine: { unit: string; currentUsage: number },
  task: { everyUsage?: number | null; lastDone?: { usage?: number | null; date?: string | null } },
  today: string,
  prefix = '',
): void {
  if (task.everyUsage != null && machine.unit === 'n/a')
    throw new AppError('validation', 'schedule.usageOnNoUnit', {
      fieldErrors: { [`${prefix}everyUsage`]: 'schedule.usageOnNoUnit' },
    });
  checkLastDone(machine, task.lastDone, today);
}

export function checkLastDone(
  machine: { currentUsage: number },
  lastDone: { usage?: number | null; date?: string | null } | undefined,
  today: string,
): void {
  if (lastDone?.usage != null && lastDone.usage > machine.currentUsage)
    throw new AppError('validation', 'schedule.lastDoneUsageAbove', {
      params: { current: machine.currentUsage },
      fieldErrors: { 'lastDone.usage': 'schedule.lastDoneUsageAbove' },
    });
  if (lastDone?.date != null && lastDone.date > today)
    throw new AppError('validation', 'schedule.lastDoneDateFuture', {
      fieldErrors: { 'lastDone.date': 'schedule.lastDoneDateFuture' },
    });
}

/** Values of a task's template fields as stored (a machine's task, a program's template). */
export const storedTaskFields = (t: {
  name: string;
  category: string;
  everyUsage?: number | null;
  everyTime?: EveryTime | null;
  parts?: { partId?: string | null; part: string; qty?: number | null }[] | undefined;
  estimatedCost?: number | null;
  notes?: string | null;
}) => ({
  name: t.name,
  category: t.category,
  everyUsage: t.everyUsage ?? null,
  everyTimeCount: t.everyTime?.count ?? null,
  everyTimeUnit: t.everyTime?.unit ?? null,
  parts: partsDtoOf(t.parts ?? []),
  estimatedCost: t.estimatedCost ?? null,
  notes: t.notes ?? null,
});
