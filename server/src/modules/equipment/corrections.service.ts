import { asVolumeUnit } from '@domain/fuel';
import { and, desc, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { ParamsOf } from '@domain/history';
import type { HistoryRecordDto } from '@domain/schemas/equipment';
import type { Tx } from '../../db/client';
import { equipmentNote, operatorUpdate, workOrder } from '../../db/schema/index';
import type { Deps } from '../../deps';
import { AppError } from '../../lib/errors';
import type { CompanyContext } from '../../plugins/session';
import {
  actorName,
  bumpEquipmentVersion,
  markVoided,
  moveTotals,
  type TotalsMove,
} from '../ledger/index';
import { returnServiceParts } from '../parts/index';
import { nextDateOf } from './equipment.columns';
import { canVoid, toHistoryDto, type NoteRow, type Row } from './equipment.dto';
import { assertId, entriesOf, findRow } from './equipment.queries';

const round2 = (n: number) => Math.round(n * 100) / 100;

/** Every reading of a machine (voided ones too), in the order they were written. */
async function allReadingsOf(tx: Tx, n: NoteRow): Promise<NoteRow[]> {
  return tx
    .select()
    .from(equipmentNote)
    .where(
      and(entriesOf(n.companyId, n.equipmentId, 'usage_update'), isNotNull(equipmentNote.reading)),
    )
    .orderBy(equipmentNote.seq);
}

/**
 * The usage and the time of the last reading, replayed from the machine's first reading over every
 * reading that is not voided: the value it was added with and absolute readings (operator readings,
 * corrections) set it, increases add theirs.
 */
export function replayUsage(all: NoteRow[]): { usage: number; at: Date } | null {
  // Past readings (imported, dated before a later reading) never set the meter.
  const readings = all.filter((r) => r.reading !== 'past');
  const first = readings[0];
  if (!first) return null;
  let usage =
    first.reading === 'initial' ? (first.usage ?? 0) : (first.previousUsage ?? first.usage ?? 0);
  let at = first.createdAt;
  for (const r of readings) {
    if (r.voidedAt || r.usage === null) continue;
    if (r.reading === 'increase' && r.previousUsage !== null) usage += r.usage - r.previousUsage;
    else usage = r.usage;
    at = r.createdAt;
  }
  return { usage: round2(Math.max(0, usage)), at };
}

type VoidMark = {
  voidedAt: Date;
  voidedBy: string;
  voidedByUserId: string | null;
  voidReason: string;
};

/** Marks an operator update voided and returns the fuel to take off the machine's totals (none when reset since it was applied). */
async function voidUpdateSet(
  tx: Tx,
  ctx: CompanyContext,
  e: Row,
  updateId: string,
  appliedAt: Date,
  by: VoidMark,
): Promise<TotalsMove> {
  const [u] = await tx
    .update(operatorUpdate)
    .set(by)
    .where(
      and(
        eq(operatorUpdate.id, updateId),
        eq(operatorUpdate.companyId, ctx.companyId),
        isNull(operatorUpdate.voidedAt),
      ),
    )
    .returning();
  const fuel =
    u && u.fuelAdded > 0 && (!e.fuelResetAt || appliedAt > e.fuelResetAt) ? u.fuelAdded : 0;
  if (!u || fuel <= 0) return {};
  return {
    removeFuel: u.fuelType === 'diesel' ? { gas: 0, diesel: fuel } : { gas: fuel, diesel: 0 },
  };
}

/** Voids an operator update that has no history entry linked to it (applied before entries were linked). */
export async function voidUpdateTx(
  tx: Tx,
  ctx: CompanyContext,
  e: Row,
  updateId: string,
  appliedAt: Date,
  reason: string,
  now: Date,
): Promise<void> {
  const by = {
    voidedAt: now,
    voidedBy: actorName(ctx),
    voidedByUserId: ctx.userId,
    voidReason: reason,
  };
  const move = await voidUpdateSet(tx, ctx, e, updateId, appliedAt, by);
  await moveTotals(tx, ctx.companyId, e.id, move, { lastUpdated: now });
  await bumpEquipmentVersion(tx, ctx.companyId);
}

/**
 * Voids one history entry of a locked, active machine, in the caller's transaction: the entry (and the
 * operator update it applied) stays, marked with who, when and why; the usage is replayed from the usage
 * before it over the remaining later readings (an absolute reading sets it, an increase adds); the
 * operator update's fuel leaves the totals unless the totals were reset after it.
 */
export async function voidEntryTx(
  tx: Tx,
  ctx: CompanyContext,
  e: Row,
  n: NoteRow,
  reason: string,
  now: Date,
): Promise<NoteRow> {
  if (n.voidedAt) throw new AppError('conflict', 'equipment.alreadyVoided');
  if (!canVoid(n, false)) throw new AppError('validation', 'equipment.notVoidable');
  const by = {
    voidedAt: now,
    voidedBy: actorName(ctx),
    voidedByUserId: ctx.userId,
    voidReason: reason,
  };
  const voided = await markVoided(tx, ctx.companyId, n.id, by);
  if (!voided) throw new Error('update returned nothing');

  const move: TotalsMove = n.operatorUpdateId
    ? await voidUpdateSet(tx, ctx, e, n.operatorUpdateId, n.createdAt, by)
    : {};
  const also: Partial<Row> = { lastUpdated: now };
  if (n.reading && n.reading !== 'initial' && n.previousUsage !== null) {
    const replayed = replayUsage(await allReadingsOf(tx, n));
    if (replayed) {
      move.usage = replayed.usage;
      also.lastReadingAt = replayed.at;
    }
  }
  if (n.type === 'maintenance')
    Object.assign(also, await voidServiceTx(tx, ctx, e, n, reason, now));
  await moveTotals(tx, ctx.companyId, e.id, move, also);
  await bumpEquipmentVersion(tx, ctx.companyId);
  return voided;
}

type ServiceParams = ParamsOf<'service'>;

/**
 * A voided service (issue 43, docs/decisions/void-a-service.md): the parts it drew go back on the shelf
 * (the stock ledger's "returned" moves), and when no later service remains, the machine's last service
 * usage and date and its next calendar date are put back as they were before it (its `before`, else
 * the latest remaining service's). Its cost leaves every figure by itself (cost lines skip voided
 * entries). Returns the machine's columns to set.
 */
async function voidServiceTx(
  tx: Tx,
  ctx: CompanyContext,
  e: Row,
  n: NoteRow,
  reason: string,
  now: Date,
): Promise<Partial<Row>> {
  const [order] = await tx
    .select({ id: workOrder.id })
    .from(workOrder)
    .where(and(eq(workOrder.companyId, ctx.companyId), eq(workOrder.serviceEntryId, n.id)))
    .limit(1);
  if (order) throw new AppError('validation', 'equipment.notVoidable');
  await returnServiceParts(tx, {
    companyId: ctx.companyId,
    serviceEntryId: n.id,
    userId: ctx.userId,
    byName: actorName(ctx),
    at: now,
    note: reason,
  });
  const p = n.params as Partial<ServiceParams>;
  const day = sql`coalesce(${equipmentNote.serviceDate}, (${equipmentNote.createdAt} at time zone ${ctx.company.timeZone})::date)`;
  const remaining = await tx
    .select({ date: sql<string>`${day}::text`, usage: equipmentNote.usage, seq: equipmentNote.seq })
    .from(equipmentNote)
    .where(
      and(
        entriesOf(ctx.companyId, e.id, 'maintenance'),
        isNull(equipmentNote.voidedAt),
        ne(equipmentNote.id, n.id),
      ),
    )
    .orderBy(desc(day), desc(equipmentNote.seq))
    .limit(1);
  const latest = remaining[0];
  const date = p.date ?? n.serviceDate;
  // A later service set the machine's service fields: they stay.
  if (latest && date && (latest.date > date || (latest.date === date && latest.seq > n.seq)))
    return {};
  if (p.before)
    return {
      lastServiceUsage: p.before.usage,
      lastServiceDate: p.before.date,
      nextMaintenanceDate: p.before.next,
    };
  if (!latest) return {};
  return {
    lastServiceUsage: latest.usage ?? e.lastServiceUsage,
    lastServiceDate: latest.date,
    nextMaintenanceDate: nextDateOf({ ...e, lastServiceDate: latest.date }),
  };
}

/** What else a voided service takes back, in its transaction: its tasks (the schedule module's writer). */
export type ServiceVoided = (
  tx: Tx,
  ctx: CompanyContext,
  equipmentId: string,
  service: Pick<ServiceParams, 'usage' | 'tasks'> & { date: string | null },
  now: Date,
) => Promise<void>;

/** POST /api/equipment/:id/history/:entryId/void */
export async function voidEntry(
  deps: Deps,
  ctx: CompanyContext,
  equipmentId: string,
  entryId: string,
  reason: string,
  serviceVoided?: ServiceVoided,
): Promise<HistoryRecordDto> {
  return deps.db.transaction(async (tx) => {
    const e = await findRow(tx, ctx, equipmentId, true);
    const [n] = await tx
      .select()
      .from(equipmentNote)
      .where(and(eq(equipmentNote.id, assertEntryId(entryId)), entriesOf(ctx.companyId, e.id)))
      .for('update');
    if (!n) throw new AppError('not_found', 'equipment.entryNotFound');
    const voided = await voidEntryTx(tx, ctx, e, n, reason, deps.now());
    if (n.type === 'maintenance' && serviceVoided) {
      const p = n.params as Partial<ServiceParams>;
      await serviceVoided(
        tx,
        ctx,
        e.id,
        { usage: p.usage ?? null, date: p.date ?? n.serviceDate, tasks: p.tasks },
        deps.now(),
      );
    }
    return toHistoryDto(voided, e.name, false, null, 'en', asVolumeUnit(ctx.company.volumeUnit));
  });
}

function assertEntryId(id: string): string {
  try {
    return assertId(id);
  } catch {
    throw new AppError('not_found', 'equipment.entryNotFound');
  }
}

/** The history entry that applied an operator update (none for a pending, rejected or very old one). */
export async function entryOfUpdate(
  tx: Tx,
  ctx: CompanyContext,
  updateId: string,
): Promise<NoteRow | undefined> {
  const [n] = await tx
    .select()
    .from(equipmentNote)
    .where(
      and(eq(equipmentNote.operatorUpdateId, updateId), eq(equipmentNote.companyId, ctx.companyId)),
    )
    .for('update')
    .limit(1);
  return n;
}
