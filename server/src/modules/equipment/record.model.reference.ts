/**
 * The model-based test's own reference (record.model.test.ts): a calendar and the status rules written
 * again from decisions.md "One status engine" and issue 40 (a machine's status is its worst task's),
 * never calling the code under test (domain/status, domain/dates, domain/schedule), so a mistake there
 * cannot hide in both.
 */

// The reference's own calendar: plain UTC day numbers, and months added by hand.
const DAY_MS = 86_400_000;
const partsOf = (date: string) => date.split('-').map(Number) as [number, number, number];
export const dayNumber = (date: string) => {
  const [y, m, d] = partsOf(date);
  return Date.UTC(y, m - 1, d) / DAY_MS;
};
const pad = (n: number, width = 2) => String(n).padStart(width, '0');
/** A date `n` days later (earlier when negative). */
export const plusDays = (date: string, n: number) =>
  new Date((dayNumber(date) + n) * DAY_MS).toISOString().slice(0, 10);
const leap = (y: number) => y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
/**
 * A date `n` months later, counted from the date itself: the same day of the month unless that month
 * is shorter (Jan 31 + 1 -> Feb 28 or 29; Jan 31 + 2 -> Mar 31).
 */
export function plusMonths(date: string, n: number): string {
  const [y, m, d] = partsOf(date);
  const index = y * 12 + (m - 1) + n;
  const ny = Math.floor(index / 12);
  const nm = (index % 12) + 1;
  const daysInMonth = [31, leap(ny) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][nm - 1]!;
  return `${pad(ny, 4)}-${pad(nm)}-${pad(Math.min(d, daysInMonth))}`;
}
export const plusOneMonth = (date: string) => plusMonths(date, 1);

// The reference's own status rules (decisions.md "One status engine"; spec section 4; issue 40).
export type Status = 'good' | 'approaching_service' | 'time_for_service' | 'overdue';
const WORST_LAST: Status[] = ['good', 'approaching_service', 'time_for_service', 'overdue'];
export type Verdict = { serviceStatus: Status; critical: boolean };

/**
 * One task's verdict (the primary task's is the machine's own fields): by usage when it has a usage
 * interval, by date when it has a next date.
 */
export function expectedStatus(
  m: { usage: number; lastServiceUsage: number; serviceInterval: number; next: string | null },
  today: string,
): Verdict {
  const p =
    m.serviceInterval > 0 ? ((m.usage - m.lastServiceUsage) / m.serviceInterval) * 100 : null;
  // Whole days until the scheduled date; none when the task has no calendar interval.
  const d = m.next === null ? null : dayNumber(m.next) - dayNumber(today);
  const byUsage = p === null ? 0 : p >= 110 ? 3 : p >= 100 ? 2 : p >= 80 ? 1 : 0;
  const byDate = d === null ? 0 : d < 0 ? 3 : d <= 1 ? 2 : d <= 7 ? 1 : 0;
  return {
    serviceStatus: WORST_LAST[Math.max(byUsage, byDate)]!,
    critical: (p !== null && p >= 95) || (d !== null && d <= 7),
  };
}

/** A machine's verdict: its worst task's status, critical when any task is. */
export function worstOf(verdicts: readonly Verdict[]): Verdict {
  let worst = 0;
  for (const v of verdicts) worst = Math.max(worst, WORST_LAST.indexOf(v.serviceStatus));
  return { serviceStatus: WORST_LAST[worst]!, critical: verdicts.some((v) => v.critical) };
}
