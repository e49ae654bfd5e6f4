/** A machine out of service and back: by a failed critical item, a resolved defect, or a manager. */
import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { equipment } from '../../db/schema/index';
import type { Deps } from '../../deps';
import { AppError } from '../../lib/errors';
import type { CompanyContext } from '../../plugins/session';
import { actorName, actorOf, bumpEquipmentVersion, record } from '../ledger/index';
import { findRow, type Row } from '../equipment/index';

/** Sets the state on the (caller-locked or not yet out of service) machine; false when it already was. */
export async function setOutOfServiceTx(
  tx: Tx,
  ctx: CompanyContext,
  equipmentId: string,
  why: { items: string[]; reason: string | null },
  by: string,
  now: Date,
): Promise<boolean> {
  const reason = why.reason ?? `✗ ${why.items.join(', ')}`;
  const rows = await tx
    .update(equipment)
    .set({
      outOfServiceAt: now,
      outOfServiceBy: by,
      outOfServiceByUserId: ctx.userId,
      outOfServiceReason: reason,
      lastUpdated: now,
    })
    .where(
      and(
        eq(equipment.id, equipmentId),
        eq(equipment.companyId, ctx.companyId),
        isNull(equipment.outOfServiceAt),
      ),
    )
    .returning({ id: equipment.id });
  if (rows.length === 0) return false;
  await record(tx, actorOf(ctx, by), equipmentId, now, { kind: 'out_of_service', params: why });
  await bumpEquipmentVersion(tx, ctx.companyId);
  return true;
}

export async function returnToServiceTx(
  tx: Tx,
  ctx: CompanyContext,
  e: Row,
  now: Date,
  items: string[],
) {
  await tx
    .update(equipment)
    .set({
      outOfServiceAt: null,
      outOfServiceBy: null,
      outOfServiceByUserId: null,
      outOfServiceReason: null,
      lastUpdated: now,
    })
    .where(and(eq(equipment.id, e.id), eq(equipment.companyId, ctx.companyId)));
  await record(tx, actorOf(ctx), e.id, now, {
    kind: 'back_in_service',
    params: { items, reason: null },
  });
  await bumpEquipmentVersion(tx, ctx.companyId);
}

export async function setOutOfService(
  deps: Deps,
  ctx: CompanyContext,
  equipmentId: string,
  reason: string,
) {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const e = await findRow(tx, ctx, equipmentId, true);
    if (e.outOfServiceAt) throw new AppError('conflict', 'inspections.alreadyOutOfService');
    await setOutOfServiceTx(tx, ctx, e.id, { items: [], reason }, actorName(ctx), now);
  });
  return { outOfService: true };
}

export async function returnToService(deps: Deps, ctx: CompanyContext, equipmentId: string) {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const e = await findRow(tx, ctx, equipmentId, true);
    if (!e.outOfServiceAt) throw new AppError('conflict', 'inspections.notOutOfService');
    await returnToServiceTx(tx, ctx, e, now, []);
  });
  return { outOfService: false };
}
