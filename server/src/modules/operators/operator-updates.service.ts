// Over 400 lines: submitting and the review queue still share this service (its exports moved out); splitting them is open work (issue 44).
import { randomUUID } from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import {
  type OperatorUpdateDto,
  type OperatorUpdateInput,
  type SubmitOperatorUpdateResponse,
} from '@domain/schemas/operators';
import { UPDATES_APPLIED_MAX, UPDATES_PENDING_MAX } from '@domain/operator-updates';
import { messageText } from '@domain/messages/catalogue';
import { todayIn } from '@domain/dates';
import { computeStatus, usageStanding } from '@domain/status';
import type { DbOrTx, Tx } from '../../db/client';
import { preparedPerDb } from '../../db/prepared';
import { apiKey, equipment, equipmentNote, operatorUpdate } from '../../db/schema/index';
import type { Deps } from '../../deps';
import { AppError, notFound } from '../../lib/errors';
import { keyReused } from '../../lib/idempotency';
import type { CompanyContext } from '../../plugins/session';
import { enqueueEvents, kickDelivery, readingEventWrite } from '../events/index';
import { entryOfUpdate, voidEntryTx, voidUpdateTx } from '../equipment/index';
import { implausible, unusual } from '../equipment/index';
import { findRow, statusColumns } from '../equipment/index';
import {
  actorName,
  bumpEquipmentVersion,
  moveTotals,
  operatorEntry,
  operatorUpdateWrites,
  operatorWriteParams,
  record,
  resetFuelTotals,
} from '../ledger/index';

type UpdateRow = typeof operatorUpdate.$inferSelect;
type EquipmentRow = typeof equipment.$inferSelect;

export const APPLIED_MESSAGE = messageText('operators.submitted');
export const PENDING_MESSAGE = messageText('operators.heldForReview');

/** The DTO's fields only (an explicit literal, like toEquipmentDto: no internal column can leak, no per-row schema parse). */
export function toUpdateDto(
  r: Omit<UpdateRow, 'companyId' | 'idempotencyKey' | 'reviewedBy' | 'voidedByUserId'> & {
    checklist?: string | null;
  },
): OperatorUpdateDto {
  return {
    id: r.id,
    equipmentId: r.equipmentId,
    equipmentName: r.equipmentName,
    operatorId: r.operatorId,
    operatorName: r.operatorName,
    newUsage: r.newUsage,
    fuelAdded: r.fuelAdded,
    fuelType: r.fuelType,
    notes: r.notes,
    status: r.status === 'applied' || r.status === 'rejected' ? r.status : 'pending',
    reason: r.reason,
    reviewedAt: r.reviewedAt ? r.reviewedAt.toISOString() : null,
    createdAt: r.createdAt.toISOString(),
    voided: r.voidedAt
      ? { at: r.voidedAt.toISOString(), by: r.voidedBy, reason: r.voidReason ?? '' }
      : null,
    device: r.device,
    ...(r.unit ? { unit: r.unit } : {}),
    checklist: r.checklist ?? null,
    unusual: r.status === 'applied' && r.reason === 'unusual_reading',
  };
}

function rollbackError(reading: number, current: number, unit: string) {
  return new AppError('validation', 'operators.meterRollback', {
    params: { reading, current, unit: unit === 'n/a' ? '' : unit },
    fieldErrors: { newUsage: 'operators.meterRollbackField' },
  });
}

async function lockEquipment(
  tx: Tx,
  companyId: string,
  equipmentId: string,
): Promise<EquipmentRow> {
  const rows = await tx
    .select()
    .from(equipment)
    .where(and(eq(equipment.id, equipmentId), eq(equipment.companyId, companyId)))
    .for('update')
    .limit(1);
  const row = rows[0];
  if (!row) throw notFound('equipment.notFound');
  if (row.retiredAt) throw new AppError('conflict', 'equipment.isRetired');
  return row;
}

/** Applies an approved update to its (locked) equipment: usage, fuel totals by type, history. One transaction. */
async function applyUpdate(
  tx: Tx,
  u: UpdateRow,
  eqRow: EquipmentRow,
  now: Date,
  userId: string | null,
) {
  const fuel = u.fuelAdded > 0 ? u.fuelAdded : 0;
  // A reading an API key sent (held, then approved) still names the key (issue 29).
  const [key] = u.operatorId
    ? await tx
        .select({ name: apiKey.name })
        .from(apiKey)
        .where(and(eq(apiKey.userId, u.operatorId), eq(apiKey.companyId, u.companyId)))
        .limit(1)
    : [];
  await moveTotals(
    tx,
    u.companyId,
    eqRow.id,
    {
      ...(u.newUsage !== null ? { usage: u.newUsage } : {}),
      addFuel: u.fuelType === 'diesel' ? { gas: 0, diesel: fuel } : { gas: fuel, diesel: 0 },
    },
    { lastUpdated: now, ...(u.newUsage !== null ? { lastReadingAt: now } : {}) },
  );
  const entry = operatorEntry({
    newUsage: u.newUsage,
    currentUsage: eqRow.currentUsage,
    unit: eqRow.unit,
    fuelAdded: fuel,
    fuelType: u.fuelType,
    notes: u.notes,
    unusual: u.reason === 'unusual_reading',
    via: key?.name,
  });
  await record(
    tx,
    { companyId: u.companyId, userId, name: u.operatorName },
    eqRow.id,
    now,
    entry,
    u.id,
  );
  await bumpEquipmentVersion(tx, u.companyId);
}

/** How an operator update names its sender: the one naming rule (ledger actorName). */
export function operatorDisplayName(ctx: CompanyContext): string {
  return actorName(ctx);
}

type Submission = {
  created: boolean;
  body: SubmitOperatorUpdateResponse;
  /** Webhook deliveries written with it (its reading.created or reading.held event). */
  events: number;
};

function respond(row: UpdateRow, created: boolean): Submission {
  const update = toUpdateDto(row);
  return {
    created,
    body: {
      update,
      status: update.status,
      message: row.status === 'pending' ? PENDING_MESSAGE : APPLIED_MESSAGE,
    },
    events: 0,
  };
}

/** What an update stores of its request, in the stored form (rounded as the columns round, blanks filled). */
type SentUpdate = Pick<UpdateRow, 'equipmentId' | 'newUsage' | 'fuelAdded' | 'fuelType' | 'notes'>;

/**
 * The answer to an idempotency key already recorded: the same request (the same sender, machine,
 * reading, fuel and notes, as stored) replays the first answer; another request under that key is
 * refused with 422 and writes nothing (docs/decisions/trustworthy-record.md).
 */
function replay(prior: UpdateRow, ctx: CompanyContext, sent: SentUpdate): Submission {
  const same =
    prior.operatorId === ctx.userId &&
    prior.equipmentId === sent.equipmentId &&
    prior.newUsage === sent.newUsage &&
    prior.fuelAdded === sent.fuelAdded &&
    prior.fuelType === sent.fuelType &&
    prior.notes === sent.notes;
  if (!same) throw keyReused();
  return respond(prior, false);
}

async function priorByKey(
  db: DbOrTx,
  companyId: string,
  key: string,
): Promise<UpdateRow | undefined> {
  const rows = await db
    .select()
    .from(operatorUpdate)
    .where(and(eq(operatorUpdate.companyId, companyId), eq(operatorUpdate.idempotencyKey, key)))
    .limit(1);
  return rows[0];
}

/** The machine, its row version (xmin) and the id of an update already recorded under the idempotency key. */
const readMachine = (db: DbOrTx) =>
  db
    .select({
      id: equipment.id,
      name: equipment.name,
      unit: equipment.unit,
      ...statusColumns,
      lastReadingAt: equipment.lastReadingAt,
      retiredAt: equipment.retiredAt,
      rowVersion: sql<string>`${equipment}.xmin::text`,
      priorId: sql<
        string | null
      >`(select ${operatorUpdate.id} from ${operatorUpdate} where ${operatorUpdate.companyId} = ${sql.placeholder('companyId')} and ${operatorUpdate.idempotencyKey} = ${sql.placeholder('key')})`,
    })
    .from(equipment)
    .where(
      and(
        eq(equipment.id, sql.placeholder('equipmentId')),
        eq(equipment.companyId, sql.placeholder('companyId')),
      ),
    );
const preparedRead = preparedPerDb((db: DbOrTx) =>
  readMachine(db).limit(1).prepare('operator_update_read'),
);

const p = (name: string) => sql.placeholder(name);
/**
 * The write of an operator update, one statement of fixed shape (prepared once per connection): lock the
 * machine only if it is still the row version that was read, record the update (nothing when the
 * idempotency key is already taken), and when applied add usage and fuel, write the history entry and,
 * when asked, raise the equipment version. One row (the new update's id, or null) when the machine was
 * locked; no row when it changed since it was read.
 */
function writeStatement(db: DbOrTx) {
  const locked = db.$with('locked', { id: sql<string>`id` }).as(
    sql`select ${equipment.id} as id from ${equipment}
      where ${equipment.id} = ${p('equipmentId')}::uuid and ${equipment.companyId} = ${p('companyId')}::uuid and ${equipment}.xmin = ${p('rowVersion')}::xid
      for update`,
  );
  const ins = db.$with('ins', { id: sql<string>`id` }).as(
    sql`insert into ${operatorUpdate} (company_id, equipment_id, equipment_name, operator_id, operator_name, new_usage, fuel_added,
        fuel_type, notes, status, reason, idempotency_key, device, unit, created_at)
      select ${p('companyId')}::uuid, locked.id, ${p('equipmentName')}::text, ${p('userId')}::uuid, ${p('operatorName')}::text,
        ${p('newUsage')}::numeric, ${p('fuelAdded')}::numeric, ${p('fuelType')}::text, ${p('notes')}::text, ${p('status')}::text,
        ${p('reason')}::text, ${p('idempotencyKey')}::text, ${p('device')}::text, ${p('unit')}::text, ${p('now')}::timestamptz
      from locked
      on conflict do nothing
      returning id`,
  );
  // The ledger's writes (usage and fuel, the history entry, the version), reading `locked` and `ins`.
  const { upd, note, bump } = operatorUpdateWrites(db, p);
  // Its webhook event (issue 29), for the company's endpoints that want it.
  const hook = readingEventWrite(db, p);
  return db
    .with(locked, ins, upd, note, bump, hook)
    .select({
      id: sql<string | null>`(select id::text from ins)`,
      events: sql<number>`(select count(*) from hook)::int`,
    })
    .from(locked)
    .prepare('operator_update_write');
}
const preparedWrite = preparedPerDb(writeStatement);

/**
 * One attempt at an operator update in two statements (no BEGIN/COMMIT round trips):
 * 1. read the machine, its row version (xmin) and any update already recorded under the idempotency key;
 * 2. decide in TypeScript (meter rollback, plausibility hold, whether the service standing changes),
 *    then one statement locks the machine only if it is still the row that was read, and inserts the
 *    update, adds usage and fuel, writes the history entry and, when the machine's standing changes,
 *    raises the equipment version (the dashboard overview's cache key).
 * Returns null when the machine changed in between (the caller tries again). With `tx` (a transaction
 * that locked the row in step 1) it cannot lose that race.
 */
async function attemptSubmit(
  db: DbOrTx,
  lock: boolean,
  ctx: CompanyContext,
  input: OperatorUpdateInput,
  idempotencyKey: string | null,
  now: Date,
  device: string | null,
  checklist: string | null = null,
): Promise<Submission | null> {
  const m = lock
    ? (
        await readMachine(db).for('update').limit(1).execute({
          companyId: ctx.companyId,
          equipmentId: input.equipmentId,
          key: idempotencyKey,
        })
      )[0]
    : (
        await preparedRead(db).execute({
          companyId: ctx.companyId,
          equipmentId: input.equipmentId,
          key: idempotencyKey,
        })
      )[0];
  if (!m || m.retiredAt) throw notFound('equipment.notFound');
  // The company's today now (a status is today's), before `now` becomes the reading's time.
  const today = todayIn(ctx.company.timeZone, now);
  now = takenTime(input.takenAt, m.lastReadingAt, now);
  // The columns are numeric(14,2) and numeric(14,3): send exactly what is stored, so the checks below
  // and the response see the stored values.
  const newUsage = input.newUsage === undefined ? null : Number(input.newUsage.toFixed(2));
  const fuelAdded = Number((input.fuelAdded ?? 0).toFixed(3));
  const fuelType = fuelAdded > 0 ? (input.fuelType ?? 'gas') : 'gas';
  const notes = input.notes ?? '';
  const sent = { equipmentId: m.id, newUsage, fuelAdded, fuelType, notes };
  if (idempotencyKey && m.priorId) {
    const prior = await priorByKey(db, ctx.companyId, idempotencyKey);
    if (prior) return replay(prior, ctx, sent);
  }
  if (newUsage !== null && newUsage < m.currentUsage)
    throw rollbackError(newUsage, m.currentUsage, m.unit);
  // Only what the meter cannot physically do is held; a possible but unusual reading is applied and
  // flagged for a manager to check (docs/decisions/trustworthy-record.md).
  const physical = newUsage !== null && implausible(m, newUsage, now);
  const held = physical;
  const flagged =
    !held && newUsage !== null && (await unusual(db, ctx.companyId, m, newUsage, now));
  const operatorName = operatorDisplayName(ctx);
  const status = held ? 'pending' : 'applied';
  const reason = physical ? 'implausible_reading' : flagged ? 'unusual_reading' : null;

  const applied = !held;
  // equipment.status_changed (webhooks, issue 29) when an applied reading moves the service status.
  const statusFrom = computeStatus(m, today).serviceStatus;
  const statusTo =
    applied && newUsage !== null
      ? computeStatus({ ...m, currentUsage: newUsage }, today).serviceStatus
      : statusFrom;
  const statusChanged = statusFrom !== statusTo;
  const rows = await preparedWrite(db).execute({
    equipmentId: m.id,
    companyId: ctx.companyId,
    rowVersion: m.rowVersion,
    equipmentName: m.name,
    userId: ctx.userId,
    operatorName,
    newUsage,
    fuelAdded,
    fuelType,
    notes,
    status,
    reason,
    idempotencyKey,
    device,
    unit: m.unit,
    now: now.toISOString(),
    eventId: randomUUID(),
    statusEventId: statusChanged ? randomUUID() : null,
    statusFrom: statusChanged ? statusFrom : null,
    statusTo: statusChanged ? statusTo : null,
    applied,
    gas: applied && fuelType === 'gas' ? fuelAdded : 0,
    diesel: applied && fuelType === 'diesel' ? fuelAdded : 0,
    ...operatorWriteParams(
      operatorEntry({
        newUsage,
        currentUsage: m.currentUsage,
        unit: m.unit,
        fuelAdded,
        fuelType,
        notes,
        checklist,
        unusual: flagged,
        via: ctx.apiKey?.name,
      }),
    ),
    bump:
      applied &&
      newUsage !== null &&
      usageStanding(m) !== usageStanding({ ...m, currentUsage: newUsage }),
  });
  const out = rows[0];
  if (!out) {
    if (lock) throw new Error('the locked machine changed');
    return null; // changed since it was read: try again
  }
  if (!out.id) {
    // The same idempotency key was recorded by a concurrent request in the meantime.
    const prior = idempotencyKey ? await priorByKey(db, ctx.companyId, idempotencyKey) : undefined;
    if (!prior) throw new AppError('conflict', 'operators.alreadySubmitted');
    return replay(prior, ctx, sent);
  }
  const row: UpdateRow = {
    id: out.id,
    companyId: ctx.companyId,
    equipmentId: m.id,
    equipmentName: m.name,
    operatorId: ctx.userId,
    operatorName,
    newUsage,
    fuelAdded,
    fuelType,
    notes,
    status,
    reason,
    idempotencyKey,
    device,
    unit: m.unit,
    reviewedBy: null,
    reviewedAt: null,
    createdAt: now,
    voidedAt: null,
    voidedBy: null,
    voidedByUserId: null,
    voidReason: null,
  };
  return { ...respond(row, true), events: Number(out.events) };
}

/**
 * The time an update is recorded at: when the phone made it (an update that waited for a signal,
 * issue 25), but never in the future (a phone's clock can be ahead) nor before the machine's last
 * reading (readings stay in order, and a wrong clock cannot move one into the past); else now.
 */
export function takenTime(takenAt: string | undefined, lastReadingAt: Date, now: Date): Date {
  if (!takenAt) return now;
  const t = new Date(takenAt).getTime();
  if (Number.isNaN(t)) return now;
  return new Date(Math.min(now.getTime(), Math.max(t, lastReadingAt.getTime())));
}

const OPTIMISTIC_ATTEMPTS = 3;

/**
 * An operator's reading, fuel and notes. Optimistic first (two statements); when the machine keeps
 * changing under it (many updates of one machine at once), it falls back to a transaction that locks
 * the machine first. Either way concurrent updates are never lost and a retried key is recorded once.
 */
export async function submitUpdate(
  deps: Deps,
  ctx: CompanyContext,
  input: OperatorUpdateInput,
  idempotencyKey: string | null,
  device: string | null = null,
): Promise<Submission> {
  const now = deps.now();
  let done: Submission | null = null;
  for (let i = 0; i < OPTIMISTIC_ATTEMPTS && !done; i++)
    done = await attemptSubmit(deps.db, false, ctx, input, idempotencyKey, now, device);
  done ??= await deps.db.transaction((tx) =>
    submitUpdateInTx(tx, ctx, input, idempotencyKey, now, device),
  );
  // Its webhook event was written with it (events readingEventWrite): the delivery job sends it soon.
  if (done.events > 0) kickDelivery(deps);
  return done;
}

/**
 * The same update inside the caller's transaction, the machine locked first: it commits or rolls back
 * with whatever the caller writes next (an inspection and the reading taken with it).
 */
export async function submitUpdateInTx(
  tx: DbOrTx,
  ctx: CompanyContext,
  input: OperatorUpdateInput,
  idempotencyKey: string | null,
  now: Date,
  device: string | null,
  /** The checklist the reading was taken with (an inspection's reading). */
  checklist: string | null = null,
): Promise<Submission> {
  const done = await attemptSubmit(tx, true, ctx, input, idempotencyKey, now, device, checklist);
  if (!done) throw new Error('the locked machine changed');
  return done;
}

/** The DTO's columns only, newest first, by status: one statement prepared once per database (parsed and planned once per connection). */
const listStatement = preparedPerDb((db: DbOrTx) =>
  db
    .select({
      id: operatorUpdate.id,
      equipmentId: operatorUpdate.equipmentId,
      equipmentName: operatorUpdate.equipmentName,
      operatorId: operatorUpdate.operatorId,
      operatorName: operatorUpdate.operatorName,
      newUsage: operatorUpdate.newUsage,
      fuelAdded: operatorUpdate.fuelAdded,
      fuelType: operatorUpdate.fuelType,
      notes: operatorUpdate.notes,
      status: operatorUpdate.status,
      reason: operatorUpdate.reason,
      reviewedAt: operatorUpdate.reviewedAt,
      createdAt: operatorUpdate.createdAt,
      voidedAt: operatorUpdate.voidedAt,
      voidedBy: operatorUpdate.voidedBy,
      voidReason: operatorUpdate.voidReason,
      device: operatorUpdate.device,
      unit: operatorUpdate.unit,
      checklist: sql<
        string | null
        // Qualified by hand: a one-table select writes its columns bare ("id"), which inside this
        // subquery would name the note's own columns and match nothing (a full scan per request).
      >`(select n.params->>'checklist' from ${equipmentNote} n where n.operator_update_id = ${operatorUpdate}.id and n.company_id = ${operatorUpdate}.company_id limit 1)`,
      // What the machine's criticality is computed from (the one status engine, below).
      ...statusColumns,
      retiredAt: equipment.retiredAt,
    })
    .from(operatorUpdate)
    .leftJoin(
      equipment,
      and(
        eq(equipment.id, operatorUpdate.equipmentId),
        eq(equipment.companyId, operatorUpdate.companyId),
      ),
    )
    .where(
      and(
        eq(operatorUpdate.companyId, sql.placeholder('companyId')),
        eq(operatorUpdate.status, sql.placeholder('status')),
      ),
    )
    .orderBy(desc(operatorUpdate.createdAt))
    .limit(sql.placeholder('limit'))
    .prepare('operator_updates_by_status'),
);

/**
 * Pending updates (up to 200, for review) then the 50 most recent applied ones, each with its machine's
 * criticality now (the dashboard pulses updates about critical machines and offers Serviced on them):
 * bounded by the list, not by the fleet. `limit` answers the first `limit` of that order (the route's
 * query schema defaults it to the whole list): the applied ones are not read when the pending ones fill it.
 */
export async function listUpdates(
  deps: Deps,
  ctx: CompanyContext,
  limit: number,
): Promise<OperatorUpdateDto[]> {
  const today = todayIn(ctx.company.timeZone, deps.now());
  const statement = listStatement(deps.db);
  const pending = await statement.execute({
    companyId: ctx.companyId,
    status: 'pending',
    limit: Math.min(limit, UPDATES_PENDING_MAX),
  });
  const appliedLimit = Math.min(UPDATES_APPLIED_MAX, limit - pending.length);
  const recent =
    appliedLimit > 0
      ? await statement.execute({
          companyId: ctx.companyId,
          status: 'applied',
          limit: appliedLimit,
        })
      : [];
  return [...pending, ...recent].map((r) => {
    const dto = toUpdateDto(r);
    if (r.currentUsage === null || r.retiredAt !== null) return dto;
    const st = computeStatus(
      {
        currentUsage: r.currentUsage,
        lastServiceUsage: r.lastServiceUsage ?? 0,
        serviceInterval: r.serviceInterval ?? 0,
        hasScheduledMaintenance: r.hasScheduledMaintenance ?? false,
        nextMaintenanceDate: r.nextMaintenanceDate,
      },
      today,
    );
    if (st.severelyCritical) dto.criticality = 'severe';
    else if (st.critical) dto.criticality = 'critical';
    return dto;
  });
}

async function reviewable(tx: Tx, ctx: CompanyContext, id: string): Promise<UpdateRow> {
  const rows = await tx
    .select()
    .from(operatorUpdate)
    .where(and(eq(operatorUpdate.id, id), eq(operatorUpdate.companyId, ctx.companyId)))
    .for('update')
    .limit(1);
  const row = rows[0];
  if (!row) throw notFound('operators.updateNotFound');
  if (row.status !== 'pending') throw new AppError('conflict', 'operators.alreadyReviewed');
  return row;
}

/** Approving re-checks the reading against the (locked) current usage and applies it in one transaction. */
export async function approveUpdate(
  deps: Deps,
  ctx: CompanyContext,
  id: string,
): Promise<OperatorUpdateDto> {
  const now = deps.now();
  const today = todayIn(ctx.company.timeZone, now);
  let events = 0;
  const dto = await deps.db.transaction(async (tx) => {
    const row = await reviewable(tx, ctx, id);
    const eqRow = await lockEquipment(tx, ctx.companyId, row.equipmentId);
    if (row.newUsage !== null && row.newUsage < eqRow.currentUsage)
      throw rollbackError(row.newUsage, eqRow.currentUsage, eqRow.unit);
    await applyUpdate(tx, row, eqRow, now, row.operatorId);
    const [done] = await tx
      .update(operatorUpdate)
      .set({ status: 'applied', reviewedBy: ctx.userId, reviewedAt: now })
      .where(eq(operatorUpdate.id, row.id))
      .returning();
    // The approved reading may move the machine's service status (webhooks, issue 29).
    if (row.newUsage !== null) {
      const from = computeStatus(eqRow, today).serviceStatus;
      const to = computeStatus({ ...eqRow, currentUsage: row.newUsage }, today).serviceStatus;
      if (from !== to)
        events = await enqueueEvents(
          tx,
          ctx.companyId,
          [
            {
              type: 'equipment.status_changed',
              data: { equipmentId: eqRow.id, from, to, usage: row.newUsage, updateId: row.id },
            },
          ],
          now,
        );
    }
    return toUpdateDto(done!);
  });
  if (events > 0) kickDelivery(deps);
  return dto;
}

export async function rejectUpdate(
  deps: Deps,
  ctx: CompanyContext,
  id: string,
): Promise<OperatorUpdateDto> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const row = await reviewable(tx, ctx, id);
    const [done] = await tx
      .update(operatorUpdate)
      .set({ status: 'rejected', reviewedBy: ctx.userId, reviewedAt: now })
      .where(eq(operatorUpdate.id, row.id))
      .returning();
    return toUpdateDto(done!);
  });
}

// ---- Fuel and history ----------------------------------------------------------------------------

export async function resetFuel(deps: Deps, ctx: CompanyContext): Promise<{ count: number }> {
  const now = deps.now();
  const count = await resetFuelTotals(deps.db, ctx.companyId, now, isNull(equipment.retiredAt));
  return { count };
}

/**
 * Voids an applied operator update (POST /api/operator-updates/:id/void): its history entry and the
 * update stay, marked; usage is replayed without it and its fuel leaves the totals, in one transaction.
 */
export async function voidUpdate(
  deps: Deps,
  ctx: CompanyContext,
  id: string,
  reason: string,
): Promise<OperatorUpdateDto> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const [u] = await tx
      .select()
      .from(operatorUpdate)
      .where(and(eq(operatorUpdate.id, id), eq(operatorUpdate.companyId, ctx.companyId)))
      .for('update')
      .limit(1);
    if (!u) throw notFound('operators.updateNotFound');
    if (u.voidedAt) throw new AppError('conflict', 'equipment.alreadyVoided');
    if (u.status !== 'applied') throw new AppError('validation', 'equipment.notVoidable');
    const e = await findRow(tx, ctx, u.equipmentId, true);
    const entry = await entryOfUpdate(tx, ctx, u.id);
    if (entry) await voidEntryTx(tx, ctx, e, entry, reason, now);
    else {
      // An update applied before entries were linked to it: its fuel leaves the totals; its usage cannot be replayed.
      await voidUpdateTx(tx, ctx, e, u.id, u.reviewedAt ?? u.createdAt, reason, now);
    }
    const [done] = await tx.select().from(operatorUpdate).where(eq(operatorUpdate.id, u.id));
    return toUpdateDto(done!);
  });
}
