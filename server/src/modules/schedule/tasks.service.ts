/**
 * A machine's service tasks (issue 40): list with each task's status and forecast, add, change, remove.
 * The schedule module is the only code that writes service_task. The primary task's interval and last
 * done are the equipment form's fields (the compatibility mapping, docs/decisions/maintenance-schedule.md):
 * they are changed through the equipment module's edit, and the database moves the primary task with
 * them in the same statement.
 */
import { and, eq, max } from 'drizzle-orm';
import { nextDueDateOf } from '@domain/schedule';
import {
  taskInputSchema,
  type TaskDto,
  type TaskInput,
  type TaskPatch,
} from '@domain/schemas/schedule';
import type { EquipmentUpdate } from '@domain/schemas/equipment';
import { todayIn } from '@domain/dates';
import type { DbOrTx } from '../../db/client';
import { serviceTask } from '../../db/schema/index';
import type { Deps } from '../../deps';
import { AppError, fromZodError } from '../../lib/errors';
import type { CompanyContext } from '../../plugins/session';
import { findAnyRow, findRow, readingsOf, updateEquipmentTx, type Row } from '../equipment/index';
import { actorOf, bumpEquipmentVersion, record } from '../ledger/index';
import { checkCatalogueParts } from '../parts/index';
import { kickDelivery } from '../events/index';
import {
  checkAgainstMachine,
  checkLastDone,
  everyTimeOf,
  findTask,
  partsDtoOf,
  storedTaskFields,
  tasksOf,
  toTaskDtos,
  type TaskRow,
} from './task-rows';

export const todayOf = (deps: Deps, ctx: CompanyContext) =>
  todayIn(ctx.company.timeZone, deps.now());

/** Every task of one machine, as the API answers them (the machine's one rate, each task's interval). */
export async function taskDtosOf(
  db: DbOrTx,
  deps: Deps,
  ctx: CompanyContext,
  machine: Row,
): Promise<TaskDto[]> {
  const rows = await tasksOf(db, ctx.companyId, [machine.id]);
  const now = deps.now();
  const needsRate = rows.some((r) => r.everyUsage !== null && r.everyUsage > 0);
  const readings = needsRate
    ? ((await readingsOf(db, ctx.companyId, [machine.id], now)).get(machine.id) ?? [])
    : [];
  return toTaskDtos(rows, machine, readings, now, todayOf(deps, ctx));
}

/** A machine's tasks, retired or not (its page and history stay readable; writes refuse a retired one). */
export async function listTasks(deps: Deps, ctx: CompanyContext, equipmentId: string) {
  const machine = await findAnyRow(deps.db, ctx, equipmentId);
  return taskDtosOf(deps.db, deps, ctx, machine);
}

const oneDto = async (db: DbOrTx, deps: Deps, ctx: CompanyContext, machine: Row, id: string) => {
  const all = await taskDtosOf(db, deps, ctx, machine);
  const dto = all.find((t) => t.id === id);
  if (!dto) throw new Error('task vanished');
  return dto;
};

/** Adds a task to a machine, last done at the given usage and date (default: its current usage, today). */
export async function createTask(
  deps: Deps,
  ctx: CompanyContext,
  equipmentId: string,
  input: TaskInput,
): Promise<TaskDto> {
  await checkCatalogueParts(deps.db, ctx, input.parts);
  const today = todayOf(deps, ctx);
  return deps.db.transaction(async (tx) => {
    const machine = await findRow(tx, ctx, equipmentId, true);
    checkAgainstMachine(machine, input, today);
    const lastDoneUsage = input.lastDone?.usage ?? machine.currentUsage;
    const lastDoneDate = input.lastDone?.date ?? today;
    const [{ top } = { top: null }] = await tx
      .select({ top: max(serviceTask.position) })
      .from(serviceTask)
      .where(
        and(eq(serviceTask.companyId, ctx.companyId), eq(serviceTask.equipmentId, machine.id)),
      );
    const now = deps.now();
    const [created] = await tx
      .insert(serviceTask)
      .values({
        companyId: ctx.companyId,
        equipmentId: machine.id,
        ...storedTaskFields(input),
        lastDoneUsage,
        lastDoneDate,
        nextDueDate: nextDueDateOf(lastDoneDate, input.everyTime ?? null),
        position: (top ?? 0) + 1,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!created) throw new Error('insert returned nothing');
    await record(tx, actorOf(ctx), machine.id, now, {
      kind: 'task_added',
      params: { task: created.name, program: null },
    });
    await bumpEquipmentVersion(tx, ctx.companyId);
    return oneDto(tx, deps, ctx, machine, created.id);
  });
}

/** The task's template fields and last done as the API compares them. */
const comparable = (r: TaskRow) => ({
  name: r.name,
  category: r.category,
  everyUsage: r.everyUsage,
  everyTime: everyTimeOf(r),
  lastDoneUsage: r.lastDoneUsage,
  lastDoneDate: r.lastDoneDate,
  parts: partsDtoOf(r.parts),
  estimatedCost: r.estimatedCost,
  notes: r.notes,
});
const TEMPLATE_FIELDS = new Set([
  'name',
  'category',
  'everyUsage',
  'everyTime',
  'parts',
  'estimatedCost',
  'notes',
]);

function changesOf(before: TaskRow, after: TaskRow) {
  const a = comparable(before);
  const b = comparable(after);
  return (Object.keys(a) as (keyof typeof a)[])
    .filter((k) => JSON.stringify(a[k]) !== JSON.stringify(b[k]))
    .map((k) => ({ field: k, from: a[k], to: b[k] }));
}

/** The task as it would be after the patch, checked by the same rules as a new one. */
function mergedOf(current: TaskRow, patch: TaskPatch) {
  const merged = {
    name: patch.name ?? current.name,
    category: patch.category ?? (current.category as TaskInput['category']),
    everyUsage: patch.everyUsage !== undefined ? patch.everyUsage : current.everyUsage,
    everyTime: patch.everyTime !== undefined ? patch.everyTime : everyTimeOf(current),
    parts: patch.parts ?? partsDtoOf(current.parts),
    estimatedCost: patch.estimatedCost !== undefined ? patch.estimatedCost : current.estimatedCost,
    notes: patch.notes !== undefined ? patch.notes : current.notes,
  };
  const parsed = taskInputSchema.safeParse(merged);
  if (!parsed.success) throw fromZodError(parsed.error);
  return parsed.data;
}

/**
 * Changes a task. A task that follows a program and has a template field changed is marked as changed
 * on its own (the program's later edits leave it alone). The primary task's interval and last done go
 * through the equipment form's fields.
 */
export async function updateTask(
  deps: Deps,
  ctx: CompanyContext,
  equipmentId: string,
  taskId: string,
  patch: TaskPatch,
): Promise<TaskDto> {
  await checkCatalogueParts(deps.db, ctx, patch.parts);
  const today = todayOf(deps, ctx);
  const dto = await deps.db.transaction(async (tx) => {
    let machine = await findRow(tx, ctx, equipmentId, true);
    const current = await findTask(tx, ctx, machine.id, taskId, true);
    const merged = mergedOf(current, patch);
    checkAgainstMachine(
      machine,
      { everyUsage: merged.everyUsage, lastDone: patch.lastDone },
      today,
    );
    const now = deps.now();
    if (current.isPrimary)
      machine = await writePrimaryFields(tx, deps, ctx, machine, current, patch);
    const lastDoneUsage = current.isPrimary
      ? current.lastDoneUsage
      : patch.lastDone?.usage !== undefined && patch.lastDone.usage !== null
        ? patch.lastDone.usage
        : current.lastDoneUsage;
    const lastDoneDate = current.isPrimary
      ? current.lastDoneDate
      : (patch.lastDone?.date ?? current.lastDoneDate);
    // The primary task's interval, last done and next date were moved with the machine's fields.
    const [fresh] = current.isPrimary
      ? await tx.select().from(serviceTask).where(eq(serviceTask.id, current.id))
      : [current];
    const templateChanged = Object.keys(patch).some(
      (k) =>
        TEMPLATE_FIELDS.has(k) &&
        JSON.stringify((patch as Record<string, unknown>)[k]) !==
          JSON.stringify((comparable(current) as Record<string, unknown>)[k]),
    );
    const [updated] = await tx
      .update(serviceTask)
      .set({
        ...storedTaskFields(merged),
        ...(current.isPrimary
          ? {
              everyUsage: fresh!.everyUsage,
              everyTimeCount: fresh!.everyTimeCount,
              everyTimeUnit: fresh!.everyTimeUnit,
            }
          : {
              lastDoneUsage,
              lastDoneDate,
              nextDueDate: nextDueDateOf(lastDoneDate, merged.everyTime ?? null),
            }),
        changedFromProgram: current.changedFromProgram || (!!current.programId && templateChanged),
        updatedAt: now,
      })
      .where(and(eq(serviceTask.id, current.id), eq(serviceTask.companyId, ctx.companyId)))
      .returning();
    if (!updated) throw new Error('update returned nothing');
    const changes = changesOf(current, updated);
    if (changes.length > 0)
      await record(tx, actorOf(ctx), machine.id, now, {
        kind: 'task_changed',
        params: { task: updated.name, primary: updated.isPrimary || undefined, changes },
      });
    await bumpEquipmentVersion(tx, ctx.companyId);
    return oneDto(tx, deps, ctx, machine, updated.id);
  });
  kickDelivery(deps);
  return dto;
}

/**
 * The primary task's interval and last done, written as the equipment form's fields (one validation,
 * one `change` entry, the status webhook); the database moves the primary task with them. A week is
 * written as 7 days (the form's calendar has days, months and years).
 */
async function writePrimaryFields(
  tx: DbOrTx,
  deps: Deps,
  ctx: CompanyContext,
  machine: Row,
  current: TaskRow,
  patch: TaskPatch,
): Promise<Row> {
  const edit: EquipmentUpdate = {};
  if (patch.everyUsage !== undefined) edit.serviceInterval = patch.everyUsage ?? 0;
  if (patch.everyTime !== undefined) {
    const t = patch.everyTime;
    edit.hasScheduledMaintenance = t !== null;
    if (t) {
      edit.maintenanceInterval = t.unit === 'weeks' ? t.count * 7 : t.count;
      edit.maintenanceIntervalUnit = t.unit === 'weeks' ? 'days' : t.unit;
      if (!machine.maintenanceStartDate)
        edit.maintenanceStartDate =
          patch.lastDone?.date ?? current.lastDoneDate ?? todayOf(deps, ctx);
    }
  }
  if (patch.lastDone?.usage != null) edit.lastServiceUsage = patch.lastDone.usage;
  if (patch.lastDone?.date != null && patch.lastDone.date !== current.lastDoneDate) {
    // Its last done date is the machine's last service once one is recorded: Mark as Serviced moves it.
    if (machine.lastServiceDate)
      throw new AppError('validation', 'schedule.primaryLastDone', {
        fieldErrors: { 'lastDone.date': 'schedule.primaryLastDone' },
      });
    edit.maintenanceStartDate = patch.lastDone.date;
  }
  if (Object.keys(edit).length === 0) return machine;
  checkLastDone(machine, patch.lastDone, todayOf(deps, ctx));
  return updateEquipmentTx(tx, deps, ctx, machine, edit);
}

/**
 * Removes a task. The primary task is the equipment form's schedule: removing it clears the machine's
 * Service Interval and Scheduled Maintenance.
 */
export async function deleteTask(
  deps: Deps,
  ctx: CompanyContext,
  equipmentId: string,
  taskId: string,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const machine = await findRow(tx, ctx, equipmentId, true);
    const current = await findTask(tx, ctx, machine.id, taskId, true);
    const now = deps.now();
    if (current.isPrimary)
      await updateEquipmentTx(tx, deps, ctx, machine, {
        serviceInterval: 0,
        hasScheduledMaintenance: false,
      });
    await tx
      .delete(serviceTask)
      .where(and(eq(serviceTask.id, current.id), eq(serviceTask.companyId, ctx.companyId)));
    await record(tx, actorOf(ctx), machine.id, now, {
      kind: 'task_removed',
      params: { task: current.name, primary: current.isPrimary || undefined },
    });
    await bumpEquipmentVersion(tx, ctx.companyId);
  });
  kickDelivery(deps);
}
