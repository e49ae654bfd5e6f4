import { and, asc, count, desc, eq, ilike, or, sql, type Placeholder } from 'drizzle-orm';
import { addInterval, nextMaintenanceDate, todayIn, type IntervalUnit } from '../../../../domain/dates';
import {
  checkSchedule,
  equipmentFieldsSchema,
  planLimitMessage,
  type EquipmentDto,
  type EquipmentInput,
  type EquipmentListQuery,
  type EquipmentUpdate,
  type HistoryRecordDto,
  type NoteDto,
  type NoteType,
  type RetiredEquipmentDto,
} from '../../../../domain/schemas/equipment';
import { computeStatus, parseStatusFilter } from '../../../../domain/status';
import type { DbOrTx } from '../../db/client';
import { company, equipment, equipmentNote, equipmentVersion, retiredEquipment } from '../../db/schema/index';
import type { Deps } from '../../deps';
import { AppError, fromZodError } from '../../lib/errors';
import type { CompanyContext } from '../../plugins/session';

type Row = typeof equipment.$inferSelect;
type NoteRow = typeof equipmentNote.$inferSelect;
type RetiredRow = typeof retiredEquipment.$inferSelect;

export const NOT_FOUND = 'Equipment not found';
const notFound = () => new AppError('not_found', NOT_FOUND);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A malformed id is simply not found (never a 400 that tells ids apart). */
export function assertId(id: string): string {
  if (!UUID.test(id)) throw notFound();
  return id;
}

/** "Today" in the company's time zone (decisions.md). */
export const companyToday = (deps: Deps, ctx: CompanyContext) => todayIn(ctx.company.timeZone, deps.now());

/**
 * Raises the company's equipment version (docs/decisions/0008-overview-cache.md). Called inside the
 * transaction of every write that adds, removes or changes a machine in a way the dashboard overview
 * shows (name, type, serial number, service status, critical level), as its last statement, so the
 * counter row is locked only until the commit.
 */
export async function bumpEquipmentVersion(tx: DbOrTx, companyId: string): Promise<void> {
  await tx
    .insert(equipmentVersion)
    .values({ companyId, version: 1 })
    .onConflictDoUpdate({ target: equipmentVersion.companyId, set: { version: sql`${equipmentVersion.version} + 1` } });
}

/** The company's equipment version as an SQL expression (0 before the first write), to read it with other data in one statement. */
export const equipmentVersionOf = (companyId: string | Placeholder) =>
  sql<string>`coalesce((select ${equipmentVersion.version} from ${equipmentVersion} where ${equipmentVersion.companyId} = ${companyId}), 0)`;

/** Who did it, for history rows and retiredBy. */
export function actorName(ctx: CompanyContext): string {
  const name = [ctx.firstName, ctx.lastName].filter(Boolean).join(' ').trim();
  return name || ctx.operatorUsername || ctx.email || 'Manager';
}

export function toEquipmentDto(r: Row, today: string): EquipmentDto {
  return {
    id: r.id,
    companyId: r.companyId,
    userId: r.userId,
    name: r.name,
    type: r.type,
    serialNumber: r.serialNumber,
    unit: r.unit,
    currentUsage: r.currentUsage,
    threshold: r.threshold,
    fuelType: r.fuelType,
    alertThreshold: r.alertThreshold,
    serviceInterval: r.serviceInterval,
    lastServiceUsage: r.lastServiceUsage,
    totalFuelUsed: r.totalFuelUsed,
    totalGasUsed: r.totalGasUsed,
    totalDieselUsed: r.totalDieselUsed,
    hasScheduledMaintenance: r.hasScheduledMaintenance,
    maintenanceStartDate: r.maintenanceStartDate,
    maintenanceInterval: r.maintenanceInterval,
    maintenanceIntervalUnit: r.maintenanceIntervalUnit,
    nextMaintenanceDate: r.nextMaintenanceDate,
    serviceParts: r.serviceParts.map((p) => ({ part: p.part, partNumber: p.partNumber ?? null, qty: p.qty ?? null })),
    description: r.description,
    lastReadingAt: r.lastReadingAt.toISOString(),
    dateAdded: r.dateAdded.toISOString(),
    lastUpdated: r.lastUpdated.toISOString(),
    status: computeStatus(r, today),
  };
}

export function toNoteDto(n: NoteRow): NoteDto {
  return {
    id: n.id,
    equipmentId: n.equipmentId,
    content: n.content,
    type: (['note', 'usage_update', 'maintenance'] as const).find((t) => t === n.type) ?? 'note',
    usage: n.usage,
    operatorName: n.operatorName,
    createdAt: n.createdAt.toISOString(),
  };
}

export function toRetiredDto(r: RetiredRow): RetiredEquipmentDto {
  return {
    id: r.id,
    originalEquipmentId: r.originalEquipmentId,
    userId: r.userId,
    name: r.name,
    type: r.type,
    serialNumber: r.serialNumber,
    unit: r.unit,
    finalUsage: r.finalUsage,
    threshold: r.threshold,
    fuelType: r.fuelType,
    serviceInterval: r.serviceInterval,
    lastServiceUsage: r.lastServiceUsage,
    totalFuelUsed: r.totalFuelUsed,
    totalGasUsed: r.totalGasUsed,
    totalDieselUsed: r.totalDieselUsed,
    description: r.description,
    retirementNotes: r.retirementNotes,
    retiredBy: r.retiredBy,
    originalDateAdded: r.originalDateAdded.toISOString(),
    retiredAt: r.retiredAt.toISOString(),
  };
}

/** One query whatever the number of machines; status filtering uses the one engine. */
export async function listEquipment(deps: Deps, ctx: CompanyContext, q: EquipmentListQuery): Promise<EquipmentDto[]> {
  const conds = [eq(equipment.companyId, ctx.companyId)];
  if (q.type && q.type !== 'all') conds.push(eq(equipment.type, q.type));
  const search = q.search?.trim();
  if (search) {
    const like = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const match = or(ilike(equipment.name, like), ilike(equipment.type, like), ilike(equipment.serialNumber, like));
    if (match) conds.push(match);
  }
  const rows = await deps.db.select().from(equipment).where(and(...conds)).orderBy(asc(equipment.name), asc(equipment.id));
  const today = companyToday(deps, ctx);
  const wanted = parseStatusFilter(q.status);
  const all = rows.map((r) => toEquipmentDto(r, today));
  return wanted ? all.filter((e) => e.status.serviceStatus === wanted) : all;
}

export async function countEquipment(db: DbOrTx, companyId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(equipment).where(eq(equipment.companyId, companyId));
  return Number(row?.n ?? 0);
}

async function findRow(db: DbOrTx, ctx: CompanyContext, id: string, lock = false): Promise<Row> {
  const qb = db.select().from(equipment).where(and(eq(equipment.id, assertId(id)), eq(equipment.companyId, ctx.companyId)));
  const [row] = lock ? await qb.for('update') : await qb;
  if (!row) throw notFound();
  return row;
}

export async function getEquipment(deps: Deps, ctx: CompanyContext, id: string): Promise<EquipmentDto> {
  return toEquipmentDto(await findRow(deps.db, ctx, id), companyToday(deps, ctx));
}

/** The stored columns of a full, validated record (save defaults of spec section 9). */
function columnsOf(input: EquipmentInput, isCreate: boolean) {
  const currentUsage = input.currentUsage ?? 0;
  const serviceInterval = input.serviceInterval ?? 0;
  const lastServiceUsage =
    input.lastServiceUsage ?? (isCreate && serviceInterval > 0 ? currentUsage : 0);
  const scheduled = input.hasScheduledMaintenance ?? false;
  const unit: IntervalUnit = input.maintenanceIntervalUnit ?? 'months';
  const maintenanceStartDate = scheduled ? (input.maintenanceStartDate ?? null) : null;
  const maintenanceInterval = scheduled ? (input.maintenanceInterval ?? null) : null;
  return {
    name: input.name,
    type: input.type,
    serialNumber: input.serialNumber ?? null,
    unit: input.unit,
    currentUsage,
    threshold: input.threshold ?? null,
    fuelType: input.fuelType ?? 'n/a',
    alertThreshold: input.alertThreshold ?? 20,
    serviceInterval,
    lastServiceUsage,
    hasScheduledMaintenance: scheduled,
    maintenanceStartDate,
    maintenanceInterval,
    maintenanceIntervalUnit: unit,
    nextMaintenanceDate: nextMaintenanceDate({ hasScheduledMaintenance: scheduled, maintenanceStartDate, maintenanceInterval, maintenanceIntervalUnit: unit }),
    serviceParts: (input.serviceParts ?? []).map((p) => ({ part: p.part, partNumber: p.partNumber ?? null, qty: p.qty ?? null })),
    description: input.description ?? null,
  };
}

function fmt(n: number) {
  return new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 }).format(n);
}

/**
 * Adds a record. The company row is locked for the count-and-insert, so concurrent adds can
 * never pass the plan limit together.
 */
export async function createEquipment(deps: Deps, ctx: CompanyContext, input: EquipmentInput): Promise<EquipmentDto> {
  const cols = columnsOf(input, true);
  const row = await deps.db.transaction(async (tx) => {
    const [c] = await tx.select({ limit: company.equipmentLimit }).from(company).where(eq(company.id, ctx.companyId)).for('no key update');
    if (!c) throw notFound();
    if (c.limit !== -1) {
      const n = await countEquipment(tx, ctx.companyId);
      if (n >= c.limit) throw new AppError('plan_limit', planLimitMessage(c.limit));
    }
    const now = deps.now();
    const [created] = await tx
      .insert(equipment)
      .values({ ...cols, companyId: ctx.companyId, userId: ctx.userId, dateAdded: now, lastUpdated: now, lastReadingAt: now })
      .returning();
    if (!created) throw new Error('insert returned nothing');
    await bumpEquipmentVersion(tx, ctx.companyId);
    return created;
  });
  return toEquipmentDto(row, companyToday(deps, ctx));
}

/** Edit: the patch is merged with the record and the whole is validated. A lowered reading is allowed and written to history. */
export async function updateEquipment(deps: Deps, ctx: CompanyContext, id: string, patch: EquipmentUpdate): Promise<EquipmentDto> {
  const row = await deps.db.transaction(async (tx) => {
    const current = await findRow(tx, ctx, id, true);
    const merged = {
      name: current.name,
      type: current.type,
      serialNumber: current.serialNumber,
      unit: current.unit,
      fuelType: current.fuelType,
      currentUsage: current.currentUsage,
      threshold: current.threshold,
      alertThreshold: current.alertThreshold,
      serviceInterval: current.serviceInterval,
      lastServiceUsage: current.lastServiceUsage,
      hasScheduledMaintenance: current.hasScheduledMaintenance,
      maintenanceStartDate: current.maintenanceStartDate,
      maintenanceInterval: current.maintenanceInterval,
      maintenanceIntervalUnit: current.maintenanceIntervalUnit,
      serviceParts: current.serviceParts,
      description: current.description,
      ...Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)),
    };
    const parsed = equipmentFieldsSchema.superRefine(checkSchedule).safeParse(merged);
    if (!parsed.success) throw fromZodError(parsed.error);
    const cols = columnsOf(parsed.data, false);
    const now = deps.now();
    const usageChanged = cols.currentUsage !== current.currentUsage;
    const [updated] = await tx
      .update(equipment)
      .set({ ...cols, lastUpdated: now, ...(usageChanged ? { lastReadingAt: now } : {}) })
      .where(and(eq(equipment.id, current.id), eq(equipment.companyId, ctx.companyId)))
      .returning();
    if (!updated) throw notFound();
    if (usageChanged) {
      await addNote(tx, ctx, current.id, 'usage_update', `Usage corrected from ${fmt(current.currentUsage)} to ${fmt(cols.currentUsage)} ${current.unit}`, cols.currentUsage, now);
    }
    await bumpEquipmentVersion(tx, ctx.companyId);
    return updated;
  });
  return toEquipmentDto(row, companyToday(deps, ctx));
}

async function addNote(tx: DbOrTx, ctx: CompanyContext, equipmentId: string, type: NoteType, content: string, usage: number | null, now: Date) {
  const [n] = await tx
    .insert(equipmentNote)
    .values({ companyId: ctx.companyId, equipmentId, type, content, usage, operatorName: actorName(ctx), userId: ctx.userId, createdAt: now })
    .returning();
  if (!n) throw new Error('insert returned nothing');
  return n;
}

export async function deleteEquipment(deps: Deps, ctx: CompanyContext, id: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const deleted = await tx
      .delete(equipment)
      .where(and(eq(equipment.id, assertId(id)), eq(equipment.companyId, ctx.companyId)))
      .returning({ id: equipment.id });
    if (deleted.length === 0) throw notFound();
    await bumpEquipmentVersion(tx, ctx.companyId);
  });
}

/** Adds an increase (> 0) with SQL arithmetic, never read-modify-write; writes a usage_update note. */
export async function increaseUsage(deps: Deps, ctx: CompanyContext, id: string, increase: number): Promise<EquipmentDto> {
  const row = await deps.db.transaction(async (tx) => {
    const now = deps.now();
    const [updated] = await tx
      .update(equipment)
      .set({ currentUsage: sql`${equipment.currentUsage} + ${increase}`, lastUpdated: now, lastReadingAt: now })
      .where(and(eq(equipment.id, assertId(id)), eq(equipment.companyId, ctx.companyId)))
      .returning();
    if (!updated) throw notFound();
    await addNote(tx, ctx, updated.id, 'usage_update', `Usage increased by ${fmt(increase)} to ${fmt(updated.currentUsage)} ${updated.unit}`, updated.currentUsage, now);
    await bumpEquipmentVersion(tx, ctx.companyId);
    return updated;
  });
  return toEquipmentDto(row, companyToday(deps, ctx));
}

/** Mark as Serviced (decisions.md): lastServiceUsage = currentUsage; the scheduled date moves one interval from today. */
export async function resetService(deps: Deps, ctx: CompanyContext, id: string): Promise<EquipmentDto> {
  const today = companyToday(deps, ctx);
  const row = await deps.db.transaction(async (tx) => {
    const current = await findRow(tx, ctx, id, true);
    const now = deps.now();
    const unit = (['days', 'months', 'years'] as const).find((u) => u === current.maintenanceIntervalUnit) ?? 'months';
    const moveDate = current.hasScheduledMaintenance && current.maintenanceInterval && current.maintenanceInterval > 0;
    const [updated] = await tx
      .update(equipment)
      .set({
        lastServiceUsage: sql`${equipment.currentUsage}`,
        lastUpdated: now,
        ...(moveDate && current.maintenanceInterval
          ? { nextMaintenanceDate: addInterval(today, current.maintenanceInterval, unit) }
          : {}),
      })
      .where(and(eq(equipment.id, current.id), eq(equipment.companyId, ctx.companyId)))
      .returning();
    if (!updated) throw notFound();
    await addNote(tx, ctx, updated.id, 'maintenance', `Marked as serviced at ${fmt(updated.currentUsage)} ${updated.unit}`, updated.currentUsage, now);
    await bumpEquipmentVersion(tx, ctx.companyId);
    return updated;
  });
  return toEquipmentDto(row, today);
}

export async function listNotes(deps: Deps, ctx: CompanyContext, id: string): Promise<NoteDto[]> {
  const e = await findRow(deps.db, ctx, id);
  const rows = await deps.db
    .select()
    .from(equipmentNote)
    .where(and(eq(equipmentNote.equipmentId, e.id), eq(equipmentNote.companyId, ctx.companyId)))
    .orderBy(desc(equipmentNote.createdAt), desc(equipmentNote.id));
  return rows.map(toNoteDto);
}

export async function createNote(deps: Deps, ctx: CompanyContext, id: string, content: string): Promise<NoteDto> {
  const e = await findRow(deps.db, ctx, id);
  return toNoteDto(await addNote(deps.db, ctx, e.id, 'note', content, null, deps.now()));
}

/** History of one machine, newest first, from its notes (usage changes, services, operator updates, notes). */
export async function history(deps: Deps, ctx: CompanyContext, id: string): Promise<HistoryRecordDto[]> {
  const e = await findRow(deps.db, ctx, id);
  const rows = await deps.db
    .select()
    .from(equipmentNote)
    .where(and(eq(equipmentNote.equipmentId, e.id), eq(equipmentNote.companyId, ctx.companyId)))
    .orderBy(desc(equipmentNote.createdAt), desc(equipmentNote.id));
  return rows.map((n) => {
    const dto = toNoteDto(n);
    return {
      id: dto.id,
      createdAt: dto.createdAt,
      equipmentName: e.name,
      type: dto.type === 'note' ? 'note' : 'update',
      noteType: dto.type,
      operatorName: dto.operatorName,
      usage: dto.usage,
      content: dto.content,
    };
  });
}

/** Retire: one transaction copies the record into retired equipment and removes it from the active list. */
export async function retireEquipment(deps: Deps, ctx: CompanyContext, id: string, retirementNotes: string | null): Promise<RetiredEquipmentDto> {
  const row = await deps.db.transaction(async (tx) => {
    const e = await findRow(tx, ctx, id, true);
    const [retired] = await tx
      .insert(retiredEquipment)
      .values({
        companyId: ctx.companyId,
        originalEquipmentId: e.id,
        userId: e.userId,
        name: e.name,
        type: e.type,
        serialNumber: e.serialNumber,
        unit: e.unit,
        finalUsage: e.currentUsage,
        threshold: e.threshold,
        fuelType: e.fuelType,
        serviceInterval: e.serviceInterval,
        lastServiceUsage: e.lastServiceUsage,
        totalFuelUsed: e.totalFuelUsed,
        totalGasUsed: e.totalGasUsed,
        totalDieselUsed: e.totalDieselUsed,
        description: e.description,
        retirementNotes,
        retiredBy: actorName(ctx),
        originalDateAdded: e.dateAdded,
        retiredAt: deps.now(),
      })
      .returning();
    if (!retired) throw new Error('insert returned nothing');
    await tx.delete(equipment).where(and(eq(equipment.id, e.id), eq(equipment.companyId, ctx.companyId)));
    await bumpEquipmentVersion(tx, ctx.companyId);
    return retired;
  });
  return toRetiredDto(row);
}

export async function listRetired(deps: Deps, ctx: CompanyContext): Promise<RetiredEquipmentDto[]> {
  const rows = await deps.db
    .select()
    .from(retiredEquipment)
    .where(eq(retiredEquipment.companyId, ctx.companyId))
    .orderBy(desc(retiredEquipment.retiredAt), desc(retiredEquipment.id));
  return rows.map(toRetiredDto);
}
