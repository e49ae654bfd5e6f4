import i18n from 'i18next';

const locale = () => (i18n.resolvedLanguage === 'es' ? 'es-US' : 'en-US');

/**
 * Intl formatters are slow to build (locale data lookup) and cheap to use: one per locale and options,
 * kept for the page's life. Numbers and dates in the app's two locales are written without them
 * (formatDecimal, formatDate, formatDateTime); only what those cannot write falls back to Intl.
 */
const formatters = new Map<string, Intl.NumberFormat>();
function cached(key: string, make: (loc: string) => Intl.NumberFormat): Intl.NumberFormat {
  const loc = locale();
  const id = `${loc}|${key}`;
  let f = formatters.get(id);
  if (!f) {
    f = make(loc);
    formatters.set(id, f);
  }
  return f;
}

/**
 * A number as Intl.NumberFormat writes it for our two locales (en-US and es-US both write 12,345.6),
 * without building an Intl formatter: the first one a page builds costs ~20 ms of ICU set-up, in the
 * middle of its first render. Same rounding as ICU: the shortest decimal form of the double (what
 * String() gives), rounded half away from zero. Anything String() writes with an exponent goes to Intl.
 * lib/format.test.ts compares it with Intl on thousands of values.
 */
export function formatDecimal(value: number, maxDecimals: number, minDecimals = 0): string {
  const text = String(Math.abs(value));
  if (!Number.isFinite(value) || text.includes('e')) {
    return cached(
      `d${minDecimals}-${maxDecimals}`,
      (loc) =>
        new Intl.NumberFormat(loc, {
          minimumFractionDigits: minDecimals,
          maximumFractionDigits: maxDecimals,
        }),
    ).format(value);
  }
  const [intPart = '0', fracPart = ''] = text.split('.');
  let digits = intPart + fracPart.slice(0, maxDecimals).padEnd(maxDecimals, '0');
  if (fracPart.length > maxDecimals && fracPart.charCodeAt(maxDecimals) >= 53 /* '5' */) {
    // Add one at the last kept digit, carrying through nines.
    const d = digits.split('');
    let i = d.length - 1;
    for (; i >= 0 && d[i] === '9'; i--) d[i] = '0';
    if (i >= 0) d[i] = String(Number(d[i]) + 1);
    digits = (i < 0 ? '1' : '') + d.join('');
  }
  const whole = digits.slice(0, digits.length - maxDecimals) || '0';
  let frac = digits.slice(digits.length - maxDecimals).replace(/0+$/, '');
  if (frac.length < minDecimals) frac = frac.padEnd(minDecimals, '0');
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  return `${sign}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${frac ? `.${frac}` : ''}`;
}

/** 12,345.6 hours (0 when empty). */
export function formatNumber(value: number | null | undefined, maxDecimals = 1): string {
  return formatDecimal(value ?? 0, maxDecimals);
}

// Month abbreviations as Intl writes them for en-US and es-US (CLDR); see formatDate.
const MONTHS = {
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  es: ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sept', 'oct', 'nov', 'dic'],
};

function toDate(value: string | Date): Date {
  // Date-only strings are read at local noon: never shifted to the previous day by the time zone.
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)
    ? new Date(`${value}T12:00:00`)
    : new Date(value);
}

/**
 * "Jan 5, 2024" (Spanish: "5 ene 2024"), local time, exactly as Intl.DateTimeFormat writes it for en-US
 * and es-US (month: short, day: numeric, year: numeric), but without building one: like numbers, the
 * first Intl formatter of a page costs ~20 ms of ICU set-up (lib/format.test.ts compares the two).
 */
function shortDate(d: Date): string {
  const es = i18n.resolvedLanguage === 'es';
  const month = MONTHS[es ? 'es' : 'en'][d.getMonth()];
  return es
    ? `${d.getDate()} ${month} ${d.getFullYear()}`
    : `${month} ${d.getDate()}, ${d.getFullYear()}`;
}

export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return '';
  const d = toDate(value);
  return Number.isNaN(d.getTime()) ? '' : shortDate(d);
}

/** "Jan 5, 2024, 3:04 PM" (Spanish: "5 ene 2024, 3:04 p.m."), as Intl writes it (hour: numeric, minute: 2-digit). */
export function formatDateTime(value: string | Date | null | undefined): string {
  if (!value) return '';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  const es = i18n.resolvedLanguage === 'es';
  const hours = d.getHours();
  const period = hours < 12 ? (es ? 'a.m.' : 'AM') : es ? 'p.m.' : 'PM';
  const minutes = String(d.getMinutes()).padStart(2, '0');
  return `${shortDate(d)}, ${hours % 12 || 12}:${minutes} ${period}`;
}

/** $54 or $550.80 (cents shown only when there are any); the same in both locales. */
export function formatUsd(amount: number): string {
  const whole = Number.isInteger(amount);
  const text = formatDecimal(Math.abs(amount), 2, whole ? 0 : 2);
  return amount < 0 ? `-$${text}` : `$${text}`;
}
