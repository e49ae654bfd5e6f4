/**
 * The company's service log export (GET /api/service-entries/export), read in batches so that the
 * route streams it (lib/json-stream.ts; issue 43, "Speed"): every unvoided service entry, at most
 * EXPORT_LIMIT, in the service log's order (service date newest first, an entry without one first,
 * then newest written, then id), each batch from where the last one ended.
 */
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { ServiceEntryDto } from '@domain/schemas/equipment';
import { equipment, equipmentNote } from '../../db/schema/index';
import type { Deps } from '../../deps';
import type { CompanyContext } from '../../plugins/session';
import { toServiceEntryDto } from './service-log.service';

export const EXPORT_LIMIT = 20_000;
/** Entries per batch: one query each. */
export const SERVICE_EXPORT_BATCH = 1000;

/** The service date as sorted: `desc` puts an entry without one first, as 'infinity' does. */
const sortDate = sql`coalesce(${equipmentNote.serviceDate}, 'infinity'::date)`;

/** Where the last batch ended: its sort date, and its time as the database's text (microseconds). */
type After = { date: string; createdAt: string; id: string } | null;

function serviceBatch(deps: Deps, ctx: CompanyContext, after: After, limit: number) {
  return deps.db
    .select({
      n: equipmentNote,
      date: sql<string>`${sortDate}::text`,
      at: sql<string>`${equipmentNote.createdAt}::text`,
      name: equipment.name,
      unit: equipment.unit,
      retiredAt: equipment.retiredAt,
    })
    .from(equipmentNote)
    .innerJoin(
      equipment,
      and(eq(equipment.id, equipmentNote.equipmentId), eq(equipment.companyId, ctx.companyId)),
    )
    .where(
      and(
        eq(equipmentNote.companyId, ctx.companyId),
        eq(equipmentNote.type, 'maintenance'),
        isNull(equipmentNote.voidedAt),
        after
          ? sql`(${sortDate}, ${equipmentNote.createdAt}, ${equipmentNote.id}) < (${after.date}::date, ${after.createdAt}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(sortDate), desc(equipmentNote.createdAt), desc(equipmentNote.id))
    .limit(limit);
}

/** Every unvoided service entry of the company (retired machines included), in batches. */
export async function* serviceExportBatches(
  deps: Deps,
  ctx: CompanyContext,
  batchSize = SERVICE_EXPORT_BATCH,
): AsyncGenerator<ServiceEntryDto[]> {
  let after: After = null;
  for (let sent = 0; sent < EXPORT_LIMIT;) {
    const rows = await serviceBatch(deps, ctx, after, Math.min(batchSize, EXPORT_LIMIT - sent));
    if (rows.length === 0) return;
    sent += rows.length;
    const last = rows[rows.length - 1]!;
    after = { date: last.date, createdAt: last.at, id: last.n.id };
    yield rows.map(({ n, name, unit, retiredAt }) =>
      toServiceEntryDto(n, { name, unit, retiredAt }),
    );
    if (rows.length < batchSize) return;
  }
}
