import {
  and,
  asc,
  count,
  eq,
  getTableColumns,
  ilike,
  isNull,
  or,
  sql,
  type Placeholder,
} from 'drizzle-orm';
import {
  addInterval,
  nextMaintenanceDate,
  todayIn,
  type IntervalUnit,
} from '../../../../domain/dates';
import {
  checkSchedule,
  equipmentFieldsSchema,
  type EquipmentBrowseQuery,
  type EquipmentDto,
  type EquipmentInput,
  type EquipmentListQuery,
  type EquipmentOptions,
  type EquipmentOptionsQuery,
  type EquipmentStatusCounts,
  type EquipmentUpdate,
  type FieldChange,
  type NoteDto,
} from '../../../../domain/schemas/equipment';
import { matchesSearch } from '../../../../domain/equipment-search';
import { computeStatus, parseStatusFilter, type ServiceStatus } from '../../../../domain/status';
import type { Db, DbOrTx } from '../../db/client';
import { preparedPerDb } from '../../db/prepared';
import { forecastService } from '../../../../domain/forecast';
import { RATE_WINDOW_DAYS, usualDailyUsage, type Reading } from '../../../../domain/usage-rate';
import { forecastsOf } from './forecast.service';
import { company, equipment, equipmentNote, equipmentVersion } from '../../db/schema/index';
import type { Deps } from '../../deps';
import { actorOf, bumpEquipmentVersion, moveTotals, record } from '../ledger/index';
import { AppError, fromZodError } from '../../lib/errors';
import type { CompanyContext } from '../../plugins/session';
import { partsOf, toEquipmentDto, toNoteDto, type Row } from './equipment.dto';
import { checkCatalogueParts } from '../parts/index';

const notFound = () => new AppError('not_found', 'equipment.notFound');
const isRetired = () => new AppError('conflict', 'equipment.isRetired');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A malformed id is simply not found (never a 400 that tells ids apart). */
export function assertId(id: string): string {
  if (!UUID.test(id)) throw notFound();
  return id;
}

/** "Today" in the company's time zone (decisions.md). */
export const companyToday = (deps: Deps, ctx: CompanyContext) =>
  todayIn(ctx.company.timeZone, deps.now());

/** The company's equipment version as an SQL expression (0 before the first write), to read it with other data in one statement. */
export const equipmentVersionOf = (companyId: string | Placeholder) =>
  sql<string>`coalesce((select ${equipmentVersion.version} from ${equipmentVersion} where ${equipmentVersion.companyId} = ${companyId}), 0)`;

export { actorName, bumpEquipmentVersion } from '../ledger/index';

/** Sorted by name, case-insensitively the same on PGlite and PostgreSQL (whatever the collation), then id. */
const byName = [sql`lower(${equipment.name})`, asc(equipment.name), asc(equipment.id)] as const;

/** One query whatever the number of machines; status filtering uses the one engine. */
export async function listEquipment(
  deps: Deps,
  ctx: CompanyContext,
  q: EquipmentListQuery,
): Promise<EquipmentDto[]> {
  const conds = [eq(equipment.companyId, ctx.companyId), isNull(equipment.retiredAt)];
  if (q.type && q.type !== 'all') conds.push(eq(equipment.type, q.type));
  const search = q.search?.trim();
  if (search) {
    const like = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const match = or(
      ilike(equipment.name, like),
      ilike(equipment.type, like),
      ilike(equipment.serialNumber, like),
    );
    if (match) conds.push(match);
  }
  const rows = await deps.db
    .select()
    .from(equipment)
    .where(and(...conds))
    .orderBy(...byName);
  const today = companyToday(deps, ctx);
  const wanted = parseStatusFilter(q.status);
  const all = rows.map((r) => toEquipmentDto(r, today));
  const kept = wanted ? all.filter((e) => e.status.serviceStatus === wanted) : all;
  // The exports carry each machine's forecast (two more queries whatever the fleet size).
  const keptIds = new Set(kept.map((e) => e.id));
  const forecasts = await forecastsOf(
    deps.db,
    ctx.companyId,
    rows.filter((r) => keptIds.has(r.id)),
    deps.now(),
    today,
  );
  return kept.map((e) => ({ ...e, forecast: forecasts.get(e.id) ?? null }));
}

type LeanTuple = [
  string,
  string,
  string,
  string | null,
  number | string,
  number | string,
  number | string,
  boolean,
  string | null,
];

export type EquipmentBrowse = {
  /** Every active machine of the company by service status (the dashboard tiles, the list's filter). */
  counts: EquipmentStatusCounts;
  /** Machines that are critical or severely critical (the dashboard's pulses and Serviced button). */
  critical: Record<string, 'critical' | 'severe'>;
  /** How many machines match the filters. */
  total: number;
  /** One page of the matching machines, sorted by name. */
  items: EquipmentDto[];
};

/** What a listing needs of one machine to count, filter and order it. */
type LeanMachine = {
  id: string;
  name: string;
  type: string;
  serialNumber: string | null;
  serviceStatus: ServiceStatus;
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
function fleetCacheOf(db: Db): FleetSnapshotCache {
  let cache = fleetCaches.get(db);
  if (!cache) {
    cache = new FleetSnapshotCache();
    fleetCaches.set(db, cache);
  }
  return cache;
}

/**
 * The status columns of every machine of the company and the equipment version, in one statement (one
 * snapshot of the database): the one status engine computes counts, criticality and every status.
 */
async function loadSnapshot(db: Db, companyId: string, today: string): Promise<FleetSnapshot> {
  // One row holding a compact JSON array: far cheaper to transfer and parse than 2,000 row objects.
  const res = await db.execute(sql`
    select ${equipmentVersionOf(companyId)}::text as version,
      (select coalesce(json_agg(json_build_array(${equipment.id}, ${equipment.type}, ${equipment.name}, ${equipment.serialNumber},
        ${equipment.currentUsage}, ${equipment.lastServiceUsage}, ${equipment.serviceInterval}, ${equipment.hasScheduledMaintenance},
        ${equipment.nextMaintenanceDate}) order by lower(${equipment.name}), ${equipment.name}, ${equipment.id}), '[]')
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
  };
  const critical: Record<string, 'critical' | 'severe'> = {};
  const machines = tuples.map(
    ([
      id,
      type,
      name,
      serialNumber,
      currentUsage,
      lastServiceUsage,
      serviceInterval,
      hasScheduledMaintenance,
      nextMaintenanceDate,
    ]) => {
      const st = computeStatus(
        {
          currentUsage: Number(currentUsage),
          lastServiceUsage: Number(lastServiceUsage),
          serviceInterval: Number(serviceInterval),
          hasScheduledMaintenance,
          nextMaintenanceDate,
        },
        today,
      );
      counts[st.serviceStatus] += 1;
      if (st.severelyCritical) critical[id] = 'severe';
      else if (st.critical) critical[id] = 'critical';
      return { id, type, name, serialNumber, serviceStatus: st.serviceStatus };
    },
  );
  return { today, version: Number(first?.version ?? 0), machines, counts, critical };
}

/**
 * A machine's remaining readings from the rate window's anchor on (the last reading before
 * `since`, then every one after it), as a JSON array of [time, usage]: what its forecast needs, read
 * in the page's own statement.
 */
const readingsSince = (since: Placeholder) => {
  const reading = sql`n.company_id = ${equipment.companyId} and n.equipment_id = ${equipment.id}
    and n.type = 'usage_update' and n.reading is not null and n.usage is not null and n.voided_at is null`;
  return sql<unknown>`(select coalesce(json_agg(json_build_array(n.created_at, n.usage) order by n.created_at), '[]')
    from ${equipmentNote} n where ${reading} and n.created_at >= coalesce(
      (select max(n.created_at) from ${equipmentNote} n where ${reading} and n.created_at < ${since}::timestamptz),
      ${since}::timestamptz))`;
};

const pageWhere = and(
  eq(equipment.companyId, sql.placeholder('companyId')),
  sql`${equipment.id} = any(${sql.placeholder('ids')}::uuid[])`,
  isNull(equipment.retiredAt),
);

/** The full records of one page and the equipment version, in one statement prepared once per database. */
const pageStatement = preparedPerDb((db: Db) =>
  db
    .select({
      ...getTableColumns(equipment),
      version: sql<string>`${equipmentVersionOf(sql.placeholder('companyId'))}::text`,
    })
    .from(equipment)
    .where(pageWhere)
    .prepare('equipment_browse_page'),
);

/** The same with each machine's readings for its forecast: still one statement per listing. */
const pageWithReadingsQuery = (db: Db) =>
  db
    .select({
      ...getTableColumns(equipment),
      version: sql<string>`${equipmentVersionOf(sql.placeholder('companyId'))}::text`,
      readings: readingsSince(sql.placeholder('since')),
    })
    .from(equipment)
    .where(pageWhere);
const pageWithReadingsStatement = preparedPerDb((db: Db) =>
  pageWithReadingsQuery(db).prepare('equipment_browse_page_readings'),
);

/**
 * The dashboard overview's one statement (a load whose snapshot is current), as SQL text with the names of
 * its placeholders in order: `npm run bench` runs the same SQL through pgbench (server/src/cli/bench-seed.ts).
 */
export function overviewStatementSql(db: Db): { sql: string; params: string[] } {
  const q = pageWithReadingsQuery(db).toSQL();
  return {
    sql: q.sql,
    params: q.params.map((p) => (p as { name?: string }).name ?? String(p)),
  };
}

type PageRow = Row & { version: string; readings?: unknown };

async function loadPage(
  db: Db,
  companyId: string,
  ids: string[],
  since: Date | null,
): Promise<{ version: number; rows: PageRow[] }> {
  if (ids.length === 0) {
    const res = await db.execute(sql`select ${equipmentVersionOf(companyId)}::text as version`);
    return {
      version: Number((res as unknown as { rows: { version: string }[] }).rows[0]?.version ?? 0),
      rows: [],
    };
  }
  // The ids come from the snapshot (uuids read from the database): an array literal is safe.
  const params = { companyId, ids: `{${ids.join(',')}}` };
  const rows: PageRow[] = since
    ? await pageWithReadingsStatement(db).execute({ ...params, since: since.toISOString() })
    : await pageStatement(db).execute(params);
  return { version: Number(rows[0]?.version ?? 0), rows };
}

/** [time, usage] pairs as JSON (text on some drivers) -> readings. */
function readingsFromJson(raw: unknown): Reading[] {
  const pairs = (typeof raw === 'string' ? JSON.parse(raw) : (raw ?? [])) as [string, unknown][];
  return pairs.map(([at, usage]) => ({ at: new Date(at).toISOString(), usage: Number(usage) }));
}

/**
 * Every bounded listing (dashboard overview, Equipment List, status pages, operator picker): the tile
 * counts, the critical machines and one page of the filtered list in the list's order. The fleet-wide
 * part comes from the company's cached snapshot while its equipment version is still current (checked
 * in the same statement that reads the page: one query per listing), else it is computed again (two
 * queries). A 2,000-machine fleet never ships 2 MB of JSON per page load.
 */
export async function browseEquipment(
  deps: Deps,
  ctx: CompanyContext,
  q: EquipmentBrowseQuery,
): Promise<EquipmentBrowse> {
  const today = companyToday(deps, ctx);
  const wanted = parseStatusFilter(q.status);
  const type = q.type && q.type !== 'all' ? q.type : null;
  const needle = q.search?.trim().toLowerCase() ?? '';
  const alsoTypes = new Set<string>(needle ? (q.matchTypes ?? []) : []);
  const answer = async (snap: FleetSnapshot, check: boolean): Promise<EquipmentBrowse | null> => {
    const pageIds = snap.machines
      .filter(
        (m) =>
          (!wanted || m.serviceStatus === wanted) &&
          (!type || m.type === type) &&
          matchesSearch(m, needle, alsoTypes),
      )
      .map((m) => m.id);
    const ids = pageIds.slice(q.offset, q.offset + q.limit);
    const now = deps.now();
    const since = q.withForecast ? new Date(now.getTime() - RATE_WINDOW_DAYS * 86_400_000) : null;
    const page = await loadPage(deps.db, ctx.companyId, ids, since);
    if (check && page.version !== snap.version) return null; // an equipment write committed since: recompute
    const position = new Map(ids.map((id, i) => [id, i]));
    const rows = [...page.rows].sort(
      (x, y) => (position.get(x.id) ?? 0) - (position.get(y.id) ?? 0),
    );
    return {
      counts: snap.counts,
      critical: snap.critical,
      total: pageIds.length,
      items: rows.map(({ readings, ...r }) => ({
        ...toEquipmentDto(r, today),
        ...(since
          ? {
              forecast: forecastService(r, usualDailyUsage(readingsFromJson(readings), now), today),
            }
          : {}),
      })),
    };
  };
  const cache = fleetCacheOf(deps.db);
  const cached = cache.get(ctx.companyId, today);
  if (cached) {
    const hit = await answer(cached, true);
    if (hit) return hit;
  }
  const fresh = await loadSnapshot(deps.db, ctx.companyId, today);
  cache.set(ctx.companyId, fresh);
  const result = await answer(fresh, false);
  if (!result) throw new Error('unreachable: an unchecked answer is never null');
  return result;
}

/** The operator screen's picker: the first matching machines (browseEquipment's filter and order), only the fields it needs. */
export async function equipmentOptions(
  deps: Deps,
  ctx: CompanyContext,
  q: EquipmentOptionsQuery,
): Promise<EquipmentOptions> {
  const { total, items } = await browseEquipment(deps, ctx, {
    search: q.search,
    matchTypes: q.matchTypes,
    offset: 0,
    limit: q.limit,
  });
  return {
    items: items.map(
      ({ id, name, type, serialNumber, unit, fuelType, currentUsage, outOfService }) => ({
        id,
        name,
        type,
        serialNumber,
        unit,
        fuelType,
        currentUsage,
        outOfService: !!outOfService,
      }),
    ),
    total,
    limit: q.limit,
  };
}

export async function countEquipment(db: DbOrTx, companyId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(equipment)
    .where(and(eq(equipment.companyId, companyId), isNull(equipment.retiredAt)));
  return Number(row?.n ?? 0);
}

/**
 * One machine of the company, active or retired (reads: history, services). A malformed or foreign id
 * is not found.
 */
export async function findAnyRow(
  db: DbOrTx,
  ctx: CompanyContext,
  id: string,
  lock = false,
): Promise<Row> {
  const qb = db
    .select()
    .from(equipment)
    .where(and(eq(equipment.id, assertId(id)), eq(equipment.companyId, ctx.companyId)));
  const [row] = lock ? await qb.for('update') : await qb;
  if (!row) throw notFound();
  return row;
}

/** An active machine (every write but restore and Delete Forever): a retired one answers 409. */
export async function findRow(
  db: DbOrTx,
  ctx: CompanyContext,
  id: string,
  lock = false,
): Promise<Row> {
  const row = await findAnyRow(db, ctx, id, lock);
  if (row.retiredAt) throw isRetired();
  return row;
}

/** One machine, active or retired, with its service forecast. */
export async function getEquipment(
  deps: Deps,
  ctx: CompanyContext,
  id: string,
): Promise<EquipmentDto> {
  const row = await findAnyRow(deps.db, ctx, id);
  const today = companyToday(deps, ctx);
  const forecasts = await forecastsOf(deps.db, ctx.companyId, [row], deps.now(), today);
  return { ...toEquipmentDto(row, today), forecast: forecasts.get(row.id) ?? null };
}

const unitOf = (u: string): IntervalUnit =>
  (['days', 'months', 'years'] as const).find((x) => x === u) ?? 'months';

/**
 * The next calendar date: one interval after the last service once a service exists, else after the
 * start date (docs/decisions/trustworthy-record.md).
 */
export function nextDateOf(v: {
  hasScheduledMaintenance: boolean;
  maintenanceStartDate: string | null;
  maintenanceInterval: number | null;
  maintenanceIntervalUnit: string;
  lastServiceDate: string | null;
}): string | null {
  const unit = unitOf(v.maintenanceIntervalUnit);
  if (v.hasScheduledMaintenance && v.lastServiceDate && v.maintenanceInterval)
    return addInterval(v.lastServiceDate, v.maintenanceInterval, unit);
  return nextMaintenanceDate({
    hasScheduledMaintenance: v.hasScheduledMaintenance,
    maintenanceStartDate: v.maintenanceStartDate,
    maintenanceInterval: v.maintenanceInterval,
    maintenanceIntervalUnit: unit,
  });
}

/** The stored columns of a full, validated record (save defaults of spec section 9). */
export function columnsOf(
  input: EquipmentInput,
  isCreate: boolean,
  lastServiceDate: string | null,
) {
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
    nextMaintenanceDate: nextDateOf({
      hasScheduledMaintenance: scheduled,
      maintenanceStartDate,
      maintenanceInterval,
      maintenanceIntervalUnit: unit,
      lastServiceDate,
    }),
    serviceParts: partsOf(input.serviceParts ?? null),
    description: input.description ?? null,
  };
}

export function fmt(n: number) {
  return new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 }).format(n);
}

/**
 * Adds a record. The company row is locked for the count-and-insert, so concurrent adds can
 * never pass the plan limit together. The usage it is added with is its first reading.
 */
export async function createEquipment(
  deps: Deps,
  ctx: CompanyContext,
  input: EquipmentInput,
): Promise<EquipmentDto> {
  const cols = columnsOf(input, true, null);
  await checkCatalogueParts(deps.db, ctx, input.serviceParts);
  const row = await deps.db.transaction(async (tx) => {
    await assertRoomForOneMore(tx, ctx, 'equipment.planLimit');
    const now = deps.now();
    const [created] = await tx
      .insert(equipment)
      .values({
        ...cols,
        companyId: ctx.companyId,
        userId: ctx.userId,
        dateAdded: now,
        lastUpdated: now,
        lastReadingAt: now,
      })
      .returning();
    if (!created) throw new Error('insert returned nothing');
    await record(tx, actorOf(ctx), created.id, now, {
      kind: 'added',
      params: { usage: created.currentUsage, unit: created.unit },
    });
    await bumpEquipmentVersion(tx, ctx.companyId);
    return created;
  });
  return toEquipmentDto(row, companyToday(deps, ctx));
}

/** Locks the company row and refuses when its active machines already fill the plan. */
export async function assertRoomForOneMore(
  tx: DbOrTx,
  ctx: CompanyContext,
  key: 'equipment.planLimit' | 'equipment.restorePlanLimit',
): Promise<void> {
  const [c] = await tx
    .select({ limit: company.equipmentLimit })
    .from(company)
    .where(eq(company.id, ctx.companyId))
    .for('no key update');
  if (!c) throw notFound();
  if (c.limit === -1) return;
  const n = await countEquipment(tx, ctx.companyId);
  if (n >= c.limit) throw new AppError('plan_limit', key, { params: { limit: c.limit } });
}

/** Audited fields whose value differs (usage has its own correction entry). */
function changesOf(before: Row, after: Row): FieldChange[] {
  const fields = [
    'name',
    'type',
    'serialNumber',
    'unit',
    'threshold',
    'serviceInterval',
    'lastServiceUsage',
    'hasScheduledMaintenance',
    'maintenanceStartDate',
    'maintenanceInterval',
    'maintenanceIntervalUnit',
    'nextMaintenanceDate',
    'serviceParts',
  ] as const;
  const out: FieldChange[] = [];
  for (const f of fields) {
    const from = before[f] ?? null;
    const to = after[f] ?? null;
    if (JSON.stringify(from) !== JSON.stringify(to)) out.push({ field: f, from, to });
  }
  return out;
}

/**
 * Edit: the patch is merged with the record and the whole is validated. A lowered reading is allowed
 * and written to history as a correction; every other audited change is written as one `change`
 * entry (who, when, old and new values). The next calendar date follows the last service, so an edit
 * never moves a service date backwards.
 */
export async function updateEquipment(
  deps: Deps,
  ctx: CompanyContext,
  id: string,
  patch: EquipmentUpdate,
): Promise<EquipmentDto> {
  await checkCatalogueParts(deps.db, ctx, patch.serviceParts);
  const row = await deps.db.transaction(async (tx) => {
    const current = await findRow(tx, ctx, id, true);
    return updateEquipmentTx(tx, deps, ctx, current, patch);
  });
  return toEquipmentDto(row, companyToday(deps, ctx));
}

/** The record as the edit form would send it back unchanged (what a patch is merged into). */
export function editableOf(current: Row) {
  return {
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
  };
}

/**
 * The edit inside the caller's transaction, on a machine the caller has locked (`findRow(tx, ctx, id,
 * true)`): used by PATCH /api/equipment/:id and by the spreadsheet import's updates.
 */
export async function updateEquipmentTx(
  tx: DbOrTx,
  deps: Deps,
  ctx: CompanyContext,
  current: Row,
  patch: EquipmentUpdate,
): Promise<Row> {
  const merged = {
    ...editableOf(current),
    ...Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)),
  };
  const parsed = equipmentFieldsSchema.superRefine(checkSchedule).safeParse(merged);
  if (!parsed.success) throw fromZodError(parsed.error);
  const cols = columnsOf(parsed.data, false, current.lastServiceDate);
  const now = deps.now();
  const { currentUsage, ...other } = cols;
  const usageChanged = currentUsage !== current.currentUsage;
  // The usage cannot go below the usage at the last service (the status would go negative and read Good):
  // the service entry is what to correct (issue 24).
  if (
    (usageChanged || cols.lastServiceUsage !== current.lastServiceUsage) &&
    currentUsage < cols.lastServiceUsage
  )
    throw new AppError('validation', 'equipment.usageBelowLastService', {
      params: { lastService: cols.lastServiceUsage },
      fieldErrors: { currentUsage: 'equipment.usageBelowLastService' },
    });
  const updated = await moveTotals(
    tx,
    ctx.companyId,
    current.id,
    usageChanged ? { usage: currentUsage } : {},
    { ...other, lastUpdated: now, ...(usageChanged ? { lastReadingAt: now } : {}) },
  );
  if (!updated) throw notFound();
  if (usageChanged) {
    await record(tx, actorOf(ctx), current.id, now, {
      kind: 'correction',
      params: { previousUsage: current.currentUsage, usage: cols.currentUsage, unit: current.unit },
    });
  }
  const changes = changesOf(current, updated);
  if (changes.length > 0)
    await record(tx, actorOf(ctx), current.id, now, { kind: 'change', params: { changes } });
  await bumpEquipmentVersion(tx, ctx.companyId);
  return updated;
}

/** Delete Forever: the only call that removes a machine's history (active or retired). */
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
export async function increaseUsage(
  deps: Deps,
  ctx: CompanyContext,
  id: string,
  increase: number,
): Promise<EquipmentDto> {
  const row = await deps.db.transaction(async (tx) => {
    const now = deps.now();
    const updated = await moveTotals(
      tx,
      ctx.companyId,
      assertId(id),
      { increaseBy: increase },
      { lastUpdated: now, lastReadingAt: now },
      isNull(equipment.retiredAt),
    );
    if (!updated) {
      await findRow(tx, ctx, id); // not found, or retired (409)
      throw notFound();
    }
    await record(tx, actorOf(ctx), updated.id, now, {
      kind: 'reading',
      params: {
        source: 'manager',
        previousUsage: Number((updated.currentUsage - increase).toFixed(2)),
        usage: updated.currentUsage,
        unit: updated.unit,
      },
    });
    await bumpEquipmentVersion(tx, ctx.companyId);
    return updated;
  });
  return toEquipmentDto(row, companyToday(deps, ctx));
}

export async function createNote(
  deps: Deps,
  ctx: CompanyContext,
  id: string,
  content: string,
): Promise<NoteDto> {
  const e = await findRow(deps.db, ctx, id);
  return toNoteDto(
    await record(deps.db, actorOf(ctx), e.id, deps.now(), {
      kind: 'note',
      params: { text: content },
    }),
  );
}
