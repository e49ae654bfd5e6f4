import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { EquipmentDto, RetiredEquipmentDto } from '@domain/schemas/equipment';
import { equipment } from '../../db/schema/index';
import type { Deps } from '../../deps';
import { AppError } from '../../lib/errors';
import type { CompanyContext } from '../../plugins/session';
import { actorName, actorOf, bumpEquipmentVersion, record } from '../ledger/index';
import { assertRoomForOneMore } from './equipment.commands';
import { companyToday, findAnyRow, findRow } from './equipment.queries';
import { toRetiredDto } from './equipment.dto';
import { equipmentDtoOf } from './machine-tasks';

/**
 * Retire: a state of the machine's row (docs/decisions/trustworthy-record.md). Its notes, readings,
 * operator updates, fuel and services stay attached; it leaves the active lists and the plan count.
 */
export async function retireEquipment(
  deps: Deps,
  ctx: CompanyContext,
  id: string,
  retirementNotes: string | null,
): Promise<RetiredEquipmentDto> {
  const row = await deps.db.transaction(async (tx) => {
    const e = await findRow(tx, ctx, id, true);
    const now = deps.now();
    const [retired] = await tx
      .update(equipment)
      .set({
        retiredAt: now,
        retiredBy: actorName(ctx),
        retiredByUserId: ctx.userId,
        retirementNotes,
        lastUpdated: now,
      })
      .where(and(eq(equipment.id, e.id), eq(equipment.companyId, ctx.companyId)))
      .returning();
    if (!retired) throw new Error('update returned nothing');
    await record(tx, actorOf(ctx), e.id, now, {
      kind: 'retired',
      params: { remark: retirementNotes || null, usage: e.currentUsage, unit: e.unit },
    });
    await bumpEquipmentVersion(tx, ctx.companyId);
    return retired;
  });
  return toRetiredDto(row);
}

/** Restore: back to the active list, when the plan has room for one more active machine. */
export async function restoreEquipment(
  deps: Deps,
  ctx: CompanyContext,
  id: string,
): Promise<EquipmentDto> {
  const row = await deps.db.transaction(async (tx) => {
    const e = await findAnyRow(tx, ctx, id, true);
    if (!e.retiredAt) throw new AppError('conflict', 'equipment.notRetired');
    await assertRoomForOneMore(tx, ctx, 'equipment.restorePlanLimit');
    const now = deps.now();
    const [restored] = await tx
      .update(equipment)
      .set({
        retiredAt: null,
        retiredBy: null,
        retiredByUserId: null,
        retirementNotes: null,
        lastUpdated: now,
      })
      .where(and(eq(equipment.id, e.id), eq(equipment.companyId, ctx.companyId)))
      .returning();
    if (!restored) throw new Error('update returned nothing');
    await record(tx, actorOf(ctx), e.id, now, {
      kind: 'restored',
      params: { usage: e.currentUsage, unit: e.unit },
    });
    await bumpEquipmentVersion(tx, ctx.companyId);
    return restored;
  });
  return equipmentDtoOf(deps.db, ctx.companyId, row, deps.now(), companyToday(deps, ctx));
}

/** The Retired Equipment page: a query of the state, newest retirement first (bounded by the company's machines). */
export async function listRetired(deps: Deps, ctx: CompanyContext): Promise<RetiredEquipmentDto[]> {
  const rows = await deps.db
    .select()
    .from(equipment)
    .where(and(eq(equipment.companyId, ctx.companyId), isNotNull(equipment.retiredAt)))
    .orderBy(desc(equipment.retiredAt), desc(equipment.id))
    .limit(10_000);
  return rows.map(toRetiredDto);
}
