/**
 * The SQL that reads a machine's maintenance cost lines and the usage its cost per unit is over. The
 * one reader behind every cost figure (issue 43): the machine page's statement embeds it as a JSON
 * subquery, the service log and GET /api/costs run it; domain/costs.ts adds the lines up.
 *
 * A line is a completed work order (parts, labour = hours x rate to the cent, other) or a service entry
 * not written by a work order (its cost counts as other; a service order's entry is the order's own cost,
 * counted once through the order). Voided services are left out. Months are in the company's time zone.
 */
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { asVolumeUnit, type FillUp } from '@domain/fuel';

/** Where the lines are read: the company and machine (values, placeholders or outer columns). */
export type CostScope = {
  companyId: SQLWrapper;
  /** One machine; none: every machine of the company (the Costs report). */
  equipmentId?: SQLWrapper;
  /** The company's time zone (IANA). */
  tz: SQLWrapper;
  /** The period's first day (YYYY-MM-DD, in the company's time zone); none: all time. */
  from?: SQLWrapper | null;
  /** The period's last day (YYYY-MM-DD, company time); none: up to now (the Costs report sets it). */
  to?: SQLWrapper | null;
};

/** The day a service counts on: its service date, else the day it was written (company time). */
const serviceDay = (tz: SQLWrapper) =>
  sql`coalesce(n.service_date, (n.created_at at time zone ${tz})::date)`;

/**
 * Rows (month, equipment_id, parts, labor, other, work_orders), one per work order or service: a
 * subquery to sum from.
 */
export function costLinesSql(s: CostScope): SQL {
  const woMachine = s.equipmentId ? sql`and w.equipment_id = ${s.equipmentId}` : sql``;
  const noteMachine = s.equipmentId ? sql`and n.equipment_id = ${s.equipmentId}` : sql``;
  const woFrom = s.from
    ? sql`and (w.completed_at at time zone ${s.tz})::date >= ${s.from}::date`
    : sql``;
  const noteFrom = s.from ? sql`and ${serviceDay(s.tz)} >= ${s.from}::date` : sql``;
  const woTo = s.to ? sql`and (w.completed_at at time zone ${s.tz})::date <= ${s.to}::date` : sql``;
  const noteTo = s.to ? sql`and ${serviceDay(s.tz)} <= ${s.to}::date` : sql``;
  return sql`select to_char(w.completed_at at time zone ${s.tz}, 'YYYY-MM') as month, w.equipment_id,
      w.parts_cost as parts, round(coalesce(w.labor_hours, 0) * coalesce(w.labor_rate, 0), 2) as labor,
      w.other_cost as other, 1 as work_orders
    from work_order w
    where w.company_id = ${s.companyId} and w.status = 'done' and w.completed_at is not null ${woMachine} ${woFrom} ${woTo}
    union all
    select to_char(${serviceDay(s.tz)}, 'YYYY-MM'), n.equipment_id, 0, 0, n.cost, 0
    from equipment_note n
    where n.company_id = ${s.companyId} and n.type = 'maintenance' and n.voided_at is null
      and n.cost is not null ${noteMachine} ${noteFrom} ${noteTo}
      and not exists (select 1 from work_order sw where sw.company_id = n.company_id and sw.service_entry_id = n.id)`;
}

/**
 * The usage at the period's start for one machine (`equipment`: its row's company and id columns): the
 * last reading written before the period, else the first reading's usage before it (or its value).
 * Without a period, the first known usage (the usage the record has seen starts there).
 */
export function startUsageSql(
  machine: { companyId: SQLWrapper; id: SQLWrapper },
  period?: { from: SQLWrapper; tz: SQLWrapper } | null,
): SQL {
  const of = sql`n.company_id = ${machine.companyId} and n.equipment_id = ${machine.id}
    and n.type = 'usage_update' and n.voided_at is null and n.usage is not null`;
  const first = sql`(select coalesce(n.previous_usage, n.usage) from equipment_note n where ${of}
    ${period ? sql`and n.created_at >= (${period.from}::date)::timestamp at time zone ${period.tz}` : sql``}
    order by n.created_at, n.id limit 1)`;
  if (!period) return first;
  return sql`coalesce((select n.usage from equipment_note n where ${of}
    and n.created_at < (${period.from}::date)::timestamp at time zone ${period.tz}
    order by n.created_at desc, n.id desc limit 1), ${first})`;
}

/** A database number (numeric arrives as text from pg). */
export const costNum = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));

/** The rows of `db.execute` (an array on one driver, `{ rows }` on the other). */
export function rowsOf<T>(res: unknown): T[] {
  return (Array.isArray(res) ? res : (res as { rows: T[] }).rows) as T[];
}

/**
 * Rows (equipment_id, day, gallons, fuel_type, price, price_unit, cost), one per fill-up (issue 45): an
 * applied, unvoided operator update with fuel, its day in the company's time zone, its own price (per
 * the unit it was typed in) or cost. domain/fuel.ts values them (fillUpValue), domain/costs.ts adds them.
 */
export function fillUpsSql(s: CostScope): SQL {
  const machine = s.equipmentId ? sql`and u.equipment_id = ${s.equipmentId}` : sql``;
  const day = sql`(u.created_at at time zone ${s.tz})::date`;
  return sql`select u.equipment_id, to_char(${day}, 'YYYY-MM-DD') as day, u.fuel_added as gallons,
      u.fuel_type, u.fuel_price as price, u.volume_unit as price_unit, u.fuel_cost as cost
    from operator_update u
    where u.company_id = ${s.companyId} and u.status = 'applied' and u.voided_at is null and u.fuel_added > 0
      ${machine} ${s.from ? sql`and ${day} >= ${s.from}::date` : sql``} ${s.to ? sql`and ${day} <= ${s.to}::date` : sql``}`;
}

/** A fill-up row of fillUpsSql (or its JSON array) as domain/fuel.ts takes it. */
export function fillUpOf(r: {
  day: string;
  gallons: unknown;
  fuel_type: string;
  price: unknown;
  price_unit: string | null;
  cost: unknown;
}): FillUp {
  return {
    day: r.day,
    gallons: costNum(r.gallons),
    fuelType: r.fuel_type === 'diesel' ? 'diesel' : 'gas',
    price: r.price === null || r.price === undefined ? null : costNum(r.price),
    priceUnit: asVolumeUnit(r.price_unit),
    cost: r.cost === null || r.cost === undefined ? null : costNum(r.cost),
  };
}
