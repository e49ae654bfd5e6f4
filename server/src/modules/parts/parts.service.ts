import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { PartDto, PartInput, StockInput, StockMoveDto } from '@domain/schemas/work-orders';
import type { DbOrTx } from '../../db/client';
import { part, stockMove, workOrder } from '../../db/schema/index';
import type { Deps } from '../../deps';
import { AppError, isUniqueViolation, notFound } from '../../lib/errors';
import { keyReused } from '../../lib/idempotency';
import type { CompanyContext } from '../../plugins/session';
import { actorName } from '../ledger/index';
import { moveByKey, moveStock, type PartRow } from './stock.service';

const LIST_LIMIT = 1000;

export const isLow = (p: Pick<PartRow, 'onHand' | 'reorderPoint'>) => p.onHand <= p.reorderPoint;

export function toPartDto(p: PartRow): PartDto {
  return {
    id: p.id,
    name: p.name,
    partNumber: p.partNumber,
    unit: p.unit,
    unitCost: p.unitCost,
    onHand: p.onHand,
    reorderPoint: p.reorderPoint,
    location: p.location,
    vendor: p.vendor,
    low: isLow(p),
  };
}

export async function listParts(
  deps: Deps,
  ctx: CompanyContext,
  q: { low?: boolean } = {},
): Promise<PartDto[]> {
  const rows = await deps.db
    .select()
    .from(part)
    .where(
      and(
        eq(part.companyId, ctx.companyId),
        q.low ? sql`${part.onHand} <= ${part.reorderPoint}` : undefined,
      ),
    )
    .orderBy(asc(part.name))
    .limit(LIST_LIMIT);
  return rows.map(toPartDto);
}

/** Parts at or below their reorder point (Due soon, the digest). */
export async function lowStockParts(db: DbOrTx, companyId: string, limit = 50): Promise<PartDto[]> {
  const rows = await db
    .select()
    .from(part)
    .where(and(eq(part.companyId, companyId), sql`${part.onHand} <= ${part.reorderPoint}`))
    .orderBy(asc(part.name))
    .limit(limit);
  return rows.map(toPartDto);
}

/**
 * The digest's low-stock section (issue 27): how many parts are at or below their reorder point, the
 * first `shown` by name, and the ids of all of them (bounded) so the digest knows which became low since
 * the last one.
 */
export async function lowStockSummary(
  db: DbOrTx,
  companyId: string,
  shown: number,
): Promise<{ count: number; parts: PartDto[]; ids: string[] }> {
  const rows = await db
    .select({ id: part.id })
    .from(part)
    .where(and(eq(part.companyId, companyId), sql`${part.onHand} <= ${part.reorderPoint}`))
    .orderBy(asc(part.name), asc(part.id))
    .limit(LOW_IDS_MAX);
  const parts = rows.length === 0 ? [] : await lowStockParts(db, companyId, shown);
  return { count: rows.length, parts, ids: rows.map((r) => r.id) };
}
const LOW_IDS_MAX = 1000;

/**
 * The catalogue parts a machine's service parts point at (issue 27) must be the company's own: another
 * company's id, or one that does not exist, is not found (404).
 */
export async function checkCatalogueParts(
  db: DbOrTx,
  ctx: CompanyContext,
  parts: readonly { partId?: string | null | undefined }[] | null | undefined,
): Promise<void> {
  const ids = [...new Set((parts ?? []).flatMap((p) => (p.partId ? [p.partId] : [])))];
  if (ids.length === 0) return;
  const rows = await db
    .select({ id: part.id })
    .from(part)
    .where(and(eq(part.companyId, ctx.companyId), inArray(part.id, ids)));
  if (rows.length !== ids.length) throw notFound('workOrders.partNotFound');
}

async function findPart(db: DbOrTx, ctx: CompanyContext, id: string): Promise<PartRow> {
  const [p] = await db
    .select()
    .from(part)
    .where(and(eq(part.id, id), eq(part.companyId, ctx.companyId)))
    .limit(1);
  if (!p) throw notFound('workOrders.partNotFound');
  return p;
}

const numberTaken = () =>
  new AppError('conflict', 'workOrders.partNumberTaken', {
    fieldErrors: { partNumber: 'workOrders.partNumberTaken' },
  });

/** A part's catalogue columns from its input, as a new part is written and an edit rewrites them. */
const catalogueFields = (input: PartInput) => ({
  name: input.name,
  partNumber: input.partNumber ?? null,
  unit: input.unit,
  unitCost: input.unitCost ?? 0,
  reorderPoint: input.reorderPoint ?? 0,
  location: input.location ?? null,
  vendor: input.vendor ?? null,
});

/** A new part; its first quantity on hand is a "received" stock move. */
export async function createPart(
  deps: Deps,
  ctx: CompanyContext,
  input: PartInput,
): Promise<PartDto> {
  const now = deps.now();
  try {
    const id = await deps.db.transaction(async (tx) => {
      const [p] = await tx
        .insert(part)
        .values({
          companyId: ctx.companyId,
          ...catalogueFields(input),
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: part.id });
      if (!p) throw new Error('insert returned nothing');
      if (input.onHand && input.onHand > 0)
        await moveStock(tx, {
          companyId: ctx.companyId,
          partId: p.id,
          change: input.onHand,
          reason: 'received',
          note: null,
          userId: ctx.userId,
          byName: actorName(ctx),
          at: now,
        });
      return p.id;
    });
    return toPartDto(await findPart(deps.db, ctx, id));
  } catch (err) {
    if (isUniqueViolation(err)) throw numberTaken();
    throw err;
  }
}

/** PATCH /api/parts/:id: the catalogue fields (never the quantity on hand: that is stock moves). */
export async function updatePart(
  deps: Deps,
  ctx: CompanyContext,
  id: string,
  input: PartInput,
): Promise<PartDto> {
  await findPart(deps.db, ctx, id);
  try {
    await deps.db
      .update(part)
      .set({ ...catalogueFields(input), updatedAt: deps.now() })
      .where(and(eq(part.id, id), eq(part.companyId, ctx.companyId)));
  } catch (err) {
    if (isUniqueViolation(err)) throw numberTaken();
    throw err;
  }
  return toPartDto(await findPart(deps.db, ctx, id));
}

/** POST /api/parts/:id/stock: received or adjusted, kept with who and when; idempotent by key. */
export async function changeStock(
  deps: Deps,
  ctx: CompanyContext,
  id: string,
  input: StockInput,
  key: string | null,
): Promise<{ created: boolean; part: PartDto }> {
  await findPart(deps.db, ctx, id);
  if (key) {
    const prior = await moveByKey(deps.db, ctx.companyId, key);
    if (prior) {
      if (prior.partId !== id || prior.change !== input.change || prior.reason !== input.reason)
        throw keyReused();
      return { created: false, part: toPartDto(await findPart(deps.db, ctx, id)) };
    }
  }
  await deps.db.transaction((tx) =>
    moveStock(tx, {
      companyId: ctx.companyId,
      partId: id,
      change: input.change,
      reason: input.reason,
      note: input.note ?? null,
      userId: ctx.userId,
      byName: actorName(ctx),
      idempotencyKey: key,
      at: deps.now(),
    }),
  );
  return { created: true, part: toPartDto(await findPart(deps.db, ctx, id)) };
}

/** A part's stock moves, newest first. */
export async function partMoves(
  deps: Deps,
  ctx: CompanyContext,
  id: string,
): Promise<{ part: PartDto; moves: StockMoveDto[] }> {
  const p = await findPart(deps.db, ctx, id);
  const rows = await deps.db
    .select({ m: stockMove, number: workOrder.number })
    .from(stockMove)
    .leftJoin(workOrder, eq(workOrder.id, stockMove.workOrderId))
    .where(and(eq(stockMove.partId, id), eq(stockMove.companyId, ctx.companyId)))
    .orderBy(desc(stockMove.createdAt), desc(stockMove.id))
    .limit(500);
  return {
    part: toPartDto(p),
    moves: rows.map(({ m, number }) => ({
      id: m.id,
      partId: m.partId,
      change: m.change,
      reason: m.reason as StockMoveDto['reason'],
      note: m.note,
      onHandAfter: m.onHandAfter,
      workOrderId: m.workOrderId,
      workOrderNumber: number ?? null,
      by: m.byName,
      createdAt: m.createdAt.toISOString(),
    })),
  };
}
