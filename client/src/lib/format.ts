import i18n from 'i18next';

const locale = () => (i18n.resolvedLanguage === 'es' ? 'es-US' : 'en-US');

/** 12,345.6 hours (0 when empty). */
export function formatNumber(value: number | null | undefined, maxDecimals = 1): string {
  return new Intl.NumberFormat(locale(), { maximumFractionDigits: maxDecimals }).format(value ?? 0);
}

/** Dates in the US short form: "Jan 5, 2024" (Spanish: "5 ene 2024"). Date-only strings are not shifted by time zone. */
export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return '';
  const d = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T12:00:00`) : new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  return new Intl.DateTimeFormat(locale(), { month: 'short', day: 'numeric', year: 'numeric' }).format(d);
}

export function formatDateTime(value: string | Date | null | undefined): string {
  if (!value) return '';
  const d = new Date(value);
  return new Intl.DateTimeFormat(locale(), { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' }).format(d);
}

/** yyyy-mm-dd for file names. */
export function fileDate(d = new Date()): string {
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}
