/**
 * A machine's usual daily usage, from its own meter readings (plain code, no zod).
 *
 * Used by the plausibility check of new readings (a jump far above the machine's usual rate is held
 * for review), by the operator screen ("usually 6.2 h/day") and by the due-date forecast.
 *
 * Method (docs/decisions/usage-rate.md):
 * - readings are absolute meter values with the time they were taken (voided readings left out by the
 *   caller); order does not matter and exact duplicates count once;
 * - the window is the last `windowDays` days before `now`, plus the last reading before the window as
 *   its anchor, so a machine read once a month still has a rate and a gap inside the window does not
 *   distort it;
 * - rate = (last usage - first usage) / days between them: total increase over total time, which is
 *   robust to irregular intervals (a reading after a week off spreads the week's work over the week);
 * - meter values that go backwards (a corrected meter) are ignored: each value counts only if it is
 *   not below the highest value before it;
 * - no rate when there is no reading, a single one, readings spanning less than `minSpanDays`, or
 *   when the newest reading is older than the window (the machine may have stopped, or nobody reports
 *   it: we cannot tell, so we do not guess).
 */

export type Reading = {
  /** When the reading was taken (ISO date-time). */
  at: string;
  /** The meter's absolute value. */
  usage: number;
};

export type NoRateReason = 'no_readings' | 'single_reading' | 'too_short' | 'stale';

export type UsageRate =
  | {
      kind: 'rate';
      /** Usage per day (>= 0). */
      perDay: number;
      /** First and last reading used (ISO). */
      from: string;
      to: string;
      /** How many readings the rate is based on. */
      readings: number;
    }
  | { kind: 'none'; reason: NoRateReason };

export const RATE_WINDOW_DAYS = 90;
export const MIN_SPAN_DAYS = 1;
const DAY_MS = 86_400_000;

export function usualDailyUsage(
  readings: readonly Reading[],
  now: Date,
  options: { windowDays?: number; minSpanDays?: number } = {},
): UsageRate {
  return usualDailyUsageOf(
    readings.map((r) => ({ t: Date.parse(r.at), usage: r.usage, at: r.at })),
    now,
    options,
  );
}

/**
 * A reading whose time is already epoch milliseconds (a listing's readings, read as numbers). `at`: the
 * reading's own ISO text when the caller has it (usualDailyUsage), answered as the rate's from/to.
 */
export type TimedReading = { t: number; usage: number; at?: string };

/**
 * The same rate from readings timed in epoch milliseconds: what a listing computes for every machine
 * of its page, without writing and parsing a date per reading. `from` and `to` are ISO.
 */
export function usualDailyUsageOf(
  readings: readonly TimedReading[],
  now: Date,
  options: { windowDays?: number; minSpanDays?: number } = {},
): UsageRate {
  const windowDays = options.windowDays ?? RATE_WINDOW_DAYS;
  const minSpanDays = options.minSpanDays ?? MIN_SPAN_DAYS;
  const nowMs = now.getTime();
  const points: TimedReading[] = [];
  for (const r of readings)
    if (Number.isFinite(r.t) && Number.isFinite(r.usage) && r.t <= nowMs) points.push(r);
  if (points.length === 0) return { kind: 'none', reason: 'no_readings' };
  points.sort((a, b) => a.t - b.t || a.usage - b.usage);

  // Exact duplicates count once (sorted, they are neighbours); a value below the highest one before it
  // is a meter that went backwards: leave it out.
  const rising: TimedReading[] = [];
  let prev: TimedReading | undefined;
  for (const p of points) {
    if (prev && p.t === prev.t && p.usage === prev.usage) continue;
    prev = p;
    const top = rising[rising.length - 1];
    if (!top || p.usage >= top.usage) rising.push(p);
  }

  const windowStart = nowMs - windowDays * DAY_MS;
  const newest = rising[rising.length - 1]!;
  if (newest.t < windowStart) return { kind: 'none', reason: 'stale' };
  // The anchor: the last reading at or before the window's start, else the first one.
  let firstIndex = 0;
  for (let i = 0; i < rising.length; i++) if (rising[i]!.t <= windowStart) firstIndex = i;
  const used = rising.length - firstIndex;
  if (used < 2) return { kind: 'none', reason: 'single_reading' };
  const first = rising[firstIndex]!;
  const spanDays = (newest.t - first.t) / DAY_MS;
  if (spanDays < minSpanDays) return { kind: 'none', reason: 'too_short' };
  return {
    kind: 'rate',
    perDay: (newest.usage - first.usage) / spanDays,
    from: first.at ?? new Date(first.t).toISOString(),
    to: newest.at ?? new Date(newest.t).toISOString(),
    readings: used,
  };
}
