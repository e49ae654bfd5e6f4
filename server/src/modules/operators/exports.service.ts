/**
 * The company's history and fuel exports (GET /api/equipment-history/export, /api/fuel-usage/export),
 * read in batches so that the routes stream them (lib/json-stream.ts; issue 43, "Speed"): newest first,
 * at most EXPORT_LIMIT rows, the same rows and order as one read, each batch from where the last ended.
 */
import { asVolumeUnit } from '@domain/fuel';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { HistoryLang } from '@domain/history-text';
import type { FuelExportRow, HistoryRecord } from '@domain/schemas/operators';
import { equipment, equipmentNote, operatorUpdate } from '../../db/schema/index';
import type { Deps } from '../../deps';
import { keysetBatches } from '../../lib/keyset-batches';
import type { CompanyContext } from '../../plugins/session';
import { entryMachineOn, entryUpdateOn, toHistoryDto } from '../equipment/index';

export const EXPORT_LIMIT = 20_000;
/** Entries per batch: one query each, from where the last one ended (created_at, seq). */
export const HISTORY_EXPORT_BATCH = 1000;

type After = { createdAt: string; seq: number } | null;

/** One batch: the entries after `after` (the last one of the batch before), newest first. */
function historyBatch(deps: Deps, ctx: CompanyContext, after: After, limit: number) {
  return deps.db
    .select({
      n: equipmentNote,
      at: sql<string>`${equipmentNote.createdAt}::text`,
      name: equipment.name,
      unit: equipment.unit,
      retiredAt: equipment.retiredAt,
      fuelAdded: operatorUpdate.fuelAdded,
      fuelType: operatorUpdate.fuelType,
    })
    .from(equipmentNote)
    .innerJoin(equipment, entryMachineOn(ctx.companyId))
    .leftJoin(operatorUpdate, entryUpdateOn(ctx.companyId))
    .where(
      and(
        eq(equipmentNote.companyId, ctx.companyId),
        after
          ? sql`(${equipmentNote.createdAt}, ${equipmentNote.seq}) < (${after.createdAt}::timestamptz, ${after.seq})`
          : undefined,
      ),
    )
    .orderBy(desc(equipmentNote.createdAt), desc(equipmentNote.seq))
    .limit(limit);
}

export async function* historyExportBatches(
  deps: Deps,
  ctx: CompanyContext,
  lang: HistoryLang = 'en',
  batchSize = HISTORY_EXPORT_BATCH,
): AsyncGenerator<HistoryRecord[]> {
  yield* keysetBatches(
    {
      read: (after: After, limit) => historyBatch(deps, ctx, after, limit),
      // Where the last batch ended: its time as the database's text (microseconds; a Date keeps milliseconds).
      cursor: (last) => ({ createdAt: last.at, seq: last.n.seq }),
      map: (rows) =>
        rows.map(({ n, name, unit, retiredAt, fuelAdded, fuelType }) => ({
          ...toHistoryDto(
            n,
            name,
            retiredAt !== null,
            fuelAdded !== null && fuelType !== null ? { fuelAdded, fuelType } : null,
            lang,
            asVolumeUnit(ctx.company.volumeUnit),
          ),
          equipmentId: n.equipmentId,
          unit,
          retired: retiredAt !== null,
        })),
    },
    batchSize,
    EXPORT_LIMIT,
  );
}

/** Fuel entries per batch. */
export const FUEL_EXPORT_BATCH = 1000;
type FuelAfter = { createdAt: string; id: string } | null;

/** One batch of applied, unvoided fuel entries after `after`, newest first (then by id). */
function fuelBatch(deps: Deps, ctx: CompanyContext, after: FuelAfter, limit: number) {
  return deps.db
    .select({
      r: operatorUpdate,
      at: sql<string>`${operatorUpdate.createdAt}::text`,
      retiredAt: equipment.retiredAt,
    })
    .from(operatorUpdate)
    .innerJoin(
      equipment,
      and(eq(equipment.id, operatorUpdate.equipmentId), eq(equipment.companyId, ctx.companyId)),
    )
    .where(
      and(
        eq(operatorUpdate.companyId, ctx.companyId),
        eq(operatorUpdate.status, 'applied'),
        gt(operatorUpdate.fuelAdded, 0),
        isNull(operatorUpdate.voidedAt),
        after
          ? sql`(${operatorUpdate.createdAt}, ${operatorUpdate.id}) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(operatorUpdate.createdAt), desc(operatorUpdate.id))
    .limit(limit);
}

/** Every applied fuel entry of the company (retired machines included), newest first, in batches. */
export async function* fuelExportBatches(
  deps: Deps,
  ctx: CompanyContext,
  batchSize = FUEL_EXPORT_BATCH,
): AsyncGenerator<FuelExportRow[]> {
  yield* keysetBatches(
    {
      read: (after: FuelAfter, limit) => fuelBatch(deps, ctx, after, limit),
      cursor: (last) => ({ createdAt: last.at, id: last.r.id }),
      map: (rows) =>
        rows.map(({ r, retiredAt }) => ({
          date: r.createdAt.toISOString(),
          equipmentName: r.equipmentName,
          operatorName: r.operatorName,
          fuelType: r.fuelType,
          fuelAdded: r.fuelAdded,
          notes: r.notes,
          retired: retiredAt !== null,
        })),
    },
    batchSize,
    EXPORT_LIMIT,
  );
}
