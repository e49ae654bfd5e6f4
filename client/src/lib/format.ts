import i18n from 'i18next';

const locale = () => (i18n.resolvedLanguage === 'es' ? 'es-US' : 'en-US');

/**
 * Intl formatters are slow to build (locale data lookup) and cheap to use: one per locale and options,
 * kept for the page's life (a dashboard formats hundreds of numbers per render). Numbers skip them
 * (formatDecimal); dates use them.
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

/** $54 or $550.80 (cents shown only when there are any); the same in both locales. */
export function formatUsd(amount: number): string {
  const whole = Number.isInteger(amount);
  const text = formatDecimal(Math.abs(amount), 2, whole ? 0 : 2);
  return amount < 0 ? `-$${text}` : `$${text}`;
}
