/**
 * The manager's side of operator updates: the list (held, applied, rejected), approve, reject, void and
 * resetting the fuel totals.
 */
import { overTank } from '@domain/fuel';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { type OperatorUpdateDto } from '@domain/schemas/operators';
import { UPDATES_APPLIED_MAX, UPDATES_PENDING_MAX } from '@domain/operator-updates';
import { todayIn } from '@domain/dates';
import { machineStatusFromTasks } from '@domain/schedule';
import type { DbOrTx, Tx } from '../../db/client';
import { preparedPerDb } from '../../db/prepared';
import { equipment, equipmentNote, operatorUpdate } from '../../db/schema/index';
import type { Deps } from '../../deps';
import { AppError, notFound } from '../../lib/errors';
import type { CompanyContext } from '../../plugins/session';
import { enqueueEvents, kickDelivery } from '../events/index';
import { entryOfUpdate, voidEntryTx, voidUpdateTx } from '../equipment/index';
import { findRow, statusColumns, statusOfColumns, tasksByMachine } from '../equipment/index';
import { resetFuelTotals } from '../ledger/index';

import {
  applyUpdate,
  lockEquipment,
  rollbackError,
  toUpdateDto,
  type UpdateRow,
} from './update-apply';

/** The DTO's columns only, newest first, by status: one statement prepared once per database (parsed and planned once per connection). */
const listStatement = preparedPerDb((db: DbOrTx) =>
  db
    .select({
      id: operatorUpdate.id,
      equipmentId: operatorUpdate.equipmentId,
      equipmentName: operatorUpdate.equipmentName,
      operatorId: operatorUpdate.operatorId,
      operatorName: operatorUpdate.operatorName,
      newUsage: operatorUpdate.newUsage,
      fuelAdded: operatorUpdate.fuelAdded,
      fuelType: operatorUpdate.fuelType,
      volumeUnit: operatorUpdate.volumeUnit,
      fuelPrice: operatorUpdate.fuelPrice,
      fuelCost: operatorUpdate.fuelCost,
      notes: operatorUpdate.notes,
      status: operatorUpdate.status,
      reason: operatorUpdate.reason,
      reviewedAt: operatorUpdate.reviewedAt,
      createdAt: operatorUpdate.createdAt,
      voidedAt: operatorUpdate.voidedAt,
      voidedBy: operatorUpdate.voidedBy,
      voidReason: operatorUpdate.voidReason,
      device: operatorUpdate.device,
      unit: operatorUpdate.unit,
      checklist: sql<
        string | null
        // Qualified by hand: a one-table select writes its columns bare ("id"), which inside this
        // subquery would name the note's own columns and match nothing (a full scan per request).
      >`(select n.params->>'checklist' from ${equipmentNote} n where n.operator_update_id = ${operatorUpdate}.id and n.company_id = ${operatorUpdate}.company_id limit 1)`,
      // What the machine's criticality is computed from (the one status engine, below).
      ...statusColumns,
      retiredAt: equipment.retiredAt,
      tankCapacity: equipment.tankCapacity,
    })
    .from(operatorUpdate)
    .leftJoin(
      equipment,
      and(
        eq(equipment.id, operatorUpdate.equipmentId),
        eq(equipment.companyId, operatorUpdate.companyId),
      ),
    )
    .where(
      and(
        eq(operatorUpdate.companyId, sql.placeholder('companyId')),
        eq(operatorUpdate.status, sql.placeholder('status')),
      ),
    )
    .orderBy(desc(operatorUpdate.createdAt))
    .limit(sql.placeholder('limit'))
    .prepare('operator_updates_by_status'),
);

/**
 * Pending updates (up to 200, for review) then the 50 most recent applied ones, each with its machine's
 * criticality now (the dashboard pulses updates about critical machines and offers Serviced on them):
 * bounded by the list, not by the fleet. `limit` answers the first `limit` of that order (the route's
 * query schema defaults it to the whole list): the applied ones are not read when the pending ones fill it.
 */
export async function listUpdates(
  deps: Deps,
  ctx: CompanyContext,
  limit: number,
): Promise<OperatorUpdateDto[]> {
  const today = todayIn(ctx.company.timeZone, deps.now());
  const statement = listStatement(deps.db);
  const pending = await statement.execute({
    companyId: ctx.companyId,
    status: 'pending',
    limit: Math.min(limit, UPDATES_PENDING_MAX),
  });
  const appliedLimit = Math.min(UPDATES_APPLIED_MAX, limit - pending.length);
  const recent =
    appliedLimit > 0
      ? await statement.execute({
          companyId: ctx.companyId,
          status: 'applied',
          limit: appliedLimit,
        })
      : [];
  return [...pending, ...recent].map((r) => {
    const dto = toUpdateDto(r, ctx.company.volumeUnit);
    if (overTank(r.fuelAdded, r.tankCapacity)) dto.overTank = true;
    if (r.currentUsage === null || r.retiredAt !== null) return dto;
    const st = statusOfColumns(
      {
        currentUsage: r.currentUsage,
        threshold: r.threshold,
        alertThreshold: r.alertThreshold ?? 20,
        tasks: r.tasks,
      },
      today,
    );
    if (st.severelyCritical) dto.criticality = 'severe';
    else if (st.critical) dto.criticality = 'critical';
    return dto;
  });
}

async function reviewable(tx: Tx, ctx: CompanyContext, id: string): Promise<UpdateRow> {
  const rows = await tx
    .select()
    .from(operatorUpdate)
    .where(and(eq(operatorUpdate.id, id), eq(operatorUpdate.companyId, ctx.companyId)))
    .for('update')
    .limit(1);
  const row = rows[0];
  if (!row) throw notFound('operators.updateNotFound');
  if (row.status !== 'pending') throw new AppError('conflict', 'operators.alreadyReviewed');
  return row;
}

/** Approving re-checks the reading against the (locked) current usage and applies it in one transaction. */
export async function approveUpdate(
  deps: Deps,
  ctx: CompanyContext,
  id: string,
): Promise<OperatorUpdateDto> {
  const now = deps.now();
  const today = todayIn(ctx.company.timeZone, now);
  let events = 0;
  const dto = await deps.db.transaction(async (tx) => {
    const row = await reviewable(tx, ctx, id);
    const eqRow = await lockEquipment(tx, ctx.companyId, row.equipmentId);
    if (row.newUsage !== null && row.newUsage < eqRow.currentUsage)
      throw rollbackError(row.newUsage, eqRow.currentUsage, eqRow.unit);
    await applyUpdate(tx, row, eqRow, now, row.operatorId);
    const [done] = await tx
      .update(operatorUpdate)
      .set({ status: 'applied', reviewedBy: ctx.userId, reviewedAt: now })
      .where(eq(operatorUpdate.id, row.id))
      .returning();
    // The approved reading may move the machine's service status (webhooks, issue 29).
    if (row.newUsage !== null) {
      const tasks = (await tasksByMachine(tx, ctx.companyId, [eqRow.id])).get(eqRow.id) ?? [];
      const from = machineStatusFromTasks(tasks, eqRow, today).serviceStatus;
      const to = machineStatusFromTasks(
        tasks,
        { ...eqRow, currentUsage: row.newUsage },
        today,
      ).serviceStatus;
      if (from !== to)
        events = await enqueueEvents(
          tx,
          ctx.companyId,
          [
            {
              type: 'equipment.status_changed',
              data: { equipmentId: eqRow.id, from, to, usage: row.newUsage, updateId: row.id },
            },
          ],
          now,
        );
    }
    return toUpdateDto(done!, ctx.company.volumeUnit);
  });
  if (events > 0) kickDelivery(deps);
  return dto;
}

export async function rejectUpdate(
  deps: Deps,
  ctx: CompanyContext,
  id: string,
): Promise<OperatorUpdateDto> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const row = await reviewable(tx, ctx, id);
    const [done] = await tx
      .update(operatorUpdate)
      .set({ status: 'rejected', reviewedBy: ctx.userId, reviewedAt: now })
      .where(eq(operatorUpdate.id, row.id))
      .returning();
    return toUpdateDto(done!, ctx.company.volumeUnit);
  });
}

// ---- Fuel and history ----------------------------------------------------------------------------

export async function resetFuel(deps: Deps, ctx: CompanyContext): Promise<{ count: number }> {
  const now = deps.now();
  const count = await resetFuelTotals(deps.db, ctx.companyId, now, isNull(equipment.retiredAt));
  return { count };
}

/**
 * Voids an applied operator update (POST /api/operator-updates/:id/void): its history entry and the
 * update stay, marked; usage is replayed without it and its fuel leaves the totals, in one transaction.
 */
export async function voidUpdate(
  deps: Deps,
  ctx: CompanyContext,
  id: string,
  reason: string,
): Promise<OperatorUpdateDto> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const [u] = await tx
      .select()
      .from(operatorUpdate)
      .where(and(eq(operatorUpdate.id, id), eq(operatorUpdate.companyId, ctx.companyId)))
      .for('update')
      .limit(1);
    if (!u) throw notFound('operators.updateNotFound');
    if (u.voidedAt) throw new AppError('conflict', 'equipment.alreadyVoided');
    if (u.status !== 'applied') throw new AppError('validation', 'equipment.notVoidable');
    const e = await findRow(tx, ctx, u.equipmentId, true);
    const entry = await entryOfUpdate(tx, ctx, u.id);
    if (entry) await voidEntryTx(tx, ctx, e, entry, reason, now);
    else {
      // An update applied before entries were linked to it: its fuel leaves the totals; its usage cannot be replayed.
      await voidUpdateTx(tx, ctx, e, u.id, u.reviewedAt ?? u.createdAt, reason, now);
    }
    const [done] = await tx.select().from(operatorUpdate).where(eq(operatorUpdate.id, u.id));
    return toUpdateDto(done!, ctx.company.volumeUnit);
  });
}
