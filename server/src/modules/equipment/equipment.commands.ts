/**
 * The equipment module's writes on a machine record: add, edit (also inside the import's transaction),
 * Delete Forever, a manager's usage increase and a note. History, usage totals and the equipment
 * version go through the ledger (the one writer); retire/restore, services and voids have their own
 * files (retirement, service-log, corrections).
 */
import { and, eq, isNull } from 'drizzle-orm';
import {
  auditedFields,
  checkSchedule,
  equipmentFieldsSchema,
  type EquipmentDto,
  type EquipmentInput,
  type EquipmentUpdate,
  type FieldChange,
  type NoteDto,
} from '@domain/schemas/equipment';
import type { DbOrTx } from '../../db/client';
import { company, equipment } from '../../db/schema/index';
import type { Deps } from '../../deps';
import { AppError, fromZodError } from '../../lib/errors';
import type { CompanyContext } from '../../plugins/session';
import { actorOf, bumpEquipmentVersion, moveTotals, record } from '../ledger/index';
import { checkCatalogueParts } from '../parts/index';
import { enqueueEvents, kickDelivery } from '../events/index';
import { machineStatusFromTasks } from '@domain/schedule';
import { columnsOf, editableOf } from './equipment.columns';
import { toNoteDto, type Row } from './equipment.dto';
import { equipmentDtoOf, tasksByMachine, type MachineTask } from './machine-tasks';
import { assertId, companyToday, countEquipment, findRow, notFound } from './equipment.queries';

/**
 * Adds a record. The company row is locked for the count-and-insert, so concurrent adds can
 * never pass the plan limit together. The usage it is added with is its first reading.
 */
export async function createEquipment(
  deps: Deps,
  ctx: CompanyContext,
  input: EquipmentInput,
): Promise<EquipmentDto> {
  const cols = columnsOf(input, true, null);
  await checkCatalogueParts(deps.db, ctx, input.serviceParts);
  const row = await deps.db.transaction(async (tx) => {
    await assertRoomForOneMore(tx, ctx, 'equipment.planLimit');
    const now = deps.now();
    const [created] = await tx
      .insert(equipment)
      .values({
        ...cols,
        companyId: ctx.companyId,
        userId: ctx.userId,
        dateAdded: now,
        lastUpdated: now,
        lastReadingAt: now,
      })
      .returning();
    if (!created) throw new Error('insert returned nothing');
    await record(tx, actorOf(ctx), created.id, now, {
      kind: 'added',
      params: { usage: created.currentUsage, unit: created.unit },
    });
    await bumpEquipmentVersion(tx, ctx.companyId);
    return created;
  });
  return equipmentDtoOf(deps.db, ctx.companyId, row, deps.now(), companyToday(deps, ctx));
}

/** Locks the company row and refuses when its active machines already fill the plan. */
export async function assertRoomForOneMore(
  tx: DbOrTx,
  ctx: CompanyContext,
  key: 'equipment.planLimit' | 'equipment.restorePlanLimit',
): Promise<void> {
  const [c] = await tx
    .select({ limit: company.equipmentLimit })
    .from(company)
    .where(eq(company.id, ctx.companyId))
    .for('no key update');
  if (!c) throw notFound();
  if (c.limit === -1) return;
  const n = await countEquipment(tx, ctx.companyId);
  if (n >= c.limit) throw new AppError('plan_limit', key, { params: { limit: c.limit } });
}

/** Audited fields whose value differs (usage has its own correction entry). */
function changesOf(before: Row, after: Row): FieldChange[] {
  const out: FieldChange[] = [];
  for (const f of auditedFields) {
    const from = before[f] ?? null;
    const to = after[f] ?? null;
    if (JSON.stringify(from) !== JSON.stringify(to)) out.push({ field: f, from, to });
  }
  return out;
}

/**
 * Edit: the patch is merged with the record and the whole is validated. A lowered reading is allowed
 * and written to history as a correction; every other audited change is written as one `change`
 * entry (who, when, old and new values). The next calendar date follows the last service, so an edit
 * never moves a service date backwards.
 */
export async function updateEquipment(
  deps: Deps,
  ctx: CompanyContext,
  id: string,
  patch: EquipmentUpdate,
): Promise<EquipmentDto> {
  await checkCatalogueParts(deps.db, ctx, patch.serviceParts);
  const row = await deps.db.transaction(async (tx) => {
    const current = await findRow(tx, ctx, id, true);
    return updateEquipmentTx(tx, deps, ctx, current, patch);
  });
  kickDelivery(deps);
  return equipmentDtoOf(deps.db, ctx.companyId, row, deps.now(), companyToday(deps, ctx));
}

/**
 * The edit inside the caller's transaction, on a machine the caller has locked (`findRow(tx, ctx, id,
 * true)`): used by PATCH /api/equipment/:id and by the spreadsheet import's updates.
 */
export async function updateEquipmentTx(
  tx: DbOrTx,
  deps: Deps,
  ctx: CompanyContext,
  current: Row,
  patch: EquipmentUpdate,
): Promise<Row> {
  const merged = {
    ...editableOf(current),
    ...Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)),
    // A unit without a capacity says nothing: the stored capacity stays in gallons.
    ...(patch.tankCapacity === undefined ? { tankCapacityUnit: undefined } : {}),
  };
  const parsed = equipmentFieldsSchema.superRefine(checkSchedule).safeParse(merged);
  if (!parsed.success) throw fromZodError(parsed.error);
  const cols = columnsOf(parsed.data, false, current.lastServiceDate);
  const now = deps.now();
  const { currentUsage, ...other } = cols;
  const usageChanged = currentUsage !== current.currentUsage;
  // The usage cannot go below the usage at the last service (the status would go negative and read Good):
  // the service entry is what to correct (issue 24).
  if (
    (usageChanged || cols.lastServiceUsage !== current.lastServiceUsage) &&
    currentUsage < cols.lastServiceUsage
  )
    throw new AppError('validation', 'equipment.usageBelowLastService', {
      params: { lastService: cols.lastServiceUsage },
      fieldErrors: { currentUsage: 'equipment.usageBelowLastService' },
    });
  // The tasks before the edit (the primary task follows the edited fields in the same statement).
  const tasksBefore = (await tasksByMachine(tx, ctx.companyId, [current.id])).get(current.id);
  const updated = await moveTotals(
    tx,
    ctx.companyId,
    current.id,
    usageChanged ? { usage: currentUsage } : {},
    { ...other, lastUpdated: now, ...(usageChanged ? { lastReadingAt: now } : {}) },
  );
  if (!updated) throw notFound();
  if (usageChanged) {
    await record(tx, actorOf(ctx), current.id, now, {
      kind: 'correction',
      params: { previousUsage: current.currentUsage, usage: cols.currentUsage, unit: current.unit },
    });
  }
  const changes = changesOf(current, updated);
  if (changes.length > 0)
    await record(tx, actorOf(ctx), current.id, now, { kind: 'change', params: { changes } });
  await announceStatusChange(tx, ctx, current, updated, companyToday(deps, ctx), now, tasksBefore);
  await bumpEquipmentVersion(tx, ctx.companyId);
  return updated;
}

/**
 * Webhooks (issue 29): `equipment.status_changed` when a manager's edit or usage increase moved the
 * machine's status (its worst task's), in the transaction of the change (readings and services announce
 * their own). `tasksBefore`: the machine's tasks before the change, when it changed them (else the same).
 */
export async function announceStatusChange(
  tx: DbOrTx,
  ctx: CompanyContext,
  before: Row,
  after: Row,
  today: string,
  now: Date,
  tasksBefore?: readonly MachineTask[],
): Promise<void> {
  const tasksAfter = (await tasksByMachine(tx, ctx.companyId, [after.id])).get(after.id) ?? [];
  const from = machineStatusFromTasks(tasksBefore ?? tasksAfter, before, today).serviceStatus;
  const to = machineStatusFromTasks(tasksAfter, after, today).serviceStatus;
  if (from === to) return;
  await enqueueEvents(
    tx,
    ctx.companyId,
    [
      {
        type: 'equipment.status_changed',
        data: { equipmentId: after.id, from, to, usage: after.currentUsage },
      },
    ],
    now,
  );
}

/** Delete Forever: the only call that removes a machine's history (active or retired). */
export async function deleteEquipment(deps: Deps, ctx: CompanyContext, id: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const deleted = await tx
      .delete(equipment)
      .where(and(eq(equipment.id, assertId(id)), eq(equipment.companyId, ctx.companyId)))
      .returning({ id: equipment.id });
    if (deleted.length === 0) throw notFound();
    await bumpEquipmentVersion(tx, ctx.companyId);
  });
}

/** Adds an increase (> 0) with SQL arithmetic, never read-modify-write; writes a usage_update note. */
export async function increaseUsage(
  deps: Deps,
  ctx: CompanyContext,
  id: string,
  increase: number,
): Promise<EquipmentDto> {
  const row = await deps.db.transaction(async (tx) => {
    const now = deps.now();
    const updated = await moveTotals(
      tx,
      ctx.companyId,
      assertId(id),
      { increaseBy: increase },
      { lastUpdated: now, lastReadingAt: now },
      isNull(equipment.retiredAt),
    );
    if (!updated) {
      await findRow(tx, ctx, id); // not found, or retired (409)
      throw notFound();
    }
    await record(tx, actorOf(ctx), updated.id, now, {
      kind: 'reading',
      params: {
        source: 'manager',
        previousUsage: Number((updated.currentUsage - increase).toFixed(2)),
        usage: updated.currentUsage,
        unit: updated.unit,
      },
    });
    const before = { ...updated, currentUsage: updated.currentUsage - increase };
    await announceStatusChange(tx, ctx, before, updated, companyToday(deps, ctx), now);
    await bumpEquipmentVersion(tx, ctx.companyId);
    return updated;
  });
  kickDelivery(deps);
  return equipmentDtoOf(deps.db, ctx.companyId, row, deps.now(), companyToday(deps, ctx));
}

export async function createNote(
  deps: Deps,
  ctx: CompanyContext,
  id: string,
  content: string,
): Promise<NoteDto> {
  const e = await findRow(deps.db, ctx, id);
  return toNoteDto(
    await record(deps.db, actorOf(ctx), e.id, deps.now(), {
      kind: 'note',
      params: { text: content },
    }),
  );
}
