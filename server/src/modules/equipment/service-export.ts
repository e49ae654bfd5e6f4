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
import { keysetBatches } from '../../lib/keyset-batches';
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
  yield* keysetBatches(
    {
      read: (after: After, limit) => serviceBatch(deps, ctx, after, limit),
      cursor: (last) => ({ date: last.date, createdAt: last.at, id: last.n.id }),
      map: (rows) =>
        rows.map(({ n, name, unit, retiredAt }) => toServiceEntryDto(n, { name, unit, retiredAt })),
    },
    batchSize,
    EXPORT_LIMIT,
  );
}
