import { addDays, addMonths, addYears } from 'date-fns';
import { dateTimeFormat } from './intl-formats';

export const intervalUnits = ['days', 'months', 'years'] as const;
export type IntervalUnit = (typeof intervalUnits)[number];

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar date written as YYYY-MM-DD. */
export function isDateOnly(value: string): boolean {
  const m = DATE_ONLY.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const dt = new Date(Date.UTC(y, mo - 1, d));
  return dt.getUTCFullYear() === y && dt.getUTCMonth() === mo - 1 && dt.getUTCDate() === d;
}

/** "2024-01-05" or "2024-01-05T10:00:00.000Z" -> "2024-01-05" (the calendar part as written). */
export function toDateOnly(value: string): string {
  return value.slice(0, 10);
}

/** Parses YYYY-MM-DD as a local calendar date (no time-zone shift in calendar arithmetic). */
function parseLocal(value: string): Date {
  const m = DATE_ONLY.exec(toDateOnly(value));
  if (!m) throw new Error(`Not a date: ${value}`);
  return new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 12);
}

function formatLocal(d: Date): string {
  return `${String(d.getFullYear()).padStart(4, '0')}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/**
 * start + interval in days, months or years, month-end safe:
 * Jan 31 + 1 month = Feb 28 (Feb 29 in a leap year); Feb 29 + 1 year = Feb 28.
 */
export function addInterval(start: string, interval: number, unit: IntervalUnit): string {
  const d = parseLocal(start);
  const next =
    unit === 'days'
      ? addDays(d, interval)
      : unit === 'months'
        ? addMonths(d, interval)
        : addYears(d, interval);
  return formatLocal(next);
}

/** The next maintenance date of an equipment record, or null when scheduled maintenance is off or incomplete. */
export function nextMaintenanceDate(input: {
  hasScheduledMaintenance: boolean;
  maintenanceStartDate: string | null | undefined;
  maintenanceInterval: number | null | undefined;
  maintenanceIntervalUnit: IntervalUnit | null | undefined;
}): string | null {
  const {
    hasScheduledMaintenance,
    maintenanceStartDate,
    maintenanceInterval,
    maintenanceIntervalUnit,
  } = input;
  if (
    !hasScheduledMaintenance ||
    !maintenanceStartDate ||
    !maintenanceInterval ||
    maintenanceInterval <= 0
  )
    return null;
  return addInterval(
    maintenanceStartDate,
    maintenanceInterval,
    maintenanceIntervalUnit ?? 'months',
  );
}

const dayFormat = (timeZone: string): Intl.DateTimeFormat =>
  dateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });

/** True for a time zone the platform knows (an IANA name such as "America/Chicago", or "UTC"). */
export function isTimeZone(value: string): boolean {
  if (!value || value.length > 64) return false;
  try {
    dayFormat(value);
    return true;
  } catch {
    return false;
  }
}

/** Today's calendar date (YYYY-MM-DD) in a time zone (IANA name); falls back to UTC for an unknown zone. */
export function todayIn(timeZone: string | null | undefined, now: Date = new Date()): string {
  try {
    return dayFormat(timeZone || 'UTC').format(now);
  } catch {
    return dayFormat('UTC').format(now);
  }
}

/** Whole days from `today` to `date` (both YYYY-MM-DD or ISO), rounded up. */
export function daysBetween(today: string, date: string): number {
  const a = Date.parse(`${toDateOnly(today)}T00:00:00Z`);
  const b = date.length > 10 ? Date.parse(date) : Date.parse(`${date}T00:00:00Z`);
  const d = Math.ceil((b - a) / 86_400_000);
  return d === 0 ? 0 : d; // no -0
}
