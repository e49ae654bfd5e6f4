/**
 * Cost per unit of use (issue 27): what a machine's maintenance cost per hour, mile or km of the usage
 * the record has seen. The one definition the machine page, the service log and its export, and the
 * Costs report all use (their figures for one machine agree).
 */

/** Units measured by a meter; a machine without one (N/A) has no cost per unit. */
export const METER_UNITS: readonly string[] = ['hours', 'miles', 'kilometers'];

/**
 * The usage the record has seen: the current usage less the first known one (the earliest remaining
 * reading's usage before it, else its value), never below zero; rounded like usage (2 decimals).
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
