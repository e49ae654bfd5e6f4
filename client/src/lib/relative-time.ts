const DAY_MS = 86_400_000;

// One formatter per language, kept for the page's life (building one loads locale data).
const formatters = new Map<string, Intl.RelativeTimeFormat>();

/**
 * "yesterday", "3 days ago", "2 hours ago" in the current language (Intl.RelativeTimeFormat); null
 * under a minute (the caller says "just now": "this minute" reads oddly in a sentence).
 */
export function relativeTime(iso: string, language: string, now = Date.now()): string | null {
  const diff = Date.parse(iso) - now;
  if (Math.abs(diff) < 60_000) return null;
  let rtf = formatters.get(language);
  if (!rtf) {
    rtf = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
    formatters.set(language, rtf);
  }
  if (Math.abs(diff) < 3_600_000) return rtf.format(Math.round(diff / 60_000), 'minute');
  if (Math.abs(diff) < DAY_MS) return rtf.format(Math.round(diff / 3_600_000), 'hour');
  return rtf.format(Math.round(diff / DAY_MS), 'day');
}
