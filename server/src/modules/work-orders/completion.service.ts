import { and, asc, eq } from 'drizzle-orm';
import { personName } from '@domain/history-text';
import {
  isClosedStatus,
  type CompleteInput,
  type WorkOrderDto,
  type WorkOrderKind,
  type WorkOrderPartInput,
  type WorkOrderStatus,
} from '@domain/schemas/work-orders';
import type { Tx } from '../../db/client';
import { part, stockMove, user, workOrder } from '../../db/schema/index';
import type { Deps } from '../../deps';
import { keyReused } from '../../lib/idempotency';
import type { CompanyContext } from '../../plugins/session';
import { companyToday, findRow, latestServiceEntryIdTx, recordServiceTx } from '../equipment/index';
import { remainingTasksDone } from '../schedule/index';
import { resolveDefectTx } from '../inspections/index';
import { enqueueEvents, kickDelivery } from '../events/index';
import { actorName, bumpEquipmentVersion } from '../ledger/index';
import { moveByKey, moveStock } from '../parts/index';
import { getWorkOrder, round2 } from './read';
import { closed, lockWorkOrder, statusEntry, type WorkOrderRow } from './work-orders.service';

/**
 * Completing a work order, with its costs: parts drawn from stock (while open and at completion),
 * labour and other costs fixed, a service order's service entry, a linked defect resolved.
 */

/** Draws parts for an order (a "used" stock move each), inside the caller's transaction. */
async function drawParts(
  tx: Tx,
  ctx: CompanyContext,
  w: WorkOrderRow,
  parts: WorkOrderPartInput[],
  at: Date,
  key: string | null,
) {
  for (const [i, p] of parts.entries())
    await moveStock(tx, {
      companyId: ctx.companyId,
      partId: p.partId,
      change: -p.quantity,
      reason: 'used',
      note: null,
      workOrderId: w.id,
      userId: ctx.userId,
      byName: actorName(ctx),
      idempotencyKey: key ? (parts.length > 1 ? `${key}#${i}` : key) : null,
      at,
    });
}

/** POST /api/work-orders/:id/parts: a part used on the order, taken from stock at once. */
export async function addPart(
  deps: Deps,
  ctx: CompanyContext,
  id: string,
  input: WorkOrderPartInput,
  key: string | null,
): Promise<{ created: boolean; workOrder: WorkOrderDto }> {
  if (key) {
    const prior = await moveByKey(deps.db, ctx.companyId, key);
    if (prior) {
      if (
        prior.workOrderId !== id ||
        prior.partId !== input.partId ||
        -prior.change !== input.quantity
      )
        throw keyReused();
      return { created: false, workOrder: await getWorkOrder(deps, ctx, id) };
    }
  }
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const w = await lockWorkOrder(tx, ctx, id);
    if (isClosedStatus(w.status as WorkOrderStatus)) throw closed(w.status);
    await drawParts(tx, ctx, w, [input], now, key);
    await tx
      .update(workOrder)
      .set({ updatedAt: now })
      .where(and(eq(workOrder.id, w.id), eq(workOrder.companyId, ctx.companyId)));
  });
  return { created: true, workOrder: await getWorkOrder(deps, ctx, id) };
}

/**
 * POST /api/work-orders/:id/complete: one transaction. Any last parts are drawn, the costs are fixed,
 * a service order writes its service entry exactly as Mark as Serviced does (the interval resets, the
 * forecast moves), a linked defect is resolved, and the status change is written to the machine's
 * record. Anything refused on the way leaves nothing behind. The same Idempotency-Key answers the
 * completed order again.
 */
export async function completeWorkOrder(
  deps: Deps,
  ctx: CompanyContext,
  id: string,
  input: CompleteInput,
  key: string | null,
): Promise<{ created: boolean; workOrder: WorkOrderDto }> {
  const now = deps.now();
  const today = companyToday(deps, ctx);
  const replay = await deps.db.transaction(async (tx) => {
    const w = await lockWorkOrder(tx, ctx, id);
    const from = w.status as WorkOrderStatus;
    if (from === 'done' && key && w.completeKey === key) return true;
    if (isClosedStatus(from)) throw closed(from);
    let e = await findRow(tx, ctx, w.equipmentId, true);
    await drawParts(tx, ctx, w, input.parts, now, key ? `${key}:parts` : null);
    const lines = await tx
      .select({
        change: stockMove.change,
        unitCost: stockMove.unitCost,
        name: part.name,
        partNumber: part.partNumber,
      })
      .from(stockMove)
      .innerJoin(part, eq(part.id, stockMove.partId))
      .where(
        and(
          eq(stockMove.companyId, ctx.companyId),
          eq(stockMove.workOrderId, w.id),
          eq(stockMove.reason, 'used'),
        ),
      )
      .orderBy(asc(stockMove.createdAt), asc(stockMove.id));
    const partsCost = round2(lines.reduce((s, l) => s + -l.change * l.unitCost, 0));
    const laborHours = input.laborHours ?? w.laborHours ?? null;
    const laborRate = input.laborRate ?? w.laborRate ?? null;
    const laborCost = round2((laborHours ?? 0) * (laborRate ?? 0));
    const otherCost = round2(input.otherCost ?? w.otherCost ?? 0);
    const total = round2(partsCost + laborCost + otherCost);
    const notes = input.notes ?? w.notes ?? null;
    let serviceEntryId: string | null = null;
    if (w.kind === 'service') {
      const performedBy = await performerOf(tx, ctx, w);
      e = await recordServiceTx(
        tx,
        deps,
        ctx,
        e,
        {
          ...(input.usage !== null && input.usage !== undefined ? { usage: input.usage } : {}),
          parts: lines.map((l) => ({ part: l.name, partNumber: l.partNumber, qty: -l.change })),
          cost: total,
          performedBy,
          notes: [`#${w.number} ${w.title}`, input.notes].filter(Boolean).join(' · '),
        },
        today,
        w.number,
        // The service tasks it does reset with it (issue 40); none: the primary, as before.
        await remainingTasksDone(tx, ctx, e.id, w.serviceTaskIds ?? [], now),
      );
      serviceEntryId = await latestServiceEntryIdTx(tx, ctx, e.id);
    }
    if (w.defectId)
      await resolveDefectTx(
        tx,
        ctx,
        w.defectId,
        e,
        { note: notes || w.title, serviceEntryId, returnToService: input.returnToService },
        now,
      );
    await tx
      .update(workOrder)
      .set({
        status: 'done',
        laborHours,
        laborRate,
        otherCost,
        partsCost,
        total,
        notes,
        usage: input.usage ?? e.currentUsage,
        serviceEntryId,
        completedAt: now,
        completedBy: actorName(ctx),
        completedByUserId: ctx.userId,
        completeKey: key,
        updatedAt: now,
      })
      .where(and(eq(workOrder.id, w.id), eq(workOrder.companyId, ctx.companyId)));
    await statusEntry(tx, ctx, w, from, 'done', now, total);
    await bumpEquipmentVersion(tx, ctx.companyId);
    // Webhooks (issue 29): the completed order, in the transaction that completes it.
    await enqueueEvents(
      tx,
      ctx.companyId,
      [
        {
          type: 'work_order.completed',
          data: {
            workOrderId: w.id,
            number: w.number,
            equipmentId: w.equipmentId,
            kind: w.kind as WorkOrderKind,
            total,
            partsCost,
            laborCost,
            otherCost,
            serviceEntryId,
            completedAt: now.toISOString(),
          },
        },
      ],
      now,
    );
    return false;
  });
  if (!replay) kickDelivery(deps);
  return { created: !replay, workOrder: await getWorkOrder(deps, ctx, id) };
}

/** Who did the work: the assignee, else the vendor, else whoever completes it. */
async function performerOf(tx: Tx, ctx: CompanyContext, w: WorkOrderRow): Promise<string> {
  if (w.assigneeId) {
    const [u] = await tx
      .select({ firstName: user.firstName, lastName: user.lastName, email: user.email })
      .from(user)
      .where(and(eq(user.id, w.assigneeId), eq(user.companyId, ctx.companyId)))
      .limit(1);
    if (u) return personName(u);
  }
  return w.vendor ?? actorName(ctx);
}
