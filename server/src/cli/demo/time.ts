/** The demo's calendar: 90 days that end now, dates in this machine's time zone. */
export const DAYS = 90;
export const DAY_MS = 86_400_000;
export const MINUTE_MS = 60_000;
export const round1 = (n: number) => Math.round(n * 10) / 10;
/** The company's time zone: this machine's, as a browser here would send at sign-up. */
export const TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;
/** The calendar date (YYYY-MM-DD) of an instant in the company's time zone. */
export const isoDate = (d: Date) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(d);
export const addDays = (d: Date, n: number) => new Date(d.getTime() + n * DAY_MS);
