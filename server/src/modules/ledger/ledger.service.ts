/**
 * The ledger: the only code that writes a machine's history (equipment_note), moves its usage and fuel
 * totals, and raises the company's equipment version (docs/decisions/typed-record.md). Every entry is a
 * kind and its params (domain/history.ts), validated here on write; the legacy columns (type, usage,
 * reading, previous usage, service columns, changes) are still written from them for the queries that
 * read them; `content` keeps only a person's own words (or nothing). `one-writer.test.ts` fails when any other module writes these tables or columns.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import {
  freeTextOf,
  historyEntrySchema,
  legacyTypeOf,
  roundUsage,
  type HistoryEntry,
} from '@domain/history';
import { personName } from '@domain/history-text';
import type { DbOrTx } from '../../db/client';
import { equipment, equipmentNote, equipmentVersion } from '../../db/schema/index';
import type { CompanyContext } from '../../plugins/session';

export type NoteRow = typeof equipmentNote.$inferSelect;
type EquipmentRow = typeof equipment.$inferSelect;

/** Who wrote an entry: their user id and their name at the time. */
export type Actor = { companyId: string; userId: string | null; name: string };

/** The one way a signed-in person is named (domain/history-text.ts personName). */
export function actorName(ctx: CompanyContext): string {
  return personName({
    firstName: ctx.firstName,
    lastName: ctx.lastName,
    username: ctx.operatorUsername,
    email: ctx.email,
  });
}

export const actorOf = (ctx: CompanyContext, name?: string): Actor => ({
  companyId: ctx.companyId,
  userId: ctx.userId,
  name: name ?? actorName(ctx),
});

/** Validates an entry (a 500 when code builds a wrong one: it is a bug, never user input). */
export function validEntry(e: HistoryEntry): HistoryEntry {
  const parsed = historyEntrySchema.safeParse(e);
  if (!parsed.success)
    throw new Error(`invalid ${e.kind} history entry: ${parsed.error.issues[0]?.message ?? ''}`);
  return parsed.data;
}

/** The legacy columns of an entry, from its kind and params. */
export function legacyColumns(e: HistoryEntry) {
  const base = {
    type: legacyTypeOf[e.kind],
    // Only what a person wrote (docs/decisions/typed-record.md); every reader writes the sentence from
    // kind and params in its own language (domain/history-text.ts).
    content: freeTextOf(e) ?? '',
    usage: null as number | null,
    reading: null as string | null,
    previousUsage: null as number | null,
    serviceDate: null as string | null,
    parts: null as NoteRow['parts'],
    cost: null as number | null,
    performedBy: null as string | null,
    changes: null as NoteRow['changes'],
  };
  switch (e.kind) {
    case 'added':
    case 'imported':
      return { ...base, usage: e.params.usage, reading: 'initial' };
    case 'reading':
      return {
        ...base,
        usage: e.params.usage,
        reading: e.params.past
          ? 'past'
          : e.params.source === 'manager' && !e.params.total
            ? 'increase'
            : 'reading',
        previousUsage: e.params.past ? null : e.params.previousUsage,
      };
    case 'correction':
      return {
        ...base,
        usage: e.params.usage,
        reading: 'correction',
        previousUsage: e.params.previousUsage,
      };
    case 'fuel':
      return { ...base, usage: e.params.usage ?? null };
    case 'service':
      return {
        ...base,
        usage: e.params.usage,
        serviceDate: e.params.date,
        parts: e.params.parts,
        cost: e.params.cost,
        performedBy: e.params.performedBy,
      };
    case 'change':
      return { ...base, changes: e.params.changes };
    case 'retired':
    case 'restored':
      return { ...base, usage: e.params.usage };
    default:
      return base;
  }
}

export type NewEntry = {
  actor: Actor;
  equipmentId: string;
  at: Date;
  entry: HistoryEntry;
  operatorUpdateId?: string | null;
};

function rowOf(n: NewEntry) {
  const e = validEntry(n.entry);
  return {
    companyId: n.actor.companyId,
    equipmentId: n.equipmentId,
    kind: e.kind,
    params: e.params as Record<string, unknown>,
    ...legacyColumns(e),
    operatorName: n.actor.name,
    userId: n.actor.userId,
    createdAt: n.at,
    operatorUpdateId: n.operatorUpdateId ?? null,
  };
}

/** Writes one history entry. */
export async function record(
  tx: DbOrTx,
  actor: Actor,
  equipmentId: string,
  at: Date,
  entry: HistoryEntry,
  operatorUpdateId: string | null = null,
): Promise<NoteRow> {
  const [n] = await tx
    .insert(equipmentNote)
    .values(rowOf({ actor, equipmentId, at, entry, operatorUpdateId }))
    .returning();
  if (!n) throw new Error('insert returned nothing');
  return n;
}

/** Writes many entries in one statement (imports), in order. */
export async function recordMany(tx: DbOrTx, entries: NewEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await tx.insert(equipmentNote).values(entries.map(rowOf));
}

/**
 * Raises the company's equipment version (docs/decisions/0010-overview-cache.md), as the last statement
 * of every write that changes what the dashboard overview shows.
 */
export async function bumpEquipmentVersion(tx: DbOrTx, companyId: string): Promise<void> {
  await tx
    .insert(equipmentVersion)
    .values({ companyId, version: 1 })
    .onConflictDoUpdate({
      target: equipmentVersion.companyId,
      set: { version: sql`${equipmentVersion.version} + 1` },
    });
}

/** How a write moves a machine's usage and fuel totals (SQL arithmetic, never read-modify-write). */
export type TotalsMove = {
  /** Sets the usage (a reading, a correction, a replay after a void). */
  usage?: number;
  /** Adds to the usage (a manager's increase). */
  increaseBy?: number;
  /** Fuel added by type (both go to the total). */
  addFuel?: { gas: number; diesel: number };
  /** Fuel taken off again (a void), never below zero. */
  removeFuel?: { gas: number; diesel: number };
  /** Sets every fuel total to zero (Reset fuel). */
  resetFuel?: boolean;
};

/** The `set` of an equipment update for a move (the caller adds its own columns). */
export function totalsSet(m: TotalsMove): Record<string, unknown> {
  const set: Record<string, unknown> = {};
  if (m.usage !== undefined) set.currentUsage = roundUsage(m.usage);
  if (m.increaseBy !== undefined)
    set.currentUsage = sql`${equipment.currentUsage} + ${roundUsage(m.increaseBy)}`;
  if (m.resetFuel) {
    set.totalFuelUsed = 0;
    set.totalGasUsed = 0;
    set.totalDieselUsed = 0;
  }
  const add = m.addFuel;
  if (add && add.gas + add.diesel > 0) {
    set.totalFuelUsed = sql`${equipment.totalFuelUsed} + ${add.gas + add.diesel}`;
    if (add.gas > 0) set.totalGasUsed = sql`${equipment.totalGasUsed} + ${add.gas}`;
    if (add.diesel > 0) set.totalDieselUsed = sql`${equipment.totalDieselUsed} + ${add.diesel}`;
  }
  const off = m.removeFuel;
  if (off && off.gas + off.diesel > 0) {
    set.totalFuelUsed = sql`greatest(0, ${equipment.totalFuelUsed} - ${off.gas + off.diesel})`;
    if (off.gas > 0) set.totalGasUsed = sql`greatest(0, ${equipment.totalGasUsed} - ${off.gas})`;
    if (off.diesel > 0)
      set.totalDieselUsed = sql`greatest(0, ${equipment.totalDieselUsed} - ${off.diesel})`;
  }
  return set;
}

/**
 * Moves one machine's usage and fuel totals (and sets the caller's other columns in the same
 * statement). `where` narrows it further (e.g. not retired). Returns the updated row, if any.
 */
export async function moveTotals(
  tx: DbOrTx,
  companyId: string,
  equipmentId: string,
  move: TotalsMove,
  also: Partial<typeof equipment.$inferInsert> = {},
  where?: SQL,
): Promise<EquipmentRow | undefined> {
  const [row] = await tx
    .update(equipment)
    .set({ ...also, ...totalsSet(move) })
    .where(and(eq(equipment.id, equipmentId), eq(equipment.companyId, companyId), where))
    .returning();
  return row;
}

/** Reset fuel: every active machine's fuel totals to zero. */
export async function resetFuelTotals(
  tx: DbOrTx,
  companyId: string,
  now: Date,
  where: SQL,
): Promise<number> {
  const rows = await tx
    .update(equipment)
    .set({ ...totalsSet({ resetFuel: true }), fuelResetAt: now, lastUpdated: now })
    .where(and(eq(equipment.companyId, companyId), where))
    .returning({ id: equipment.id });
  return rows.length;
}

/** Marks an entry voided (it stays, struck through, with who, when and why). */
export async function markVoided(
  tx: DbOrTx,
  companyId: string,
  entryId: string,
  by: { voidedAt: Date; voidedBy: string; voidedByUserId: string | null; voidReason: string },
): Promise<NoteRow | undefined> {
  const [voided] = await tx
    .update(equipmentNote)
    .set(by)
    .where(and(eq(equipmentNote.id, entryId), eq(equipmentNote.companyId, companyId)))
    .returning();
  return voided;
}
