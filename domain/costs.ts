/**
 * A machine's maintenance cost (issue 27, issue 43): services recorded without a work order (their cost
 * counts as "other") plus completed work orders (parts, labour, other), per month and in total, and the
 * cost per hour / mile / km of the usage over the same period. The ONE definition behind every place a
 * machine's cost appears: the machine page's tile, cost chart and costs card, the service log, the Costs
 * report and its CSV, and the API answers (GET /api/equipment/:id/page, /services, /api/costs).
 * The server reads the lines with one SQL fragment (server/src/modules/equipment/cost-lines.ts) and
 * hands them here; nothing else adds costs up.
 */

import { fillUpValue, type FillUp, type FuelPriceEntry } from './fuel';

/** Units measured by a meter; a machine without one (N/A) has no cost per unit. */
export const METER_UNITS: readonly string[] = ['hours', 'miles', 'kilometers'];

/**
 * One line of a machine's maintenance cost, as the database sums it per month (YYYY-MM, in the
 * company's time zone): a completed work order's parts, labour and other costs, or a service's cost.
 */
export type CostLine = {
  month: string;
  parts: number;
  labor: number;
  other: number;
  /** How many completed work orders the line holds (0 for services). */
  workOrders?: number;
};

export type CostSplit = { parts: number; labor: number; other: number; total: number };
export type MonthCost = CostSplit & { month: string };

const cents = (n: number) => Math.round(n * 100);
const fromCents = (s: { parts: number; labor: number; other: number }): CostSplit => ({
  parts: s.parts / 100,
  labor: s.labor / 100,
  other: s.other / 100,
  total: (s.parts + s.labor + s.other) / 100,
});

/** Lines added up in cents (no float drift), in total and per month (oldest first). */
export function costSplit(lines: readonly CostLine[]): CostSplit & {
  workOrders: number;
  byMonth: MonthCost[];
} {
  const all = { parts: 0, labor: 0, other: 0 };
  const months = new Map<string, { parts: number; labor: number; other: number }>();
  let workOrders = 0;
  for (const l of lines) {
    const m = months.get(l.month) ?? { parts: 0, labor: 0, other: 0 };
    months.set(l.month, m);
    for (const s of [all, m]) {
      s.parts += cents(l.parts);
      s.labor += cents(l.labor);
      s.other += cents(l.other);
    }
    workOrders += l.workOrders ?? 0;
  }
  return {
    ...fromCents(all),
    workOrders,
    byMonth: [...months.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([month, s]) => ({ month, ...fromCents(s) })),
  };
}

/**
 * The usage the record has seen over a period: the current usage less the usage at the period's start
 * (the last reading before it, else the first reading's usage before it, else its value), never below
 * zero; rounded like usage (2 decimals).
 */
export function usageTracked(currentUsage: number, firstKnownUsage: number | null): number {
  const start = firstKnownUsage ?? currentUsage;
  return Math.max(0, Math.round((currentUsage - start) * 100) / 100);
}

/**
 * Cost per unit of use: total cost over usage tracked, to 4 decimals (a few cents an hour stay
 * visible); null without a meter, without cost or without usage.
 */
export function costPerUnit(totalCost: number, usage: number, unit: string): number | null {
  if (!METER_UNITS.includes(unit) || !(totalCost > 0) || !(usage > 0)) return null;
  return Math.round((totalCost / usage) * 10_000) / 10_000;
}

export type MachineCost = ReturnType<typeof costSplit> & {
  /** The usage over the period (current usage less the usage at its start). */
  usage: number;
  costPerUnit: number | null;
};

/**
 * A machine's maintenance cost over a period: its cost lines added up, and the cost per hour / mile /
 * km of the usage over the same period (`startUsage`: the usage at the period's start, null when the
 * record has no reading).
 */
export function machineCost(
  lines: readonly CostLine[],
  machine: { currentUsage: number; startUsage: number | null; unit: string },
): MachineCost {
  const split = costSplit(lines);
  const usage = usageTracked(machine.currentUsage, machine.startUsage);
  return { ...split, usage, costPerUnit: costPerUnit(split.total, usage, machine.unit) };
}

// ---- Cost of ownership: maintenance plus fuel (issue 45) -------------------------------------------

/** A month's cost of ownership (YYYY-MM): maintenance, fuel and their total. */
export type OwnershipMonth = { month: string; maintenance: number; fuel: number; total: number };

export type OwnershipCost = {
  /** Services and completed work orders (parts, labour, other): costSplit's total. */
  maintenance: number;
  /** Fill-ups valued by domain/fuel.ts fillUpValue (their own cost or price, else the company price). */
  fuel: number;
  total: number;
  /** The split of the maintenance. */
  split: CostSplit;
  workOrders: number;
  /** Fill-ups with no price of their own and none of the company's in force: counted as no money. */
  unpricedFillUps: number;
  /** Oldest first, only months with a cost. */
  byMonth: OwnershipMonth[];
  /** The usage over the period (null without a meter or readings). */
  usage: number | null;
  /** Total cost over the usage, per hour / mile / km (4 decimals); null without a meter, cost or use. */
  costPerUnit: number | null;
};

/**
 * A machine's cost of ownership over a period (issue 45): its maintenance lines (as machineCost adds
 * them) plus its fill-ups valued once each, per month and in total, in cents; the cost per unit of
 * the usage over the same period. The ONE function behind the machine page's cost of ownership, the
 * Costs report, its CSV and GET /api/reports/costs.
 */
export function ownershipCost(
  lines: readonly CostLine[],
  fills: readonly FillUp[],
  prices: readonly FuelPriceEntry[],
  machine: { usage: number | null; unit: string },
): OwnershipCost {
  const split = costSplit(lines);
  const months = new Map<string, { maintenance: number; fuel: number }>();
  for (const m of split.byMonth) months.set(m.month, { maintenance: cents(m.total), fuel: 0 });
  let fuel = 0;
  let unpricedFillUps = 0;
  for (const f of fills) {
    const v = fillUpValue(f, prices);
    if (v.cost === null) {
      unpricedFillUps += 1;
      continue;
    }
    const month = f.day.slice(0, 7);
    const m = months.get(month) ?? { maintenance: 0, fuel: 0 };
    months.set(month, m);
    m.fuel += cents(v.cost);
    fuel += cents(v.cost);
  }
  const maintenance = cents(split.total);
  const total = (maintenance + fuel) / 100;
  const usage = machine.usage === null ? null : Math.max(0, Math.round(machine.usage * 100) / 100);
  return {
    maintenance: maintenance / 100,
    fuel: fuel / 100,
    total,
    split: { parts: split.parts, labor: split.labor, other: split.other, total: split.total },
    workOrders: split.workOrders,
    unpricedFillUps,
    byMonth: [...months.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([month, m]) => ({
        month,
        maintenance: m.maintenance / 100,
        fuel: m.fuel / 100,
        total: (m.maintenance + m.fuel) / 100,
      })),
    usage,
    costPerUnit: usage === null ? null : costPerUnit(total, usage, machine.unit),
  };
}

/** Every month (YYYY-MM) from the one of `from` to the one of `to` (YYYY-MM-DD), oldest first. */
export function monthsOf(from: string, to: string): string[] {
  const out: string[] = [];
  let y = Number(from.slice(0, 4));
  let m = Number(from.slice(5, 7));
  const last = to.slice(0, 7);
  for (;;) {
    const key = `${y}-${String(m).padStart(2, '0')}`;
    if (key > last) return out;
    out.push(key);
    m += 1;
    if (m > 12) {
      m = 1;
      y += 1;
    }
  }
}
