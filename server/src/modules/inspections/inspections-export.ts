/**
 * The company's inspections export (GET /api/inspections/export), read in batches so that the route
 * streams it (lib/json-stream.ts; issue 43, "Speed"): newest first (then by id), at most EXPORT_LIMIT,
 * each batch from where the last one ended.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { InspectionDto } from '@domain/schemas/inspections';
import { inspection } from '../../db/schema/index';
import type { Deps } from '../../deps';
import { keysetBatches } from '../../lib/keyset-batches';
import type { CompanyContext } from '../../plugins/session';
import { EXPORT_LIMIT, inspectionRows, toInspectionDto } from './inspection-rows';

/** Inspections per batch: one query each. */
export const INSPECTION_EXPORT_BATCH = 500;

/** Where the last batch ended: its time as the database's text (microseconds; a Date keeps ms). */
type After = { createdAt: string; id: string } | null;

function inspectionBatch(deps: Deps, ctx: CompanyContext, after: After, limit: number) {
  return inspectionRows(deps.db, ctx)
    .where(
      and(
        eq(inspection.companyId, ctx.companyId),
        after
          ? sql`(${inspection.createdAt}, ${inspection.id}) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(inspection.createdAt), desc(inspection.id))
    .limit(limit);
}

/** Every inspection of the company, newest first, in batches. */
export async function* inspectionExportBatches(
  deps: Deps,
  ctx: CompanyContext,
  batchSize = INSPECTION_EXPORT_BATCH,
): AsyncGenerator<InspectionDto[]> {
  yield* keysetBatches(
    {
      read: (after: After, limit) => inspectionBatch(deps, ctx, after, limit),
      cursor: (last) => ({ createdAt: last.at, id: last.i.id }),
      map: (rows) => rows.map((r) => toInspectionDto(r.i, r.name, r.status)),
    },
    batchSize,
    EXPORT_LIMIT,
  );
}
