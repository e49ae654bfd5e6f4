/**
 * The Fuel and Utilization reports' readers (issue 45), shared with the machine page (its own figures
 * beside its peers', in its one statement): the same SQL and the same mapping into domain/fuel-rate.ts
 * and domain/utilization.ts, so the page and the reports give one number. `scope` chooses the machines
 * (alias e): a company's active ones, or on the machine page those of its company and type.
 */
import { sql, type SQL } from 'drizzle-orm';
import { overTank, type VolumeUnit } from '@domain/fuel';
import { fuelRateOf, peersOf, type RateFill, type RateReading } from '@domain/fuel-rate';
import type { UtilizationMachine } from '@domain/utilization';
import { costNum } from '../equipment/index';
import { usageAtEndsSql } from './usage-sql';

/** A company's machines are bounded by its plan (a few thousand); the report reads at most this many. */
export const MACHINE_LIMIT = 10_000;

const ms = (col: string) => sql.raw(`(extract(epoch from ${col}) * 1000)::float8`);

/** The machines a report reads: `e.company_id = company and e.retired_at is null [and e.type = type]`. */
export type Scope = { company: SQL; type?: SQL };
const machinesOf = (s: Scope) =>
  sql`e.company_id = ${s.company} and e.retired_at is null${s.type ? sql` and e.type = ${s.type}` : sql``}`;
/** Rows of those machines only (the report reads the whole company; the page its type). */
const ofMachines = (s: Scope, col: string) =>
  s.type
    ? sql` and ${sql.raw(col)} in (select e.id from equipment e where ${machinesOf(s)})`
    : sql``;

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
export type FuelFillRow = { equipment_id: string; at: unknown; gallons: unknown; usage: unknown };
export type FuelReadingRow = { equipment_id: string; at: unknown; usage: unknown; voided: boolean };

export const fuelMachinesSql = (s: Scope) => sql`
  select e.id, e.name, e.type, e.unit, e.tank_capacity from equipment e where ${machinesOf(s)}
  order by lower(e.name), e.id limit ${MACHINE_LIMIT}`;

/** The period's fill-ups (applied, not voided) with the reading sent with each. */
export const fuelFillsSql = (s: Scope, start: SQL, end: SQL) => sql`
  select u.equipment_id, ${ms('u.created_at')} as at, u.fuel_added as gallons, u.new_usage as usage
  from operator_update u
  where u.company_id = ${s.company} and u.status = 'applied' and u.voided_at is null
    and u.fuel_added > 0 and u.created_at >= ${start} and u.created_at < ${end}${ofMachines(s, 'u.equipment_id')}`;

/**
 * The period's readings (voided ones marked) with each machine's last one before it: one index probe
 * per machine (a DISTINCT ON over the company's older readings sorted them all: 300 ms for a type's
 * 500 machines with a year of readings, docs/benchmarks.md "Reports").
 */
export function fuelReadingsSql(s: Scope, start: SQL, end: SQL) {
  const readingsOf = sql`n.company_id = ${s.company} and n.type = 'usage_update' and n.usage is not null${ofMachines(s, 'n.equipment_id')}`;
  return sql`
    select n.equipment_id, ${ms('n.created_at')} as at, n.usage, n.voided_at is not null as voided
      from equipment_note n
      where ${readingsOf} and n.created_at >= ${start} and n.created_at < ${end}
    union all
    select e.id, p.at, p.usage, false
      from equipment e cross join lateral (
        select ${ms('n.created_at')} as at, n.usage from equipment_note n
        where n.company_id = e.company_id and n.equipment_id = e.id and n.type = 'usage_update'
          and n.usage is not null and n.voided_at is null and n.created_at < ${start}
        order by n.created_at desc, n.seq desc limit 1) p
      where ${machinesOf(s)}`;
}

function byMachine<R extends { equipment_id: string }, T>(rows: readonly R[], f: (r: R) => T) {
  const out = new Map<string, T[]>();
  for (const r of rows) {
    const list = out.get(r.equipment_id);
    if (list) list.push(f(r));
    else out.set(r.equipment_id, [f(r)]);
  }
  return out;
}

/** Every machine's fuel rate against its peers (domain/fuel-rate.ts), and the fill-ups read. */
export function fuelRowsOf(
  machines: readonly FuelMachineRow[],
  fillRows: readonly FuelFillRow[],
  readingRows: readonly FuelReadingRow[],
  volumeUnit: VolumeUnit,
) {
  const fills = byMachine(fillRows, (r): RateFill => ({
    at: Number(r.at),
    gallons: costNum(r.gallons),
    usage: r.usage === null ? null : costNum(r.usage),
  }));
  const readings = byMachine(readingRows, (r): RateReading => ({
    at: Number(r.at),
    usage: costNum(r.usage),
    voided: r.voided,
  }));
  const rows = peersOf(
    machines.map((m) => ({
      equipmentId: m.id,
      name: m.name,
      type: m.type,
      unit: m.unit,
      rate: fuelRateOf(fills.get(m.id) ?? [], readings.get(m.id) ?? [], m.unit, volumeUnit),
    })),
    volumeUnit,
  );
  const tanks = new Map(
    machines.map((m) => [m.id, m.tank_capacity === null ? null : costNum(m.tank_capacity)]),
  );
  return {
    rows: rows.map((r) => ({
      ...r,
      overTankFillUps: (fills.get(r.equipmentId) ?? []).filter((f) =>
        overTank(f.gallons, tanks.get(r.equipmentId)),
      ).length,
    })),
    fills,
  };
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
