/**
 * The fleet snapshot cache: the status of every active machine of a company (for the tile counts, the
 * critical machines and every listing's filter and order), computed once per equipment version and day
 * and kept per process (docs/decisions/0010-overview-cache.md). Read by equipment.queries.ts.
 */
import { sql, type Placeholder } from 'drizzle-orm';
import type { EquipmentStatusCounts } from '@domain/schemas/equipment';
import { machineStatusFromTasks } from '@domain/schedule';
import type { ServiceStatus } from '@domain/status';
import type { Db } from '../../db/client';
import { equipment, equipmentVersion } from '../../db/schema/index';
import { tasksFromJson, tasksJson } from './machine-tasks';

/** The company's equipment version as an SQL expression (0 before the first write), to read it with other data in one statement. */
export const equipmentVersionOf = (companyId: string | Placeholder) =>
  sql<string>`coalesce((select ${equipmentVersion.version} from ${equipmentVersion} where ${equipmentVersion.companyId} = ${companyId}), 0)`;

/** id, type, name, serial number, current usage, tasks (machine-tasks.ts tasksJson). */
type LeanTuple = [string, string, string, string | null, number | string, unknown];

/** What a listing needs of one machine to count, filter and order it. */
export type LeanMachine = {
  id: string;
  name: string;
  type: string;
  serialNumber: string | null;
  serviceStatus: ServiceStatus;
  /** False: no usage interval and no calendar date ("No schedule", counted apart from Good). */
  hasSchedule: boolean;
};

/** The fleet-wide part of every listing for one company on one day, as of one equipment version. */
export type FleetSnapshot = {
  today: string;
  version: number;
  /** Ordered by name ignoring case, then name, then id (every listing's order). */
  machines: LeanMachine[];
  counts: EquipmentStatusCounts;
  critical: Record<string, 'critical' | 'severe'>;
};

/**
 * The fleet snapshots of this process, one per company (least recently used dropped first, at most
 * `maxMachines` machines held). A snapshot is used only while the company's equipment version in the
 * database is still the one it was computed at and "today" has not changed, so it is never stale after a
 * write committed by this or any other app server (docs/decisions/0010-overview-cache.md).
 */
export class FleetSnapshotCache {
  private readonly entries = new Map<string, FleetSnapshot>();
  private held = 0;
  constructor(private readonly maxMachines = 200_000) {}

  get(companyId: string, today: string): FleetSnapshot | undefined {
    const s = this.entries.get(companyId);
    if (!s || s.today !== today) return undefined;
    this.entries.delete(companyId);
    this.entries.set(companyId, s);
    return s;
  }

  set(companyId: string, snap: FleetSnapshot): void {
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

/** One cache per database handle (one per app instance). */
const fleetCaches = new WeakMap<Db, FleetSnapshotCache>();
export function fleetCacheOf(db: Db): FleetSnapshotCache {
  let cache = fleetCaches.get(db);
  if (!cache) {
    cache = new FleetSnapshotCache();
    fleetCaches.set(db, cache);
  }
  return cache;
}

/**
 * Every machine of the company with its tasks and the equipment version, in one statement (one snapshot
 * of the database): each machine's status is its worst task's, for the counts, criticality and filters.
 */
export async function loadSnapshot(
  db: Db,
  companyId: string,
  today: string,
): Promise<FleetSnapshot> {
  // One row holding a compact JSON array: far cheaper to transfer and parse than 2,000 row objects.
  const res = await db.execute(sql`
    select ${equipmentVersionOf(companyId)}::text as version,
      (select coalesce(json_agg(json_build_array(${equipment.id}, ${equipment.type}, ${equipment.name}, ${equipment.serialNumber},
        ${equipment.currentUsage}, ${tasksJson()}) order by lower(${equipment.name}), ${equipment.name}, ${equipment.id}), '[]')
       from ${equipment} where ${equipment.companyId} = ${companyId} and ${equipment.retiredAt} is null) as rows`);
  const first = (res as unknown as { rows: { version: string; rows: unknown }[] }).rows[0];
  const raw = first?.rows;
  const tuples = (typeof raw === 'string' ? JSON.parse(raw) : (raw ?? [])) as LeanTuple[];
  const counts: EquipmentStatusCounts = {
    all: tuples.length,
    good: 0,
    approaching_service: 0,
    time_for_service: 0,
    overdue: 0,
    no_schedule: 0,
  };
  const critical: Record<string, 'critical' | 'severe'> = {};
  const machines = tuples.map(([id, type, name, serialNumber, currentUsage, tasks]) => {
    // The machine's worst task (the one function every answer's status comes from).
    const st = machineStatusFromTasks(
      tasksFromJson(tasks),
      { currentUsage: Number(currentUsage) },
      today,
    );
    // No schedule is counted apart, never as Good (decisions/status-words.md).
    if (st.hasSchedule) counts[st.serviceStatus] += 1;
    else counts.no_schedule += 1;
    if (st.severelyCritical) critical[id] = 'severe';
    else if (st.critical) critical[id] = 'critical';
    return {
      id,
      type,
      name,
      serialNumber,
      serviceStatus: st.serviceStatus,
      hasSchedule: st.hasSchedule,
    };
  });
  return { today, version: Number(first?.version ?? 0), machines, counts, critical };
}
