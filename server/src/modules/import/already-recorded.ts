import { and, eq, gte, isNull, lt, lte, sql } from 'drizzle-orm';
import { todayIn } from '@domain/dates';
import type { DbOrTx } from '../../db/client';
import { equipmentNote, operatorUpdate } from '../../db/schema/index';
import type { CompanyContext } from '../../plugins/session';

const DAY_MS = 86_400_000;

/** A number as its column stores it: numeric(14,2) for readings and costs, numeric(14,3) for fuel. */
export const stored2 = (v: number) => Number(v.toFixed(2));
export const stored3 = (v: number) => Number(v.toFixed(3));
const text2 = (v: number | null) => (v === null ? '-' : v.toFixed(2));

export type HistoryRowKey = {
  equipmentId: string;
  date: string;
  kind: 'reading' | 'service';
  reading: number | null;
  fuel: number | null;
  cost: number | null;
};

type Recorded = { used: boolean; usage?: number | null };

/**
 * What a history import finds already recorded (docs/decisions/import-files-as-json-rows.md): a reading
 * or fuel entry of the same machine, day, reading and fuel (an applied, unvoided update of that day:
 * imported before, or sent by an operator), a service of the same machine, service date and cost at
 * the same reading (any reading when the row gives none). Each recorded entry answers for one row only:
 * a file with two identical fill-ups of one day records both the first time, and neither the second.
 */
export async function alreadyRecorded(
  db: DbOrTx,
  ctx: CompanyContext,
  ids: readonly string[],
  from: string,
  to: string,
): Promise<{ take(row: HistoryRowKey): boolean }> {
  const byKey = new Map<string, Recorded[]>();
  const add = (key: string, r: Recorded) => byKey.set(key, [...(byKey.get(key) ?? []), r]);
  if (ids.length > 0) {
    const machines = sql`any(${`{${ids.join(',')}}`}::uuid[])`;
    const [updates, services] = await Promise.all([
      db
        .select({
          id: operatorUpdate.equipmentId,
          at: operatorUpdate.createdAt,
          usage: operatorUpdate.newUsage,
          fuel: operatorUpdate.fuelAdded,
        })
        .from(operatorUpdate)
        .where(
          and(
            eq(operatorUpdate.companyId, ctx.companyId),
            sql`${operatorUpdate.equipmentId} = ${machines}`,
            eq(operatorUpdate.status, 'applied'),
            isNull(operatorUpdate.voidedAt),
            // A day either side: the company's day of an update may be the UTC day before or after.
            gte(operatorUpdate.createdAt, new Date(Date.parse(`${from}T00:00:00Z`) - DAY_MS)),
            lt(operatorUpdate.createdAt, new Date(Date.parse(`${to}T00:00:00Z`) + 2 * DAY_MS)),
          ),
        ),
      db
        .select({
          id: equipmentNote.equipmentId,
          date: equipmentNote.serviceDate,
          usage: equipmentNote.usage,
          cost: equipmentNote.cost,
        })
        .from(equipmentNote)
        .where(
          and(
            eq(equipmentNote.companyId, ctx.companyId),
            sql`${equipmentNote.equipmentId} = ${machines}`,
            eq(equipmentNote.type, 'maintenance'),
            isNull(equipmentNote.voidedAt),
            gte(equipmentNote.serviceDate, from),
            lte(equipmentNote.serviceDate, to),
          ),
        ),
    ]);
    for (const u of updates) {
      const r: Recorded = { used: false };
      // Imported entries are dated noon UTC of their day; operators' at the moment they were sent.
      const days = new Set([u.at.toISOString().slice(0, 10), todayIn(ctx.company.timeZone, u.at)]);
      for (const day of days) add(`r|${u.id}|${day}|${text2(u.usage)}|${u.fuel.toFixed(3)}`, r);
    }
    for (const s of services)
      if (s.date) add(`s|${s.id}|${s.date}|${text2(s.cost)}`, { used: false, usage: s.usage });
  }
  return {
    take(row) {
      const key =
        row.kind === 'service'
          ? `s|${row.equipmentId}|${row.date}|${text2(row.cost)}`
          : `r|${row.equipmentId}|${row.date}|${text2(row.reading)}|${(row.fuel ?? 0).toFixed(3)}`;
      const found = (byKey.get(key) ?? []).find(
        (r) =>
          !r.used &&
          (row.kind !== 'service' ||
            row.reading === null ||
            text2(r.usage ?? null) === text2(row.reading)),
      );
      if (!found) return false;
      found.used = true;
      return true;
    },
  };
}
