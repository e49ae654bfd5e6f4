/**
 * A machine's fuel rate and its peers (issue 45, docs/decisions/fleet-insight.md "Fuel rate"): the ONE
 * function behind the Fuel report, its CSV and GET /api/reports/fuel.
 *
 * Method (fill to fill): over a period, the fuel of every fill-up after the first, over the usage from
 * the first fill-up to the last. The first fill-up's fuel refilled what was burnt before the period, so
 * it is left out; partial fills need no flag: whatever the tank held at the first fill-up, the fuel
 * added since is what was burnt between the first and the last, give or take the difference of the
 * tank's level at those two fill-ups, which a longer period makes small. The usage at a fill-up is the
 * reading sent with it, else the last reading at or before it that was not voided (a voided meter
 * rollback counts for nothing). Not enough data: no meter; fewer than two fill-ups; no usage between
 * the first and the last.
 */
import { LITRES_PER_GALLON, volumeIn, type VolumeUnit } from './fuel';
import { indexInSorted, medianOfSorted } from './utilization';

/** More fuel per unit of use than the median of its peers by more than this share: flagged. */
export const FLAG_ABOVE_PEERS = 0.25;

export type RateReading = { at: number; usage: number; voided?: boolean };
export type RateFill = {
  at: number;
  /** Stored gallons. */
  gallons: number;
  /** The reading sent with the fill-up, if any. */
  usage?: number | null;
};
export type NoRateReason = 'no_meter' | 'too_few_fill_ups' | 'no_usage';

export type FuelRate = {
  /** Every fill-up's fuel in the period, in the company's unit. */
  fuelUsed: number;
  /** Fuel per unit of use (gallons or litres per hour / mile / km); what peers are compared on. */
  perUse: number | null;
  reason: NoRateReason | null;
};

/** The usage at a moment: the last reading not voided at or before it (null before any). */
function usageAt(readings: readonly RateReading[], at: number): number | null {
  let best: RateReading | null = null;
  for (const r of readings) if (!r.voided && r.at <= at && (!best || r.at >= best.at)) best = r;
  return best ? best.usage : null;
}

/**
 * What the method needs of a machine's fill-ups over a period: how many, their stored gallons, the
 * first one's gallons, and the usage at the first and at the last (the reading sent with each, else the
 * last reading not voided at or before it; null when there is none). The server reads it in SQL, one
 * row per machine (reports/peer-sql.ts fuelSummarySql); fuelRateOf builds it from raw rows.
 */
export type FillSummary = {
  fills: number;
  gallons: number;
  firstGallons: number;
  firstUsage: number | null;
  lastUsage: number | null;
};

/** The summary of a machine's fill-ups (in time order or not) and its readings. */
export function fillSummaryOf(
  fills: readonly RateFill[],
  readings: readonly RateReading[],
): FillSummary {
  const sorted = [...fills].sort((a, b) => a.at - b.at);
  const first = sorted[0];
  const last = sorted[sorted.length - 1];
  return {
    fills: sorted.length,
    gallons: sorted.reduce((s, f) => s + f.gallons, 0),
    firstGallons: first?.gallons ?? 0,
    firstUsage: first ? (first.usage ?? usageAt(readings, first.at)) : null,
    lastUsage: last ? (last.usage ?? usageAt(readings, last.at)) : null,
  };
}

/** One machine's fuel over a period (its fill-ups' summary), and its fuel per unit of use. */
export function fuelRateOfSummary(s: FillSummary, unit: string, volumeUnit: VolumeUnit): FuelRate {
  const fuelUsed = volumeIn(s.gallons, volumeUnit);
  if (unit === 'n/a') return { fuelUsed, perUse: null, reason: 'no_meter' };
  if (s.fills < 2) return { fuelUsed, perUse: null, reason: 'too_few_fill_ups' };
  const used = s.firstUsage === null || s.lastUsage === null ? 0 : s.lastUsage - s.firstUsage;
  if (!(used > 0)) return { fuelUsed, perUse: null, reason: 'no_usage' };
  // Not rounded: the rate is rounded once, where it is shown (rateOf).
  const burnt = (s.gallons - s.firstGallons) * (volumeUnit === 'L' ? LITRES_PER_GALLON : 1);
  return { fuelUsed, perUse: burnt / used, reason: null };
}

/** One machine's fuel over the period's fill-ups (in time order or not), and its fuel per unit of use. */
export function fuelRateOf(
  fills: readonly RateFill[],
  readings: readonly RateReading[],
  unit: string,
  volumeUnit: VolumeUnit,
): FuelRate {
  return fuelRateOfSummary(fillSummaryOf(fills, readings), unit, volumeUnit);
}

/** The rate as people read it: fuel per hour for hours, distance per fuel for miles and km. */
export function rateOf(
  perUse: number | null,
  unit: string,
  volumeUnit: VolumeUnit,
): { fuelRate: number | null; rateUnit: string | null } {
  const v = volumeUnit === 'L' ? 'L' : 'gal';
  const rateUnit =
    unit === 'hours'
      ? `${v}/h`
      : unit === 'miles'
        ? `mi/${v}`
        : unit === 'kilometers'
          ? `km/${v}`
          : null;
  if (perUse === null || rateUnit === null) return { fuelRate: null, rateUnit };
  const rate = unit === 'hours' ? perUse : 1 / perUse;
  return { fuelRate: Math.round(rate * 100) / 100, rateUnit };
}

export type FuelRateMachine = {
  equipmentId: string;
  name: string;
  type: string;
  unit: string;
  rate: FuelRate;
};

/**
 * Each machine against its peers: the company's OTHER machines of the same type counting the same unit
 * that have a rate ("more fuel per hour than your other excavators"). The median of their fuel per use;
 * how far above it this one is (a share, 0.31 = 31 % more fuel per unit of use); flagged above 25 %.
 */
export function peersOf(machines: readonly FuelRateMachine[], volumeUnit: VolumeUnit) {
  // Each type and unit's rates sorted once; a machine's peers are its group less itself (a 2,000-machine
  // company filtered and sorted its whole fleet per machine before: docs/benchmarks.md "Reports").
  const groups = new Map<string, number[]>();
  for (const p of machines) {
    if (p.rate.perUse === null) continue;
    const key = `${p.type}|${p.unit}`;
    const list = groups.get(key);
    if (list) list.push(p.rate.perUse);
    else groups.set(key, [p.rate.perUse]);
  }
  for (const list of groups.values()) list.sort((a, b) => a - b);
  return machines.map((m) => {
    const group = groups.get(`${m.type}|${m.unit}`) ?? [];
    const own = m.rate.perUse === null ? -1 : indexInSorted(group, m.rate.perUse);
    const peerCount = group.length - (own >= 0 ? 1 : 0);
    const med = medianOfSorted(group, own);
    const above =
      m.rate.perUse === null || med === null || med <= 0
        ? null
        : Math.round((m.rate.perUse / med - 1) * 10_000) / 10_000;
    const { fuelRate, rateUnit } = rateOf(m.rate.perUse, m.unit, volumeUnit);
    return {
      equipmentId: m.equipmentId,
      name: m.name,
      type: m.type,
      unit: m.unit,
      fuelUsed: m.rate.fuelUsed,
      volumeUnit,
      fuelRate,
      rateUnit,
      reason: m.rate.reason,
      peers: peerCount,
      peerMedian: rateOf(med, m.unit, volumeUnit).fuelRate,
      percentAbovePeers: above === null ? null : Math.round(above * 10_000) / 100,
      flagged: above !== null && above > FLAG_ABOVE_PEERS,
    };
  });
}
