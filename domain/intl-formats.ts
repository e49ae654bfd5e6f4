/**
 * Intl formatters are slow to build (locale data: about a millisecond each on a server, more for the
 * first in a page) and cheap to use, so each locale and set of options is built once and kept for the
 * life of the process or page. Every number, money and date text of the server and the client goes
 * through these two.
 */
/** Options can carry a time zone a user typed: the caches are bounded all the same. */
const MAX_KEPT = 1000;

/** The formatter kept under a locale and its options (their JSON is cheap next to building one). */
function kept<F>(cache: Map<string, F>, locale: string, options: object, build: () => F): F {
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = cache.get(key);
  if (!f) {
    f = build();
    if (cache.size >= MAX_KEPT) cache.clear();
    cache.set(key, f);
  }
  return f;
}

/**
 * The locale the app writes a language in ('es', 'es-MX', 'es-US' -> es-US; anything else en-US): the
 * screens, the history sentences and the emails write numbers, money, percentages and dates alike.
 */
export const intlLocale = (language: string | null | undefined): 'es-US' | 'en-US' =>
  language?.startsWith('es') ? 'es-US' : 'en-US';

const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

export const numberFormat = (
  locale: string,
  options: Intl.NumberFormatOptions = {},
): Intl.NumberFormat =>
  kept(numberFormats, locale, options, () => new Intl.NumberFormat(locale, options));

export const dateTimeFormat = (
  locale: string,
  options: Intl.DateTimeFormatOptions = {},
): Intl.DateTimeFormat =>
  kept(dateFormats, locale, options, () => new Intl.DateTimeFormat(locale, options));
