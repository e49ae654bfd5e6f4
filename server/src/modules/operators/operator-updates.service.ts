import { and, desc, eq, gt, sql } from 'drizzle-orm';
import {
  MAX_INCREASE_PER_DAY,
  operatorUpdateDto,
  type FuelExportRow,
  type HistoryRecord,
  type OperatorUpdateDto,
  type OperatorUpdateInput,
  type SubmitOperatorUpdateResponse,
} from '../../../../domain/schemas/operators';
import type { Tx } from '../../db/client';
import { equipment, equipmentNote, operatorUpdate } from '../../db/schema/index';
import type { Deps } from '../../deps';
import { AppError, notFound } from '../../lib/errors';
import type { CompanyContext } from '../../plugins/session';

type UpdateRow = typeof operatorUpdate.$inferSelect;
type EquipmentRow = typeof equipment.$inferSelect;

const DAY_MS = 86_400_000;
export const APPLIED_MESSAGE = 'Your equipment update has been sent to the manager for review.';
export const PENDING_MESSAGE =
  'This reading is much higher than expected, so it was sent to your manager for review before it is counted.';

export function toUpdateDto(r: UpdateRow): OperatorUpdateDto {
  return operatorUpdateDto.parse({
    ...r,
    status: r.status === 'applied' || r.status === 'rejected' ? r.status : 'pending',
    reviewedAt: r.reviewedAt ? r.reviewedAt.toISOString() : null,
    createdAt: r.createdAt.toISOString(),
  });
}

const fmt = (n: number) => new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 }).format(n);

function rollbackError(reading: number, current: number, unit: string) {
  const u = unit === 'n/a' ? '' : ` ${unit}`;
  return new AppError(
    'validation',
    `The reading ${fmt(reading)}${u} is below the current usage of ${fmt(current)}${u}. Meter readings cannot go backwards; ask your manager to correct the usage if it is wrong.`,
    { newUsage: 'Reading below the current usage (meter rollback).' },
  );
}

/** decisions.md: more than the meter can physically do since the last reading. */
function implausible(eq: EquipmentRow, newUsage: number, now: Date): boolean {
  const perDay = MAX_INCREASE_PER_DAY[eq.unit];
  if (perDay === undefined) return false;
  const days = Math.max(1, (now.getTime() - eq.lastReadingAt.getTime()) / DAY_MS);
  return newUsage - eq.currentUsage > perDay * days;
}

async function lockEquipment(tx: Tx, companyId: string, equipmentId: string): Promise<EquipmentRow> {
  const rows = await tx
    .select()
    .from(equipment)
    .where(and(eq(equipment.id, equipmentId), eq(equipment.companyId, companyId)))
    .for('update')
    .limit(1);
  const row = rows[0];
  if (!row) throw notFound('Equipment not found');
  return row;
}

/** Applies an update to its (locked) equipment: usage, fuel totals by type, history. One transaction. */
async function applyUpdate(tx: Tx, u: UpdateRow, eqRow: EquipmentRow, now: Date, userId: string | null) {
  const fuel = u.fuelAdded > 0 ? u.fuelAdded : 0;
  const set: Record<string, unknown> = { lastUpdated: now };
  if (u.newUsage !== null) {
    set.currentUsage = u.newUsage;
    set.lastReadingAt = now;
  }
  if (fuel > 0) {
    set.totalFuelUsed = sql`${equipment.totalFuelUsed} + ${fuel}`;
    if (u.fuelType === 'diesel') set.totalDieselUsed = sql`${equipment.totalDieselUsed} + ${fuel}`;
    else set.totalGasUsed = sql`${equipment.totalGasUsed} + ${fuel}`;
  }
  await tx.update(equipment).set(set).where(and(eq(equipment.id, eqRow.id), eq(equipment.companyId, u.companyId)));
  await tx.insert(equipmentNote).values({
    companyId: u.companyId,
    equipmentId: eqRow.id,
    content: u.notes,
    type: u.newUsage !== null || fuel > 0 ? 'usage_update' : 'note',
    usage: u.newUsage ?? eqRow.currentUsage,
    operatorName: u.operatorName,
    userId,
    createdAt: now,
  });
}

export function operatorDisplayName(ctx: CompanyContext): string {
  return ctx.operatorUsername ?? ([ctx.firstName, ctx.lastName].filter(Boolean).join(' ') || ctx.email || 'Operator');
}

export async function submitUpdate(
  deps: Deps,
  ctx: CompanyContext,
  input: OperatorUpdateInput,
  idempotencyKey: string | null,
): Promise<{ created: boolean; body: SubmitOperatorUpdateResponse }> {
  const now = deps.now();
  const respond = (row: UpdateRow, created: boolean) => ({
    created,
    body: {
      update: toUpdateDto(row),
      status: toUpdateDto(row).status,
      message: row.status === 'pending' ? PENDING_MESSAGE : APPLIED_MESSAGE,
    },
  });
  const existingFor = async (tx: Tx, key: string) =>
    (await tx.select().from(operatorUpdate).where(and(eq(operatorUpdate.companyId, ctx.companyId), eq(operatorUpdate.idempotencyKey, key))).limit(1))[0];

  return deps.db.transaction(async (tx) => {
    // The row lock serialises every update of one machine: concurrent fuel updates all count.
    const eqRow = await lockEquipment(tx, ctx.companyId, input.equipmentId);
    if (idempotencyKey) {
      const prior = await existingFor(tx, idempotencyKey);
      if (prior) return respond(prior, false);
    }
    const newUsage = input.newUsage ?? null;
    if (newUsage !== null && newUsage < eqRow.currentUsage) throw rollbackError(newUsage, eqRow.currentUsage, eqRow.unit);
    const held = newUsage !== null && implausible(eqRow, newUsage, now);
    const fuelAdded = input.fuelAdded ?? 0;
    const inserted = await tx
      .insert(operatorUpdate)
      .values({
        companyId: ctx.companyId,
        equipmentId: eqRow.id,
        equipmentName: eqRow.name,
        operatorId: ctx.userId,
        operatorName: operatorDisplayName(ctx),
        newUsage,
        fuelAdded,
        fuelType: fuelAdded > 0 ? (input.fuelType ?? 'gas') : 'gas',
        notes: input.notes ?? '',
        status: held ? 'pending' : 'applied',
        reason: held ? 'implausible_reading' : null,
        idempotencyKey,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning();
    const row = inserted[0];
    if (!row) {
      const prior = idempotencyKey ? await existingFor(tx, idempotencyKey) : undefined;
      if (!prior) throw new AppError('conflict', 'This update was already submitted.');
      return respond(prior, false);
    }
    if (!held) await applyUpdate(tx, row, eqRow, now, ctx.userId);
    return respond(row, true);
  });
}

export async function listUpdates(deps: Deps, ctx: CompanyContext): Promise<OperatorUpdateDto[]> {
  const pending = await deps.db
    .select()
    .from(operatorUpdate)
    .where(and(eq(operatorUpdate.companyId, ctx.companyId), eq(operatorUpdate.status, 'pending')))
    .orderBy(desc(operatorUpdate.createdAt))
    .limit(200);
  const recent = await deps.db
    .select()
    .from(operatorUpdate)
    .where(and(eq(operatorUpdate.companyId, ctx.companyId), eq(operatorUpdate.status, 'applied')))
    .orderBy(desc(operatorUpdate.createdAt))
    .limit(50);
  return [...pending, ...recent].map(toUpdateDto);
}

async function reviewable(tx: Tx, ctx: CompanyContext, id: string): Promise<UpdateRow> {
  const rows = await tx
    .select()
    .from(operatorUpdate)
    .where(and(eq(operatorUpdate.id, id), eq(operatorUpdate.companyId, ctx.companyId)))
    .for('update')
    .limit(1);
  const row = rows[0];
  if (!row) throw notFound('Update not found');
  if (row.status !== 'pending') throw new AppError('conflict', 'This update has already been reviewed.');
  return row;
}

/** Approving re-checks the reading against the (locked) current usage and applies it in one transaction. */
export async function approveUpdate(deps: Deps, ctx: CompanyContext, id: string): Promise<OperatorUpdateDto> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const row = await reviewable(tx, ctx, id);
    const eqRow = await lockEquipment(tx, ctx.companyId, row.equipmentId);
    if (row.newUsage !== null && row.newUsage < eqRow.currentUsage) throw rollbackError(row.newUsage, eqRow.currentUsage, eqRow.unit);
    await applyUpdate(tx, row, eqRow, now, row.operatorId);
    const [done] = await tx
      .update(operatorUpdate)
      .set({ status: 'applied', reviewedBy: ctx.userId, reviewedAt: now })
      .where(eq(operatorUpdate.id, row.id))
      .returning();
    return toUpdateDto(done!);
  });
}

export async function rejectUpdate(deps: Deps, ctx: CompanyContext, id: string): Promise<OperatorUpdateDto> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const row = await reviewable(tx, ctx, id);
    const [done] = await tx
      .update(operatorUpdate)
      .set({ status: 'rejected', reviewedBy: ctx.userId, reviewedAt: now })
      .where(eq(operatorUpdate.id, row.id))
      .returning();
    return toUpdateDto(done!);
  });
}

// ---- Fuel and history ----------------------------------------------------------------------------

export async function resetFuel(deps: Deps, ctx: CompanyContext): Promise<{ count: number }> {
  const rows = await deps.db
    .update(equipment)
    .set({ totalFuelUsed: 0, totalGasUsed: 0, totalDieselUsed: 0, lastUpdated: deps.now() })
    .where(eq(equipment.companyId, ctx.companyId))
    .returning({ id: equipment.id });
  return { count: rows.length };
}

const EXPORT_LIMIT = 20_000;

export async function fuelExport(deps: Deps, ctx: CompanyContext): Promise<FuelExportRow[]> {
  const rows = await deps.db
    .select()
    .from(operatorUpdate)
    .where(and(eq(operatorUpdate.companyId, ctx.companyId), eq(operatorUpdate.status, 'applied'), gt(operatorUpdate.fuelAdded, 0)))
    .orderBy(desc(operatorUpdate.createdAt))
    .limit(EXPORT_LIMIT);
  return rows.map((r) => ({
    date: r.createdAt.toISOString(),
    equipmentName: r.equipmentName,
    operatorName: r.operatorName,
    fuelType: r.fuelType,
    fuelAdded: r.fuelAdded,
    notes: r.notes,
  }));
}

export async function historyExport(deps: Deps, ctx: CompanyContext): Promise<HistoryRecord[]> {
  const rows = await deps.db
    .select({ n: equipmentNote, name: equipment.name })
    .from(equipmentNote)
    .innerJoin(equipment, and(eq(equipment.id, equipmentNote.equipmentId), eq(equipment.companyId, ctx.companyId)))
    .where(eq(equipmentNote.companyId, ctx.companyId))
    .orderBy(desc(equipmentNote.createdAt))
    .limit(EXPORT_LIMIT);
  return rows.map(({ n, name }) => ({
    id: n.id,
    createdAt: n.createdAt.toISOString(),
    equipmentName: name,
    type: n.type === 'note' ? 'note' : 'update',
    noteType: n.type,
    operatorName: n.operatorName,
    usage: n.usage,
    content: n.content,
  }));
}
