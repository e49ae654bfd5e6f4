import i18n from 'i18next';

const locale = () => (i18n.resolvedLanguage === 'es' ? 'es-US' : 'en-US');

/**
 * Intl formatters are slow to build (locale data lookup) and cheap to use: one per locale and options,
 * kept for the page's life (a dashboard formats hundreds of numbers per render).
 */
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat>(
  key: string,
  make: (loc: string) => T,
): T {
  const loc = locale();
  const id = `${loc}|${key}`;
  let f = formatters.get(id) as T | undefined;
  if (!f) {
    f = make(loc);
    formatters.set(id, f);
  }
  return f;
}

/** 12,345.6 hours (0 when empty). */
export function formatNumber(value: number | null | undefined, maxDecimals = 1): string {
  return cached(
    `n${maxDecimals}`,
    (loc) => new Intl.NumberFormat(loc, { maximumFractionDigits: maxDecimals }),
  ).format(value ?? 0);
}

/** Dates in the US short form: "Jan 5, 2024" (Spanish: "5 ene 2024"). Date-only strings are not shifted by time zone. */
export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return '';
  const d =
    typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)
      ? new Date(`${value}T12:00:00`)
      : new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  return cached(
    'date',
    (loc) => new Intl.DateTimeFormat(loc, { month: 'short', day: 'numeric', year: 'numeric' }),
  ).format(d);
}

export function formatDateTime(value: string | Date | null | undefined): string {
  if (!value) return '';
  const d = new Date(value);
  return cached(
    'datetime',
    (loc) =>
      new Intl.DateTimeFormat(loc, {
        month: 'short',
        day: 'numeric',
        year: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
      }),
  ).format(d);
}

/** yyyy-mm-dd for file names. */
export function fileDate(d = new Date()): string {
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** $54 or $550.80 (cents shown only when there are any). */
export function formatUsd(amount: number): string {
  const whole = Number.isInteger(amount);
  return cached(
    `usd${whole ? 0 : 2}`,
    (loc) =>
      new Intl.NumberFormat(loc, {
        style: 'currency',
        currency: 'USD',
        minimumFractionDigits: whole ? 0 : 2,
        maximumFractionDigits: 2,
      }),
  ).format(amount);
}
