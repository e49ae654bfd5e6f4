/**
 * What submitting and reviewing an operator update share (issue 44 split the service by job): the
 * update's DTO, the meter-rollback refusal, the machine's lock and applying an update to it.
 */
import { and, eq } from 'drizzle-orm';
import { type OperatorUpdateDto } from '@domain/schemas/operators';
import { messageText } from '@domain/messages/catalogue';
import { asVolumeUnit, priceIn, pricePerGallon, volumeIn } from '@domain/fuel';
import type { Tx } from '../../db/client';
import { apiKey, equipment, operatorUpdate } from '../../db/schema/index';
import { AppError, notFound } from '../../lib/errors';
import type { CompanyContext } from '../../plugins/session';
import {
  actorName,
  bumpEquipmentVersion,
  moveTotals,
  operatorEntry,
  record,
} from '../ledger/index';

export type UpdateRow = typeof operatorUpdate.$inferSelect;
export type EquipmentRow = typeof equipment.$inferSelect;

export const APPLIED_MESSAGE = messageText('operators.submitted');
export const PENDING_MESSAGE = messageText('operators.heldForReview');

/** The DTO's fields only (an explicit literal, like toEquipmentDto: no internal column can leak, no per-row schema parse). */
export function toUpdateDto(
  r: Omit<UpdateRow, 'companyId' | 'idempotencyKey' | 'reviewedBy' | 'voidedByUserId'> & {
    checklist?: string | null;
  },
  /** The company's unit: the answer's volumes and price are in it (ctx.company.volumeUnit). */
  unit: string,
): OperatorUpdateDto {
  const volumeUnit = asVolumeUnit(unit);
  return {
    id: r.id,
    equipmentId: r.equipmentId,
    equipmentName: r.equipmentName,
    operatorId: r.operatorId,
    operatorName: r.operatorName,
    newUsage: r.newUsage,
    fuelAdded: volumeIn(r.fuelAdded, volumeUnit),
    fuelType: r.fuelType,
    volumeUnit,
    price:
      r.fuelPrice === null
        ? null
        : priceIn(pricePerGallon(r.fuelPrice, asVolumeUnit(r.volumeUnit)), volumeUnit),
    cost: r.fuelCost,
    notes: r.notes,
    status: r.status === 'applied' || r.status === 'rejected' ? r.status : 'pending',
    reason: r.reason,
    reviewedAt: r.reviewedAt ? r.reviewedAt.toISOString() : null,
    createdAt: r.createdAt.toISOString(),
    voided: r.voidedAt
      ? { at: r.voidedAt.toISOString(), by: r.voidedBy, reason: r.voidReason ?? '' }
      : null,
    device: r.device,
    ...(r.unit ? { unit: r.unit } : {}),
    checklist: r.checklist ?? null,
    unusual: r.status === 'applied' && r.reason === 'unusual_reading',
  };
}

export function rollbackError(reading: number, current: number, unit: string) {
  return new AppError('validation', 'operators.meterRollback', {
    params: { reading, current, unit: unit === 'n/a' ? '' : unit },
    fieldErrors: { newUsage: 'operators.meterRollbackField' },
  });
}

export async function lockEquipment(
  tx: Tx,
  companyId: string,
  equipmentId: string,
): Promise<EquipmentRow> {
  const rows = await tx
    .select()
    .from(equipment)
    .where(and(eq(equipment.id, equipmentId), eq(equipment.companyId, companyId)))
    .for('update')
    .limit(1);
  const row = rows[0];
  if (!row) throw notFound('equipment.notFound');
  if (row.retiredAt) throw new AppError('conflict', 'equipment.isRetired');
  return row;
}

/** Applies an approved update to its (locked) equipment: usage, fuel totals by type, history. One transaction. */
export async function applyUpdate(
  tx: Tx,
  u: UpdateRow,
  eqRow: EquipmentRow,
  now: Date,
  userId: string | null,
) {
  const fuel = u.fuelAdded > 0 ? u.fuelAdded : 0;
  // A reading an API key sent (held, then approved) still names the key (issue 29).
  const [key] = u.operatorId
    ? await tx
        .select({ name: apiKey.name })
        .from(apiKey)
        .where(and(eq(apiKey.userId, u.operatorId), eq(apiKey.companyId, u.companyId)))
        .limit(1)
    : [];
  await moveTotals(
    tx,
    u.companyId,
    eqRow.id,
    {
      ...(u.newUsage !== null ? { usage: u.newUsage } : {}),
      addFuel: u.fuelType === 'diesel' ? { gas: 0, diesel: fuel } : { gas: fuel, diesel: 0 },
    },
    { lastUpdated: now, ...(u.newUsage !== null ? { lastReadingAt: now } : {}) },
  );
  const entry = operatorEntry({
    newUsage: u.newUsage,
    currentUsage: eqRow.currentUsage,
    unit: eqRow.unit,
    fuelAdded: fuel,
    fuelType: u.fuelType,
    notes: u.notes,
    unusual: u.reason === 'unusual_reading',
    via: key?.name,
  });
  await record(
    tx,
    { companyId: u.companyId, userId, name: u.operatorName },
    eqRow.id,
    now,
    entry,
    u.id,
  );
  await bumpEquipmentVersion(tx, u.companyId);
}

/** How an operator update names its sender: the one naming rule (ledger actorName). */
export function operatorDisplayName(ctx: CompanyContext): string {
  return actorName(ctx);
}
