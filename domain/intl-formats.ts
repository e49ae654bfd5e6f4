/**
 * Intl formatters are slow to build (locale data: about a millisecond each on a server, more for the
 * first in a page) and cheap to use, so each locale and set of options is built once and kept for the
 * life of the process or page. Every number, money and date text of the server and the client goes
 * through these two.
 */
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** The key of a locale and its options (small objects: their JSON is cheap next to building a formatter). */
const keyOf = (locale: string, options: object) => `${locale}|${JSON.stringify(options)}`;
/** Options can carry a time zone a user typed: the caches are bounded all the same. */
const MAX_KEPT = 1000;

export function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = keyOf(locale, options);
  let f = numberFormats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, options);
    if (numberFormats.size >= MAX_KEPT) numberFormats.clear();
    numberFormats.set(key, f);
  }
  return f;
}

export function dateTimeFormat(
  locale: string,
  options: Intl.DateTimeFormatOptions = {},
): Intl.DateTimeFormat {
  const key = keyOf(locale, options);
  let f = dateFormats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, options);
    if (dateFormats.size >= MAX_KEPT) dateFormats.clear();
    dateFormats.set(key, f);
  }
  return f;
}
