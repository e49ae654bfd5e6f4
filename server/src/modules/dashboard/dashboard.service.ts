import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FuelSummary, HistoryEntry, OverviewCounts, OverviewQuery } from '../../../../domain/schemas/dashboard';
import type { EquipmentDto } from '../../../../domain/schemas/equipment';
import { computeStatus, parseStatusFilter } from '../../../../domain/status';
import type { Db } from '../../db/client';
import { equipment, equipmentNote } from '../../db/schema/index';
import type { Deps } from '../../deps';
import type { CompanyContext } from '../../plugins/session';
import { companyToday, toEquipmentDto } from '../equipment/equipment.service';

/** The newest history entries of the company (all equipment), one indexed query. */
export async function recentHistory(db: Db, companyId: string, limit: number): Promise<HistoryEntry[]> {
  const rows = await db
    .select({
      id: equipmentNote.id,
      createdAt: equipmentNote.createdAt,
      equipmentId: equipmentNote.equipmentId,
      equipmentName: equipment.name,
      equipmentType: equipment.type,
      unit: equipment.unit,
      noteType: equipmentNote.type,
      operatorName: equipmentNote.operatorName,
      usage: equipmentNote.usage,
      content: equipmentNote.content,
    })
    .from(equipmentNote)
    .innerJoin(equipment, eq(equipment.id, equipmentNote.equipmentId))
    .where(eq(equipmentNote.companyId, companyId))
    .orderBy(desc(equipmentNote.createdAt))
    .limit(limit);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

const round3 = (n: number) => Math.round(n * 1000) / 1000;

/** Fuel totals by type (summed exactly in SQL numeric) and the five biggest consumers. */
export async function fuelSummary(db: Db, companyId: string): Promise<FuelSummary> {
  const [totals] = await db
    .select({
      gas: sql<string>`coalesce(sum(${equipment.totalGasUsed}), 0)`,
      diesel: sql<string>`coalesce(sum(${equipment.totalDieselUsed}), 0)`,
      total: sql<string>`coalesce(sum(${equipment.totalFuelUsed}), 0)`,
    })
    .from(equipment)
    .where(eq(equipment.companyId, companyId));
  const top = await db
    .select({
      id: equipment.id,
      name: equipment.name,
      total: equipment.totalFuelUsed,
      gas: equipment.totalGasUsed,
      diesel: equipment.totalDieselUsed,
    })
    .from(equipment)
    .where(and(eq(equipment.companyId, companyId), sql`${equipment.totalFuelUsed} > 0`))
    .orderBy(desc(equipment.totalFuelUsed), equipment.name)
    .limit(5);
  return {
    totalGas: round3(Number(totals?.gas ?? 0)),
    totalDiesel: round3(Number(totals?.diesel ?? 0)),
    total: round3(Number(totals?.total ?? 0)),
    top,
  };
}

type LeanTuple = [string, string, string, string | null, number | string, number | string, number | string, boolean, string | null];

export type Overview = {
  /** Counts of every active machine by service status (the tiles). */
  counts: OverviewCounts;
  /** Machines that are critical or severely critical (for the updates card's pulses and Serviced button). */
  critical: Record<string, 'critical' | 'severe'>;
  /** How many machines match the filters. */
  total: number;
  items: EquipmentDto[];
};

/**
 * The dashboard in two bounded queries whatever the fleet size: the status columns of every machine
 * (the one status engine computes counts, criticality and the status filter), then the full records
 * of one page only. A 2,000-machine fleet no longer ships 2 MB of JSON per dashboard load.
 */
export async function overview(deps: Deps, ctx: CompanyContext, q: OverviewQuery): Promise<Overview> {
  // One row holding a compact JSON array: far cheaper to transfer and parse than 2,000 row objects.
  const res = await deps.db.execute(sql`
    select coalesce(json_agg(json_build_array(${equipment.id}, ${equipment.type}, ${equipment.name}, ${equipment.serialNumber},
      ${equipment.currentUsage}, ${equipment.lastServiceUsage}, ${equipment.serviceInterval}, ${equipment.hasScheduledMaintenance},
      ${equipment.nextMaintenanceDate}) order by ${equipment.name}, ${equipment.id}), '[]') as rows
    from ${equipment} where ${equipment.companyId} = ${ctx.companyId}`);
  const raw = (res as unknown as { rows: { rows: unknown }[] }).rows[0]?.rows;
  const tuples = (typeof raw === 'string' ? JSON.parse(raw) : (raw ?? [])) as LeanTuple[];
  const lean = tuples.map(([id, type, name, serialNumber, currentUsage, lastServiceUsage, serviceInterval, hasScheduledMaintenance, nextMaintenanceDate]) => ({
    id,
    type,
    name,
    serialNumber,
    currentUsage: Number(currentUsage),
    lastServiceUsage: Number(lastServiceUsage),
    serviceInterval: Number(serviceInterval),
    hasScheduledMaintenance,
    nextMaintenanceDate,
  }));
  const today = companyToday(deps, ctx);
  const wanted = parseStatusFilter(q.status);
  const type = q.type && q.type !== 'all' ? q.type : null;
  const needle = q.search?.trim().toLowerCase() ?? '';
  const counts: OverviewCounts = { all: lean.length, good: 0, approaching_service: 0, time_for_service: 0, overdue: 0 };
  const critical: Record<string, 'critical' | 'severe'> = {};
  const matching: string[] = [];
  for (const r of lean) {
    const s = computeStatus(r, today);
    counts[s.serviceStatus] += 1;
    if (s.severelyCritical) critical[r.id] = 'severe';
    else if (s.critical) critical[r.id] = 'critical';
    if (wanted && s.serviceStatus !== wanted) continue;
    if (type && r.type !== type) continue;
    if (needle && ![r.name, r.type, r.serialNumber ?? ''].some((v) => v.toLowerCase().includes(needle))) continue;
    matching.push(r.id);
  }
  const pageIds = matching.slice(q.offset, q.offset + q.limit);
  const rows = pageIds.length
    ? await deps.db
        .select()
        .from(equipment)
        .where(and(eq(equipment.companyId, ctx.companyId), inArray(equipment.id, pageIds)))
        .orderBy(asc(equipment.name), asc(equipment.id))
    : [];
  return { counts, critical, total: matching.length, items: rows.map((r) => toEquipmentDto(r, today)) };
}
