/**
 * Submitting an operator update (usage, fuel, notes; from the phone, an API key or the batch): checked,
 * applied or held for review, once per idempotency key. The review queue is update-review.ts's.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import {
  type OperatorUpdateInput,
  type SubmitOperatorUpdateResponse,
} from '@domain/schemas/operators';
import { todayIn } from '@domain/dates';
import { defaultFuelType, fuelTypeOfWord } from '@domain/kinds';
import { storedGallons } from '@domain/fuel';
import { tasksUsageStanding } from '@domain/schedule';
import type { DbOrTx } from '../../db/client';
import { preparedPerDb } from '../../db/prepared';
import { equipment, operatorUpdate } from '../../db/schema/index';
import type { Deps } from '../../deps';
import { AppError, notFound } from '../../lib/errors';
import { keyReused } from '../../lib/idempotency';
import type { CompanyContext } from '../../plugins/session';
import { kickDelivery, readingEventWrite } from '../events/index';
import { implausible, unusual } from '../equipment/index';
import { statusColumns, statusOfColumns, tasksFromJson } from '../equipment/index';
import { operatorEntry, operatorUpdateWrites, operatorWriteParams } from '../ledger/index';

import {
  operatorDisplayName,
  rollbackError,
  toUpdateDto,
  APPLIED_MESSAGE,
  PENDING_MESSAGE,
  type UpdateRow,
} from './update-apply';

type Submission = {
  created: boolean;
  body: SubmitOperatorUpdateResponse;
  /** Webhook deliveries written with it (its reading.created or reading.held event). */
  events: number;
};

function respond(row: UpdateRow, created: boolean, unit: string): Submission {
  const update = toUpdateDto(row, unit);
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
    // Without fuel its type says nothing (a reading recorded before it followed the machine said gas).
    (sent.fuelAdded === 0 || prior.fuelType === sent.fuelType) &&
    prior.notes === sent.notes;
  if (!same) throw keyReused();
  return respond(prior, false, ctx.company.volumeUnit);
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
      fuelType: equipment.fuelType,
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
        fuel_type, volume_unit, fuel_price, fuel_cost, notes, status, reason, idempotency_key, device, unit, created_at)
      select ${p('companyId')}::uuid, locked.id, ${p('equipmentName')}::text, ${p('userId')}::uuid, ${p('operatorName')}::text,
        ${p('newUsage')}::numeric, ${p('fuelAdded')}::numeric, ${p('fuelType')}::text,
        ${p('volumeUnit')}::text, ${p('fuelPrice')}::numeric, ${p('fuelCost')}::numeric, ${p('notes')}::text, ${p('status')}::text,
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
  // Litres are turned into stored gallons here, once (domain/fuel.ts); the fill-up keeps the unit it
  // was typed in, which its own price is per.
  const volumeUnit = input.volumeUnit ?? 'gal';
  const fuelAdded = storedGallons(input.fuelAdded ?? 0, volumeUnit);
  const fuelPrice =
    fuelAdded > 0 && input.price !== undefined ? Number(input.price.toFixed(4)) : null;
  const fuelCost = fuelAdded > 0 && input.cost !== undefined ? Number(input.cost.toFixed(2)) : null;
  // The fuel added, else the machine's own (a diesel machine's reading says diesel; gasoline is gas).
  const fuelType =
    fuelAdded > 0 && input.fuelType ? fuelTypeOfWord(input.fuelType) : defaultFuelType(m.fuelType);
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
  const tasks = tasksFromJson(m.tasks);
  const statusFrom = statusOfColumns(m, today).serviceStatus;
  const statusTo =
    applied && newUsage !== null ? statusOfColumns(m, today, newUsage).serviceStatus : statusFrom;
  const statusChanged = statusFrom !== statusTo;
  // What the written row holds as sent, and the answer repeats.
  const recorded = {
    equipmentId: m.id,
    companyId: ctx.companyId,
    equipmentName: m.name,
    operatorName,
    newUsage,
    fuelAdded,
    fuelType,
    volumeUnit: fuelAdded > 0 ? volumeUnit : null,
    fuelPrice,
    fuelCost,
    notes,
    status,
    reason,
    idempotencyKey,
    device,
    unit: m.unit,
  };
  const rows = await preparedWrite(db).execute({
    ...recorded,
    rowVersion: m.rowVersion,
    userId: ctx.userId,
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
      tasksUsageStanding(tasks, m.currentUsage) !== tasksUsageStanding(tasks, newUsage),
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
    ...recorded,
    operatorId: ctx.userId,
    reviewedBy: null,
    reviewedAt: null,
    createdAt: now,
    voidedAt: null,
    voidedBy: null,
    voidedByUserId: null,
    voidReason: null,
  };
  return { ...respond(row, true, ctx.company.volumeUnit), events: Number(out.events) };
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
