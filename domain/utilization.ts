/**
 * Fleet insight, utilisation (issue 45): how much each machine is used per day over a period, against
 * the median of the company's machines of its type, and which machines sit idle. One function for the
 * Reports page, its CSV and `GET /api/reports/utilization`. Plain data in, plain data out: the server
 * reads each machine's usage at the period's start and end and the day its usage last went up.
 */
import { daysBetween } from './dates';

/** No usage for this many days (and not retired): idle, "consider selling or renting it out". */
export const IDLE_DAYS = 30;

export type UtilizationMachine = {
  equipmentId: string;
  name: string;
  type: string;
  /** hours, miles, kilometers or n/a (no meter: no usage per day, never idle by usage). */
  unit: string;
  /** The usage the record had when the period began (the last reading before it, else the first in it). */
  startUsage: number | null;
  /** The usage at the period's end (the last reading on or before its last day). */
  endUsage: number | null;
  /** The day (company time) of the last reading that raised the usage; null when none ever did. */
  lastUsedOn: string | null;
  /** The day the machine was added (idle since then when it was never used). */
  addedOn: string;
};

export type UtilizationRow = {
  equipmentId: string;
  name: string;
  type: string;
  unit: string;
  /** Usage over the period (never below 0); null without a meter or readings. */
  used: number | null;
  /** Usage per day of the period. */
  perDay: number | null;
  /** The median usage per day of the company's machines of the same type and unit that have one. */
  typeMedianPerDay: number | null;
  /** Days since the usage last went up (since the machine was added when it never did). */
  idleDays: number | null;
  idle: boolean;
};

/** Days in a period, both ends counted (2026-11-01 to 2026-11-30: 30). */
export const periodDays = (from: string, to: string): number => daysBetween(from, to) + 1;

/** The median of some numbers; null for none. */
export function median(values: readonly number[]): number | null {
  return medianOfSorted([...values].sort((a, b) => a - b));
}

/**
 * The median of numbers already sorted, leaving out the one at index `skip` (none when -1): a machine's
 * peers are its group less itself, found once per group instead of once per machine.
 */
export function medianOfSorted(sorted: readonly number[], skip = -1): number | null {
  const n = sorted.length - (skip >= 0 && skip < sorted.length ? 1 : 0);
  if (n <= 0) return null;
  const at = (i: number) => sorted[skip >= 0 && i >= skip ? i + 1 : i]!;
  const mid = Math.floor(n / 2);
  return n % 2 === 1 ? at(mid) : (at(mid - 1) + at(mid)) / 2;
}

/** The first index of `value` in ascending `sorted` (where it would go when absent). */
export function indexInSorted(sorted: readonly number[], value: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * Each machine's utilisation over `from`..`to` (YYYY-MM-DD, both counted) seen on `today`. Peers are the
 * machines of the same type counting the same unit (hours are not compared with miles).
 */
export function utilizationOf(
  machines: readonly UtilizationMachine[],
  period: { from: string; to: string },
  today: string,
): { machines: UtilizationRow[]; totals: { machines: number; idle: number } } {
  const days = periodDays(period.from, period.to);
  const raw = machines.map((m) => {
    const metered = m.unit !== 'n/a';
    const used =
      metered && m.startUsage !== null && m.endUsage !== null
        ? Math.max(0, m.endUsage - m.startUsage)
        : null;
    return { m, metered, used, perDay: used === null ? null : used / days };
  });
  const peers = new Map<string, number[]>();
  for (const r of raw) {
    if (r.perDay === null) continue;
    const key = `${r.m.type}|${r.m.unit}`;
    const list = peers.get(key);
    if (list) list.push(r.perDay);
    else peers.set(key, [r.perDay]);
  }
  // One median per type and unit (each machine's is its group's).
  const medians = new Map([...peers].map(([key, list]) => [key, median(list)]));
  const rows = raw.map(({ m, metered, used, perDay }): UtilizationRow => {
    const typeMedian = medians.get(`${m.type}|${m.unit}`) ?? null;
    const idleDays = metered ? Math.max(0, daysBetween(m.lastUsedOn ?? m.addedOn, today)) : null;
    return {
      equipmentId: m.equipmentId,
      name: m.name,
      type: m.type,
      unit: m.unit,
      used: used === null ? null : round2(used),
      perDay: perDay === null ? null : round2(perDay),
      typeMedianPerDay: typeMedian === null ? null : round2(typeMedian),
      idleDays,
      idle: idleDays !== null && idleDays >= IDLE_DAYS,
    };
  });
  return {
    machines: rows,
    totals: { machines: rows.length, idle: rows.filter((r) => r.idle).length },
  };
}
