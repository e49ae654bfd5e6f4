import { and, asc, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { FuelSummary, HistoryEntry, OverviewCounts, OverviewQuery } from '../../../../domain/schemas/dashboard';
import type { EquipmentDto } from '../../../../domain/schemas/equipment';
import { computeStatus, parseStatusFilter, type ServiceStatus } from '../../../../domain/status';
import type { Db } from '../../db/client';
import { preparedPerDb } from '../../db/prepared';
import { equipment, equipmentNote } from '../../db/schema/index';
import type { Deps } from '../../deps';
import type { CompanyContext } from '../../plugins/session';
import { companyToday, equipmentVersionOf, toEquipmentDto } from '../equipment/equipment.service';

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

/** What the overview needs of one machine to count, filter and order it. */
type LeanMachine = {
  id: string;
  name: string;
  type: string;
  serialNumber: string | null;
  serviceStatus: ServiceStatus;
};

/** The overview's fleet-wide part for one company on one day, as of one equipment version. */
export type OverviewSnapshot = {
  today: string;
  version: number;
  /** Ordered by name, then id (the overview's order). */
  machines: LeanMachine[];
  counts: OverviewCounts;
  critical: Record<string, 'critical' | 'severe'>;
};

/**
 * The overview snapshots of this process, one per company (least recently used dropped first, at
 * most `maxMachines` machines held). A snapshot is used only while the company's equipment version
 * in the database is still the one it was computed at and "today" has not changed, so it is never
 * stale after a write committed by this or any other app server (docs/decisions/0008-overview-cache.md).
 */
export class OverviewCache {
  private readonly entries = new Map<string, OverviewSnapshot>();
  private held = 0;
  constructor(private readonly maxMachines = 200_000) {}

  get(companyId: string, today: string): OverviewSnapshot | undefined {
    const s = this.entries.get(companyId);
    if (!s || s.today !== today) return undefined;
    this.entries.delete(companyId);
    this.entries.set(companyId, s);
    return s;
  }

  set(companyId: string, snap: OverviewSnapshot): void {
    const current = this.entries.get(companyId);
    // A slower request must not replace a newer snapshot with an older one.
    if (current && current.today === snap.today && current.version > snap.version) return;
    this.drop(companyId);
    if (snap.machines.length > this.maxMachines) return;
    this.entries.set(companyId, snap);
    this.held += snap.machines.length;
    for (const oldest of this.entries.keys()) {
      if (this.held <= this.maxMachines) break;
      this.drop(oldest);
    }
  }

  private drop(companyId: string) {
    const s = this.entries.get(companyId);
    if (!s) return;
    this.entries.delete(companyId);
    this.held -= s.machines.length;
  }
}

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
 * The status columns of every machine of the company and the equipment version, in one statement (one
 * snapshot of the database): the one status engine computes counts, criticality and every status.
 */
async function loadSnapshot(db: Db, companyId: string, today: string): Promise<OverviewSnapshot> {
  // One row holding a compact JSON array: far cheaper to transfer and parse than 2,000 row objects.
  const res = await db.execute(sql`
    select ${equipmentVersionOf(companyId)}::text as version,
      (select coalesce(json_agg(json_build_array(${equipment.id}, ${equipment.type}, ${equipment.name}, ${equipment.serialNumber},
        ${equipment.currentUsage}, ${equipment.lastServiceUsage}, ${equipment.serviceInterval}, ${equipment.hasScheduledMaintenance},
        ${equipment.nextMaintenanceDate}) order by ${equipment.name}, ${equipment.id}), '[]')
       from ${equipment} where ${equipment.companyId} = ${companyId}) as rows`);
  const first = (res as unknown as { rows: { version: string; rows: unknown }[] }).rows[0];
  const raw = first?.rows;
  const tuples = (typeof raw === 'string' ? JSON.parse(raw) : (raw ?? [])) as LeanTuple[];
  const counts: OverviewCounts = { all: tuples.length, good: 0, approaching_service: 0, time_for_service: 0, overdue: 0 };
  const critical: Record<string, 'critical' | 'severe'> = {};
  const machines = tuples.map(([id, type, name, serialNumber, currentUsage, lastServiceUsage, serviceInterval, hasScheduledMaintenance, nextMaintenanceDate]) => {
    const s = computeStatus(
      {
        currentUsage: Number(currentUsage),
        lastServiceUsage: Number(lastServiceUsage),
        serviceInterval: Number(serviceInterval),
        hasScheduledMaintenance,
        nextMaintenanceDate,
      },
      today,
    );
    counts[s.serviceStatus] += 1;
    if (s.severelyCritical) critical[id] = 'severe';
    else if (s.critical) critical[id] = 'critical';
    return { id, type, name, serialNumber, serviceStatus: s.serviceStatus };
  });
  return { today, version: Number(first?.version ?? 0), machines, counts, critical };
}

/** The full records of one page and the equipment version, in one statement prepared once per database. */
const pageStatement = preparedPerDb((db: Db) =>
  db
    .select({ ...getTableColumns(equipment), version: sql<string>`${equipmentVersionOf(sql.placeholder('companyId'))}::text` })
    .from(equipment)
    .where(and(eq(equipment.companyId, sql.placeholder('companyId')), sql`${equipment.id} = any(${sql.placeholder('ids')}::uuid[])`))
    .orderBy(asc(equipment.name), asc(equipment.id))
    .prepare('dashboard_overview_page'),
);

async function loadPage(db: Db, companyId: string, ids: string[]): Promise<{ version: number; rows: (typeof equipment.$inferSelect)[] }> {
  if (ids.length === 0) {
    const res = await db.execute(sql`select ${equipmentVersionOf(companyId)}::text as version`);
    return { version: Number((res as unknown as { rows: { version: string }[] }).rows[0]?.version ?? 0), rows: [] };
  }
  // The ids come from the snapshot (uuids read from the database): an array literal is safe.
  const rows = await pageStatement(db).execute({ companyId, ids: `{${ids.join(',')}}` });
  return { version: Number(rows[0]?.version ?? 0), rows };
}

/**
 * The dashboard overview: tile counts, critical machines and one page of the filtered list. The
 * fleet-wide part comes from the company's cached snapshot when its equipment version is still
 * current (checked in the same statement that reads the page: one query per dashboard load), else it
 * is computed again (two queries). A 2,000-machine fleet never ships 2 MB of JSON per dashboard load.
 */
export async function overview(deps: Deps, cache: OverviewCache, ctx: CompanyContext, q: OverviewQuery): Promise<Overview> {
  const today = companyToday(deps, ctx);
  const wanted = parseStatusFilter(q.status);
  const type = q.type && q.type !== 'all' ? q.type : null;
  const needle = q.search?.trim().toLowerCase() ?? '';
  const answer = async (snap: OverviewSnapshot, check: boolean): Promise<Overview | null> => {
    const matching = snap.machines.filter(
      (m) =>
        (!wanted || m.serviceStatus === wanted) &&
        (!type || m.type === type) &&
        (!needle || [m.name, m.type, m.serialNumber ?? ''].some((v) => v.toLowerCase().includes(needle))),
    );
    const page = await loadPage(deps.db, ctx.companyId, matching.slice(q.offset, q.offset + q.limit).map((m) => m.id));
    if (check && page.version !== snap.version) return null; // an equipment write committed since: recompute
    return { counts: snap.counts, critical: snap.critical, total: matching.length, items: page.rows.map((r) => toEquipmentDto(r, today)) };
  };
  const cached = cache.get(ctx.companyId, today);
  if (cached) {
    const hit = await answer(cached, true);
    if (hit) return hit;
  }
  const fresh = await loadSnapshot(deps.db, ctx.companyId, today);
  cache.set(ctx.companyId, fresh);
  return (await answer(fresh, false))!;
}
