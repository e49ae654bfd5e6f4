/**
 * Over 400 lines: the one listing filter and every read built on it stay together so they cannot drift.
 *
 * The equipment module's reads: one machine (found, or not found) and every bounded listing (the Equipment List, the status pages, the dashboard overview, the operator's
 * picker), all filtered by one rule (`listingFilter`: a service status, a type and the one search of
 * domain/equipment-search.ts). The fleet-wide part of a listing comes from fleet-snapshot.ts.
 */
import { and, asc, count, eq, getTableColumns, isNull, sql, type Placeholder } from 'drizzle-orm';
import { todayIn } from '@domain/dates';
import { matchesSearch, type SearchableMachine } from '@domain/equipment-search';
import { machineScheduleOf, type MachineSchedule } from '@domain/schedule';
import type {
  EquipmentBrowseQuery,
  EquipmentDto,
  EquipmentOptions,
  EquipmentOptionsQuery,
  EquipmentStatusCounts,
} from '@domain/schemas/equipment';
import { parseStatusFilter, type ServiceStatus } from '@domain/status';
import { RATE_WINDOW_DAYS, usualDailyUsageOf, type TimedReading } from '@domain/usage-rate';
import type { Db, DbOrTx } from '../../db/client';
import { preparedPerDb } from '../../db/prepared';
import { equipment, equipmentNote } from '../../db/schema/index';
import type { Deps } from '../../deps';
import { AppError } from '../../lib/errors';
import type { CompanyContext } from '../../plugins/session';
import { toEquipmentDto, type Row } from './equipment.dto';
import { identityColumns, statusColumns } from './equipment.columns';
import {
  scheduleOfRow,
  tasksFromJson,
  tasksJson,
  tasksVersion,
  type MachineTask,
} from './machine-tasks';
import {
  equipmentVersionOf,
  fleetCacheOf,
  loadSnapshot,
  type FleetSnapshot,
} from './fleet-snapshot';
import { overviewItemsOf, readingsValidUntil } from './overview-items';

export const notFound = () => new AppError('not_found', 'equipment.notFound');
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

/**
 * A machine's history entries (the company's own): all of them, or those of one entry type
 * ('maintenance': its services, 'usage_update': its readings).
 */
export const entriesOf = (
  companyId: string,
  equipmentId: string,
  type?: 'maintenance' | 'usage_update',
) =>
  and(
    eq(equipmentNote.companyId, companyId),
    eq(equipmentNote.equipmentId, equipmentId),
    type ? eq(equipmentNote.type, type) : undefined,
  );

/** What a listing's filter looks at of one machine. */
type ListedMachine = SearchableMachine & { serviceStatus: ServiceStatus; hasSchedule: boolean };

/**
 * The one filter of every listing: the full list and its exports and print (GET /api/equipment), the
 * Equipment List and status pages, the dashboard overview and the operator's picker. A service status
 * (or a status page's slug, or `no_schedule`), a type, and the one search (`matchesSearch`: part of the name, serial
 * number or type, case-insensitive; `matchTypes` also match a non-empty search).
 */
export function listingFilter(q: {
  status?: string;
  type?: string;
  search?: string;
  matchTypes?: readonly string[];
}): (m: ListedMachine) => boolean {
  const noSchedule = q.status === 'no_schedule';
  const wanted = noSchedule ? null : parseStatusFilter(q.status);
  const type = q.type && q.type !== 'all' ? q.type : null;
  const needle = q.search?.trim().toLowerCase() ?? '';
  const alsoTypes = new Set<string>(needle ? (q.matchTypes ?? []) : []);
  // A machine with no schedule is neither Good nor any other status: only `no_schedule` lists it.
  return (m) =>
    (noSchedule ? !m.hasSchedule : !wanted || (m.hasSchedule && m.serviceStatus === wanted)) &&
    (!type || m.type === type) &&
    matchesSearch(m, needle, alsoTypes);
}

/** Sorted by name, case-insensitively the same on PGlite and PostgreSQL (whatever the collation), then id. */
export const byName = [
  sql`lower(${equipment.name})`,
  asc(equipment.name),
  asc(equipment.id),
] as const;

/**
 * A machine's remaining readings from the rate window's anchor on (the last reading before
 * `since`, then every one after it), as a JSON array of [epoch milliseconds, usage]: what its forecast
 * needs, read in the page's own statement. Milliseconds, not the timestamp's text: PostgreSQL writes
 * microseconds and an offset, which the JavaScript date parser reads only on its slow path (every
 * reading of every machine of every page).
 */
const readingsSince = (since: Placeholder) => {
  const reading = sql`n.company_id = ${equipment.companyId} and n.equipment_id = ${equipment.id}
    and n.type = 'usage_update' and n.reading is not null and n.usage is not null and n.voided_at is null`;
  return sql<unknown>`(select coalesce(json_agg(json_build_array(floor(extract(epoch from n.created_at) * 1000)::bigint, n.usage) order by n.created_at), '[]')
    from ${equipmentNote} n where ${reading} and n.created_at >= coalesce(
      (select max(n.created_at) from ${equipmentNote} n where ${reading} and n.created_at < ${since}::timestamptz),
      ${since}::timestamptz))`;
};

/**
 * The machine's version: PostgreSQL's xmin of its row, new on every write of the row, and of its tasks'
 * rows (a program's edit writes tasks, not the machine) (overview-items.ts).
 */
const rowVersion = sql<string>`${equipment}.xmin::text || ':' || ${tasksVersion}`;

const pageWhere = and(
  eq(equipment.companyId, sql.placeholder('companyId')),
  sql`${equipment.id} = any(${sql.placeholder('ids')}::uuid[])`,
  isNull(equipment.retiredAt),
);

/**
 * The full records of one page with each machine's tasks and readings (its status is its worst task's,
 * its next task is told by its usual daily rate) and the equipment version: one statement per listing,
 * prepared once per database.
 */
const pageStatement = preparedPerDb((db: Db) =>
  db
    .select({
      ...getTableColumns(equipment),
      version: sql<string>`${equipmentVersionOf(sql.placeholder('companyId'))}::text`,
      tasks: tasksJson(),
      readings: readingsSince(sql.placeholder('since')),
    })
    .from(equipment)
    .where(pageWhere)
    .prepare('equipment_browse_page_readings'),
);

/**
 * What the dashboard overview shows of a machine and what its status and forecast are computed from,
 * with its readings: only these columns (the full record is 30 columns with five timestamps, each a
 * date to parse per machine per load, none of which the overview shows).
 */
const overviewPageQuery = (db: Db) =>
  db
    .select({
      ...identityColumns,
      ...statusColumns,
      // The reason while out of service ('' when none was given), null otherwise.
      outOfServiceReason: sql<
        string | null
      >`case when ${equipment.outOfServiceAt} is null then null else coalesce(${equipment.outOfServiceReason}, '') end`,
      version: sql<string>`${equipmentVersionOf(sql.placeholder('companyId'))}::text`,
      rv: rowVersion,
      readings: readingsSince(sql.placeholder('since')),
    })
    .from(equipment)
    .where(pageWhere);
const overviewPageStatement = preparedPerDb((db: Db) =>
  overviewPageQuery(db).prepare('equipment_overview_page'),
);

/**
 * What a load of the overview reads when its machines' items are kept (overview-items.ts): each page
 * machine's row version and the equipment version, in one statement.
 */
const overviewCheckQuery = (db: Db) =>
  db
    .select({
      id: equipment.id,
      version: sql<string>`${equipmentVersionOf(sql.placeholder('companyId'))}::text`,
      rv: rowVersion,
    })
    .from(equipment)
    .where(pageWhere);
const overviewCheckStatement = preparedPerDb((db: Db) =>
  overviewCheckQuery(db).prepare('equipment_overview_check'),
);

/**
 * The dashboard overview's statements as SQL text with the names of their placeholders in order: `page`,
 * a load whose machines are not kept (its rows and readings), `check`, a load whose machines are kept
 * (their row versions). `npm run bench` runs the same SQL through pgbench (server/src/cli/bench-seed.ts).
 */
export function overviewStatementSql(
  db: Db,
  which: 'page' | 'check' = 'page',
): { sql: string; params: string[] } {
  const q = (which === 'page' ? overviewPageQuery(db) : overviewCheckQuery(db)).toSQL();
  return {
    sql: q.sql,
    params: q.params.map((p) => (p as { name?: string }).name ?? String(p)),
  };
}

/** [epoch ms, usage] pairs as JSON (text on some drivers) -> readings. */
function readingsFromJson(raw: unknown): TimedReading[] {
  const pairs = (typeof raw === 'string' ? JSON.parse(raw) : (raw ?? [])) as [unknown, unknown][];
  return pairs.map(([ms, usage]) => ({ t: Number(ms), usage: Number(usage) }));
}

/** One page of a listing, in the list's order, with what the fleet snapshot says of the whole fleet. */
export type Browse<T> = {
  /** Every active machine of the company by service status (the dashboard tiles, the list's filter). */
  counts: EquipmentStatusCounts;
  /** Machines that are critical or severely critical (the dashboard's pulses and Serviced button). */
  critical: Record<string, 'critical' | 'severe'>;
  /** How many machines match the filters. */
  total: number;
  /** One page of the matching machines, sorted by name. */
  items: T[];
};
export type EquipmentBrowse = Browse<EquipmentDto>;

/** A page's rows, each with the company's equipment version read in the same statement. */
type PageReader<R> = (
  db: Db,
  params: { companyId: string; ids: string; since: string },
  at: { today: string; now: Date; ids: string[] },
) => Promise<(R & { id: string; version: string })[]>;

/**
 * Every bounded listing: the tile counts, the critical machines and one page of the filtered list in the
 * list's order. The fleet-wide part comes from the company's cached snapshot while its equipment version
 * is still current (checked in the same statement that reads the page: one query per listing), else it is
 * computed again (two queries). A 2,000-machine fleet never ships 2 MB of JSON per page load.
 */
async function browse<R, T>(
  deps: Deps,
  ctx: CompanyContext,
  q: EquipmentBrowseQuery,
  read: PageReader<R>,
  toItem: (row: R, today: string, now: Date) => T,
): Promise<Browse<T>> {
  const today = companyToday(deps, ctx);
  const keep = listingFilter(q);
  const answer = async (snap: FleetSnapshot, check: boolean): Promise<Browse<T> | null> => {
    const pageIds = snap.machines.filter(keep).map((m) => m.id);
    const ids = pageIds.slice(q.offset, q.offset + q.limit);
    const now = deps.now();
    // Every listing reads the rate window's readings: a machine's next task is told by its usual rate.
    const since = new Date(now.getTime() - RATE_WINDOW_DAYS * 86_400_000);
    let version: number;
    let rows: Awaited<ReturnType<PageReader<R>>> = [];
    if (ids.length === 0) {
      const res = await deps.db.execute(
        sql`select ${equipmentVersionOf(ctx.companyId)}::text as version`,
      );
      version = Number((res as unknown as { rows: { version: string }[] }).rows[0]?.version ?? 0);
    } else {
      // The ids come from the snapshot (uuids read from the database): an array literal is safe.
      rows = await read(
        deps.db,
        {
          companyId: ctx.companyId,
          ids: `{${ids.join(',')}}`,
          since: since.toISOString(),
        },
        { today, now, ids },
      );
      version = Number(rows[0]?.version ?? 0);
    }
    if (check && version !== snap.version) return null; // an equipment write committed since: recompute
    const position = new Map(ids.map((id, i) => [id, i]));
    rows.sort((x, y) => (position.get(x.id) ?? 0) - (position.get(y.id) ?? 0));
    return {
      counts: snap.counts,
      critical: snap.critical,
      total: pageIds.length,
      // No rest-and-spread copies of the rows (they cost more than the rest of the mapping).
      items: rows.map((r) => toItem(r, today, now)),
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

/** The Equipment List, the status pages and the operator's picker: full records (with forecasts when asked). */
export function browseEquipment(
  deps: Deps,
  ctx: CompanyContext,
  q: EquipmentBrowseQuery,
): Promise<EquipmentBrowse> {
  return browse<Row & { readings: unknown; tasks: unknown }, EquipmentDto>(
    deps,
    ctx,
    q,
    (db, params) => pageStatement(db).execute(params),
    (r, today, now) => {
      const s = machineScheduleOf(
        tasksFromJson(r.tasks),
        r,
        usualDailyUsageOf(readingsFromJson(r.readings), now),
        today,
      );
      const dto = toEquipmentDto(r, s.status);
      if (q.withForecast) dto.forecast = s.forecast;
      return dto;
    },
  );
}

/** A machine as the dashboard overview reads it (overviewPageQuery). */
export type OverviewPageRow = Awaited<
  ReturnType<ReturnType<typeof overviewPageQuery>['execute']>
>[number];

/** One machine of an overview page as read: its kept JSON text, or its row to compute it from. */
type OverviewRead = {
  id: string;
  version: string;
  text: string | null;
  row: OverviewPageRow | null;
};

/**
 * The dashboard overview's listing: only what it shows of each machine, each as JSON text built by
 * `toItem` from the machine's row (overviewPageQuery), status and forecast. Each machine's text is
 * kept per row version, day and rate window (overview-items.ts): a load reads the page's row versions
 * with the equipment version (one statement), then the rows of only the machines whose text is not
 * kept (a second statement, skipped when every one is).
 */
export async function browseOverview<T>(
  deps: Deps,
  ctx: CompanyContext,
  q: Omit<EquipmentBrowseQuery, 'withForecast'>,
  toItem: (row: OverviewPageRow, schedule: MachineSchedule<MachineTask>) => T,
): Promise<Browse<string> & { ids: string[] }> {
  const kept = overviewItemsOf(deps.db);
  /** The page's machines, in the items' order. */
  const ids: string[] = [];
  const page = await browse<OverviewRead, string>(
    deps,
    ctx,
    { ...q, withForecast: true },
    async (db, params, { today, now, ids: pageIds }) => {
      const t = now.getTime();
      // Nothing of the page kept for today (a first load, a new day): its one statement, no check first.
      if (!pageIds.some((id) => kept.mayHold(id, today, t))) {
        const rows = await overviewPageStatement(db).execute(params);
        return rows.map((row) => ({ id: row.id, version: row.version, text: null, row }));
      }
      const check = await overviewCheckStatement(db).execute({
        companyId: params.companyId,
        ids: params.ids,
      });
      const missing: string[] = [];
      const reads: OverviewRead[] = check.map((c) => {
        const text = kept.get(c.id, c.rv, today, t) ?? null;
        if (text === null) missing.push(c.id);
        return { id: c.id, version: c.version, text, row: null };
      });
      if (missing.length === 0) return reads;
      const rows = await overviewPageStatement(db).execute({
        ...params,
        ids: `{${missing.join(',')}}`,
      });
      const byId = new Map(rows.map((r) => [r.id, r]));
      // A write committed between the two statements: every machine answers with the newer version, so
      // the fleet snapshot is checked against it (and computed again).
      const version = rows[0]?.version ?? reads[0]?.version ?? '0';
      const out: OverviewRead[] = [];
      for (const r of reads) {
        r.version = version;
        if (r.text === null) {
          r.row = byId.get(r.id) ?? null;
          if (r.row === null) continue; // retired between the two statements
        }
        out.push(r);
      }
      return out;
    },
    (r, today, now) => {
      ids.push(r.id);
      if (r.text !== null) return r.text;
      const row = r.row!;
      const readings = readingsFromJson(row.readings);
      const s = machineScheduleOf(
        tasksFromJson(row.tasks),
        row,
        usualDailyUsageOf(readings, now),
        today,
      );
      const text = JSON.stringify(toItem(row, s));
      kept.set(row.id, {
        rv: row.rv,
        today,
        validUntil: readingsValidUntil(readings, now.getTime()),
        text,
      });
      return text;
    },
  );
  return { ...page, ids };
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
  const s = await scheduleOfRow(deps.db, ctx.companyId, row, deps.now(), companyToday(deps, ctx));
  return { ...toEquipmentDto(row, s.status), forecast: s.forecast };
}
