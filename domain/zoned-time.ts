import { dateTimeFormat } from './intl-formats';

/**
 * Wall-clock times in a time zone (the company's: every "today" and every time the app shows is in
 * it): the date and time a person reads on a clock there, and back to an instant. Intl only.
 */

const partsFormat = (timeZone: string) =>
  dateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });

/** The date (YYYY-MM-DD) and time (HH:mm) a clock in `timeZone` shows at `instant`. */
export function wallTimeIn(timeZone: string, instant: Date): { date: string; time: string } {
  const p: Record<string, string> = {};
  for (const x of partsFormat(timeZone).formatToParts(instant)) p[x.type] = x.value;
  return { date: `${p.year}-${p.month}-${p.day}`, time: `${p.hour}:${p.minute}` };
}

/**
 * A company's date (YYYY-MM-DD) and hour (0-23) at `now`, read together from its clock; UTC's when the
 * zone cannot be read. When the digest and the monthly summary are due.
 */
export function clockIn(timeZone: string, now: Date): { today: string; hour: number } {
  let wall: { date: string; time: string };
  try {
    wall = wallTimeIn(timeZone, now);
  } catch {
    wall = wallTimeIn('UTC', now);
  }
  return { today: wall.date, hour: Number(wall.time.slice(0, 2)) };
}

/** How far `timeZone`'s clock is ahead of UTC at `instant`, in ms. */
function offsetAt(timeZone: string, instant: Date): number {
  const p: Record<string, string> = {};
  for (const x of partsFormat(timeZone).formatToParts(instant)) p[x.type] = x.value;
  const asUtc = Date.UTC(
    Number(p.year),
    Number(p.month) - 1,
    Number(p.day),
    Number(p.hour),
    Number(p.minute),
    Number(p.second),
  );
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/**
 * The instant a clock in `timeZone` shows `date` (YYYY-MM-DD) at `time` (HH:mm); null when either is
 * not well formed. A time skipped by a daylight-saving change is read with the offset before it.
 */
export function instantOfWallTime(date: string, time: string, timeZone: string): Date | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const t = /^(\d{2}):(\d{2})$/.exec(time);
  if (!d || !t) return null;
  const wall = Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3]), Number(t[1]), Number(t[2]));
  if (Number.isNaN(wall) || Number(t[1]) > 23 || Number(t[2]) > 59) return null;
  // Two passes: the offset at the first guess, then at the instant it gives (a DST change between).
  let guess = wall - offsetAt(timeZone, new Date(wall));
  guess = wall - offsetAt(timeZone, new Date(guess));
  return new Date(guess);
}
