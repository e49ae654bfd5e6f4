/**
 * The stock ledger: the only code that writes stock moves and moves a part's quantity on hand
 * (issue 27, docs/work-orders.md). A move is one conditional UPDATE (`on_hand + change >= 0`), so two
 * work orders drawing the last units at once cannot both succeed and stock never goes below zero (the
 * column's CHECK is the last wall). `stock-one-writer.test.ts` fails when another module writes them.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { part, stockMove } from '../../db/schema/index';
import { AppError, notFound } from '../../lib/errors';

export type StockReason = 'received' | 'used' | 'returned' | 'adjusted';
export type PartRow = typeof part.$inferSelect;
export type StockMoveRow = typeof stockMove.$inferSelect;

export type StockMoveInput = {
  companyId: string;
  partId: string;
  /** Positive: into stock; negative: out of it. */
  change: number;
  reason: StockReason;
  note: string | null;
  workOrderId?: string | null;
  /** The service entry the part was used on (Mark as Serviced), or returned by its void. */
  serviceEntryId?: string | null;
  userId: string | null;
  byName: string;
  idempotencyKey?: string | null;
  at: Date;
};

const round3 = (n: number) => Math.round(n * 1000) / 1000;

/** Moves stock and keeps the move; refuses (409) a move that would take the part below zero. */
export async function moveStock(tx: DbOrTx, m: StockMoveInput): Promise<StockMoveRow> {
  const change = round3(m.change);
  const [moved] = await tx
    .update(part)
    .set({ onHand: sql`${part.onHand} + ${change}`, updatedAt: m.at })
    .where(
      and(
        eq(part.id, m.partId),
        eq(part.companyId, m.companyId),
        sql`${part.onHand} + ${change} >= 0`,
      ),
    )
    .returning({ onHand: part.onHand, unitCost: part.unitCost });
  if (!moved) {
    const [p] = await tx
      .select({ name: part.name, onHand: part.onHand, unit: part.unit })
      .from(part)
      .where(and(eq(part.id, m.partId), eq(part.companyId, m.companyId)))
      .limit(1);
    if (!p) throw notFound('workOrders.partNotFound');
    if (m.reason === 'used')
      throw new AppError('conflict', 'workOrders.notEnoughStock', {
        params: { part: p.name, onHand: p.onHand, unit: p.unit, wanted: -change },
        fieldErrors: { quantity: 'workOrders.notEnoughStock' },
      });
    throw new AppError('conflict', 'workOrders.belowZero', {
      params: { onHand: p.onHand, unit: p.unit },
      fieldErrors: { change: 'workOrders.belowZero' },
    });
  }
  const [row] = await tx
    .insert(stockMove)
    .values({
      companyId: m.companyId,
      partId: m.partId,
      change,
      reason: m.reason,
      note: m.note,
      onHandAfter: moved.onHand,
      unitCost: moved.unitCost,
      workOrderId: m.workOrderId ?? null,
      serviceEntryId: m.serviceEntryId ?? null,
      userId: m.userId,
      byName: m.byName,
      idempotencyKey: m.idempotencyKey ?? null,
      createdAt: m.at,
    })
    .returning();
  if (!row) throw new Error('insert returned nothing');
  return row;
}

/** A move already recorded under an idempotency key (a phone sending again), if any. */
export async function moveByKey(
  db: DbOrTx,
  companyId: string,
  key: string,
): Promise<StockMoveRow | undefined> {
  const [row] = await db
    .select()
    .from(stockMove)
    .where(and(eq(stockMove.companyId, companyId), eq(stockMove.idempotencyKey, key)))
    .limit(1);
  return row;
}

type ServiceStockBy = {
  companyId: string;
  serviceEntryId: string;
  userId: string | null;
  byName: string;
  at: Date;
};

/**
 * The catalogue parts of a service (Mark as Serviced, issue 43): each one a "used" move naming the
 * service entry, in the service's transaction (not enough stock refuses the service: 409).
 */
export async function drawServiceParts(
  tx: DbOrTx,
  by: ServiceStockBy,
  parts: readonly { partId: string; quantity: number }[],
): Promise<void> {
  for (const p of parts)
    await moveStock(tx, {
      ...by,
      partId: p.partId,
      change: -p.quantity,
      reason: 'used',
      note: null,
    });
}

/** A voided service's parts back on the shelf: a "returned" move for each part it drew, with the reason. */
export async function returnServiceParts(
  tx: DbOrTx,
  by: ServiceStockBy & { note: string },
): Promise<number> {
  const used = await tx
    .select({ partId: stockMove.partId, change: stockMove.change })
    .from(stockMove)
    .where(
      and(
        eq(stockMove.companyId, by.companyId),
        eq(stockMove.serviceEntryId, by.serviceEntryId),
        eq(stockMove.reason, 'used'),
      ),
    )
    .orderBy(asc(stockMove.createdAt), asc(stockMove.id));
  for (const u of used)
    await moveStock(tx, { ...by, partId: u.partId, change: -u.change, reason: 'returned' });
  return used.length;
}
