/**
 * The full list of machines (GET /api/equipment: exports, print, labels), read in batches so that the
 * route streams it (lib/json-stream.ts; issue 43: 2.4 MB at 2,000 machines answered nothing within 5 s
 * at 20 connections when built whole). The same rows, order, filter and forecasts as one read.
 */
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { EquipmentDto, EquipmentListQuery } from '@domain/schemas/equipment';
import { equipment } from '../../db/schema/index';
import type { Deps } from '../../deps';
import { companyDataVersion, readCacheOf } from '../../lib/read-cache';
import type { CompanyContext } from '../../plugins/session';
import { toEquipmentDto } from './equipment.dto';
import { byName, companyToday, listingFilter } from './equipment.queries';
import { schedulesOf } from './machine-tasks';

/** Machines per batch: one query for their records, one for their tasks and two for their readings. */
export const EXPORT_BATCH = 250;
/** The first batch is smaller: it is read before the reply starts, so its size is the wait for the first bytes. */
export const EXPORT_FIRST_BATCH = 20;

/**
 * The company's active machines in list order (by name), `batchSize` at a time, filtered by the one
 * listing filter, each with its forecast. The first batch's ids are read alone (the first `firstBatchSize`
 * by name: the wait for the first bytes does not grow with the fleet; 20 users downloading 10,000
 * machines waited ~1 s behind 20 reads of every id). Then every id in list order, in one query, less those
 * already sent: the membership and order of the rest are those of that moment, and a machine renamed
 * meanwhile is neither repeated nor skipped. Each batch's records are read when the batch is asked for (a
 * machine retired meanwhile is left out). 1 + 4 queries per batch, plus one; memory holds the ids and
 * one batch.
 */
export async function* equipmentBatches(
  deps: Deps,
  ctx: CompanyContext,
  q: EquipmentListQuery,
  batchSize = EXPORT_BATCH,
  firstBatchSize = Math.min(batchSize, EXPORT_FIRST_BATCH),
): AsyncGenerator<EquipmentDto[]> {
  const active = and(eq(equipment.companyId, ctx.companyId), isNull(equipment.retiredAt));
  const today = companyToday(deps, ctx);
  const now = deps.now();
  const keep = listingFilter(q);
  const first = await exportIds(deps, ctx, active, firstBatchSize);
  if (first.length === 0) return;
  yield await exportBatch(deps, ctx, active, first, now, today, keep);
  if (first.length < firstBatchSize) return;
  const sent = new Set(first);
  const ids = (await exportIds(deps, ctx, active)).filter((id) => !sent.has(id));
  for (let at = 0; at < ids.length;) {
    const wanted = ids.slice(at, at + batchSize);
    at += wanted.length;
    // The batch lives only inside exportBatch and in what is yielded, never in a variable of this
    // generator: paused at its `yield` while the client takes the batch's text, it holds none of the
    // batch (lib/json-stream.ts, jsonArrayText). A batch the filter emptied is yielded empty.
    yield await exportBatch(deps, ctx, active, wanted, now, today, keep);
  }
}

/** One batch of the export: the machines `wanted`, in that order, with their schedules, filtered. */
async function exportBatch(
  deps: Deps,
  ctx: CompanyContext,
  active: SQL | undefined,
  wanted: readonly string[],
  now: Date,
  today: string,
  keep: ReturnType<typeof listingFilter>,
): Promise<EquipmentDto[]> {
  const rows = await deps.db
    .select()
    .from(equipment)
    .where(and(active, sql`${equipment.id} = any(${`{${wanted.join(',')}}`}::uuid[])`));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const inOrder = wanted.flatMap((id) => byId.get(id) ?? []);
  // Each batch's schedules (status, next task, forecast): three queries whatever the batch's size.
  const schedules = await schedulesOf(deps.db, ctx.companyId, inOrder, now, today);
  return inOrder
    .map((r) => {
      const s = schedules.get(r.id)!;
      return { ...toEquipmentDto(r, s.status), forecast: s.forecast };
    })
    .filter((dto) =>
      keep({
        ...dto,
        serviceStatus: dto.status.serviceStatus,
        hasSchedule: dto.status.hasSchedule,
      }),
    );
}

/**
 * The company's active machines' ids in list order (the first `limit` of them when given). On the
 * embedded database, downloads asking at the same data version share one read (the read cache's `once`;
 * nothing is kept after it): reading and parsing 10,000 ids takes PGlite ~80 ms on the server's one
 * thread, and 20 users downloading at once waited 1.8 s for their first bytes behind 20 copies of it
 * (issue 43, "Speed").
 */
async function exportIds(
  deps: Deps,
  ctx: CompanyContext,
  active: SQL | undefined,
  limit?: number,
): Promise<string[]> {
  const read = async () => {
    const query = deps.db
      .select({ id: equipment.id })
      .from(equipment)
      .where(active)
      .orderBy(...byName);
    return (await (limit === undefined ? query : query.limit(limit))).map((r) => r.id).join(',');
  };
  const version = await companyDataVersion(deps.database, ctx.companyId);
  const key = `export-ids\u0000${ctx.companyId}\u0000${limit ?? 'all'}`;
  const text =
    version === undefined
      ? await read()
      : await readCacheOf(deps.database).once(key, version, read);
  return text === '' ? [] : text.split(',');
}

/** The whole list at once (the batches gathered): for code that needs it in memory. */
export async function listEquipment(
  deps: Deps,
  ctx: CompanyContext,
  q: EquipmentListQuery,
): Promise<EquipmentDto[]> {
  const out: EquipmentDto[] = [];
  for await (const batch of equipmentBatches(deps, ctx, q)) out.push(...batch);
  return out;
}
