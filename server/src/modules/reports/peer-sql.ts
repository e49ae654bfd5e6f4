/**
 * The Fuel and Utilization reports' readers (issue 45), shared with the machine page (its own figures
 * beside its peers', in its one statement): the same SQL and the same mapping into domain/fuel-rate.ts
 * and domain/utilization.ts, so the page and the reports give one number. `scope` chooses the machines
 * (alias e): a company's active ones, or on the machine page those of its company and type.
 */
import { sql, type SQL } from 'drizzle-orm';
import { overTank, type VolumeUnit } from '@domain/fuel';
import { fuelRateOfSummary, peersOf, type FillSummary } from '@domain/fuel-rate';
import type { UtilizationMachine } from '@domain/utilization';
import { costNum } from '../equipment/index';
import { usageAtEndsSql } from './usage-sql';

/** A company's machines are bounded by its plan (a few thousand); the report reads at most this many. */
export const MACHINE_LIMIT = 10_000;

/**
 * The machines a report reads: `e.company_id = company and e.retired_at is null [and e.type = type]
 * [and e.id = id]` (one machine: the machine page's own rows).
 */
export type Scope = { company: SQL; type?: SQL; id?: SQL };
const machinesOf = (s: Scope) =>
  sql`e.company_id = ${s.company} and e.retired_at is null${s.type ? sql` and e.type = ${s.type}` : sql``}${s.id ? sql` and e.id = ${s.id}` : sql``}`;
/** The period's bounds, from midnight of `from` to midnight after `to` in the company's time zone. */
export const periodSql = (from: unknown, to: unknown, tz: unknown) => ({
  start: sql`((${from}::date)::timestamp at time zone ${tz})`,
  end: sql`((${to}::date + 1)::timestamp at time zone ${tz})`,
});

export type FuelMachineRow = {
  id: string;
  name: string;
  type: string;
  unit: string;
  /** Stored gallons, null when not given. */
  tank_capacity: unknown;
};
/** One machine's fill-ups over the period in one row (fuelSummarySql). */
export type FuelSummaryRow = {
  equipment_id: string;
  fills: unknown;
  gallons: unknown;
  first_gallons: unknown;
  first_usage: unknown;
  last_usage: unknown;
  /** The gallons of the fill-ups above the tank's capacity (overTank judges them), or null. */
  over_capacity: unknown;
};

export const fuelMachinesSql = (s: Scope) => sql`
  select e.id, e.name, e.type, e.unit, e.tank_capacity from equipment e where ${machinesOf(s)}
  order by lower(e.name), e.id limit ${MACHINE_LIMIT}`;

/** The machine's (`e`) usage at a moment: the last reading not voided at or before it. */
const usageAtSql = (at: SQL) => sql`(select n.usage from equipment_note n
  where n.company_id = e.company_id and n.equipment_id = e.id and n.type = 'usage_update'
    and n.usage is not null and n.voided_at is null and n.created_at <= ${at}
  order by n.created_at desc, n.seq desc limit 1)`;

/**
 * The period's fill-ups (applied, not voided) summed per machine, one row each (domain/fuel-rate.ts
 * FillSummary): how many, their gallons, the first one's gallons, the usage at the first and the last
 * (the reading sent with it, else one index probe for the last reading not voided at or before it), and
 * the gallons of those above the tank's capacity. Per machine, index-only scans of
 * operator_update_fill_company_idx (migration 0029). The year's 119,200 fill-ups and 240,400 readings of a
 * 2,000-machine company were sent to Node row by row before (docs/benchmarks.md "Reports").
 */
export const fuelSummarySql = (s: Scope, start: SQL, end: SQL) => {
  const fills = sql`u.equipment_id = e.id and u.status = 'applied' and u.voided_at is null
    and u.fuel_added > 0 and u.created_at >= ${start} and u.created_at < ${end}`;
  const oneFill = (dir: SQL) => sql`(select u.fuel_added, u.new_usage, u.created_at
    from operator_update u where ${fills} order by u.created_at ${dir}, u.id ${dir} limit 1)`;
  return sql`
  select e.id as equipment_id, f.fills, f.gallons, f.over_capacity, fst.fuel_added as first_gallons,
    coalesce(fst.new_usage, ${usageAtSql(sql`fst.created_at`)}) as first_usage,
    coalesce(lst.new_usage, ${usageAtSql(sql`lst.created_at`)}) as last_usage
  from equipment e
  cross join lateral (select count(*) as fills, sum(u.fuel_added) as gallons,
      array_agg(u.fuel_added) filter (where u.fuel_added > e.tank_capacity) as over_capacity
    from operator_update u where ${fills}) f
  cross join lateral ${oneFill(sql`asc`)} fst
  cross join lateral ${oneFill(sql`desc`)} lst
  where ${machinesOf(s)}`;
};

/** Every machine's fuel rate against its peers (domain/fuel-rate.ts), and the gallons of its fill-ups. */
export function fuelRowsOf(
  machines: readonly FuelMachineRow[],
  summaryRows: readonly FuelSummaryRow[],
  volumeUnit: VolumeUnit,
) {
  const summaries = new Map(
    summaryRows.map((r) => [
      r.equipment_id,
      {
        summary: {
          fills: Number(r.fills),
          gallons: costNum(r.gallons),
          firstGallons: costNum(r.first_gallons),
          firstUsage: r.first_usage === null ? null : costNum(r.first_usage),
          lastUsage: r.last_usage === null ? null : costNum(r.last_usage),
        } satisfies FillSummary,
        overCapacity: numbersOf(r.over_capacity),
      },
    ]),
  );
  const none: FillSummary = {
    fills: 0,
    gallons: 0,
    firstGallons: 0,
    firstUsage: null,
    lastUsage: null,
  };
  const rows = peersOf(
    machines.map((m) => ({
      equipmentId: m.id,
      name: m.name,
      type: m.type,
      unit: m.unit,
      rate: fuelRateOfSummary(summaries.get(m.id)?.summary ?? none, m.unit, volumeUnit),
    })),
    volumeUnit,
  );
  const tanks = new Map(
    machines.map((m) => [m.id, m.tank_capacity === null ? null : costNum(m.tank_capacity)]),
  );
  return {
    rows: rows.map((r) => ({
      ...r,
      overTankFillUps: (summaries.get(r.equipmentId)?.overCapacity ?? []).filter((g) =>
        overTank(g, tanks.get(r.equipmentId)),
      ).length,
    })),
    gallons: new Map([...summaries].map(([id, v]) => [id, v.summary.gallons])),
  };
}

/** A numeric array column: an array (pg, PGlite or JSON) or its text form `{1.5,2}`; null is none. */
function numbersOf(raw: unknown): number[] {
  if (raw === null || raw === undefined) return [];
  if (Array.isArray(raw)) return raw.map(costNum);
  const text = String(raw).replace(/[{}]/g, '');
  return text ? text.split(',').map(costNum) : [];
}

export type UtilizationSqlRow = {
  id: string;
  name: string;
  type: string;
  unit: string;
  added_on: string;
  start_usage: unknown;
  end_usage: unknown;
  last_used_on: string | null;
};

/** Each machine's usage at the period's ends and the day its usage last went up. */
export function utilizationSql(s: Scope, tz: unknown, start: SQL, end: SQL) {
  const readings = sql`n.company_id = e.company_id and n.equipment_id = e.id
    and n.type = 'usage_update' and n.voided_at is null and n.usage is not null`;
  return sql`
    select e.id, e.name, e.type, e.unit,
      to_char(e.date_added at time zone ${tz}, 'YYYY-MM-DD') as added_on,
      ${usageAtEndsSql(start, end)},
      (select to_char(max(n.created_at) at time zone ${tz}, 'YYYY-MM-DD') from equipment_note n
        where ${readings} and n.usage > n.previous_usage) as last_used_on
    from equipment e
    where ${machinesOf(s)}
    order by lower(e.name), e.id
    limit ${MACHINE_LIMIT}`;
}

export const utilizationMachineOf = (r: UtilizationSqlRow): UtilizationMachine => ({
  equipmentId: r.id,
  name: r.name,
  type: r.type,
  unit: r.unit,
  addedOn: r.added_on,
  startUsage: r.start_usage === null ? null : costNum(r.start_usage),
  endUsage: r.end_usage === null ? null : costNum(r.end_usage),
  lastUsedOn: r.last_used_on,
});
