import { useTranslation } from 'react-i18next';
import { formatNumber } from '@/lib/format';

const DAY_MS = 86_400_000;

/** "yesterday", "3 days ago", "2 hours ago" in the current language. */
function relative(iso: string, language: string, now = Date.now()): string {
  const diff = Date.parse(iso) - now;
  const rtf = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  const days = Math.round(diff / DAY_MS);
  if (Math.abs(diff) < DAY_MS) {
    const hours = Math.round(diff / 3_600_000);
    return hours === 0
      ? rtf.format(Math.round(diff / 60_000), 'minute')
      : rtf.format(hours, 'hour');
  }
  return rtf.format(days, 'day');
}

/** Parses what the operator typed ("12,5" or "12.5"); null when not a number. */
function typedNumber(value: string): number | null {
  const v = value.trim().replace(',', '.');
  if (v === '') return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
}

/**
 * Faster entry (issue 13): the machine's last reading and when, a live preview of the increase the
 * typed reading makes ("+6.5 hours since yesterday") and the machine's usual daily usage when known.
 */
export function EntryPreview({
  currentUsage,
  unit,
  typed,
  lastReadingAt,
  usualDaily,
}: {
  currentUsage: number;
  unit: string;
  typed: string;
  lastReadingAt: string | null;
  usualDaily: number | null;
}) {
  const { t, i18n } = useTranslation('field');
  const language = i18n.resolvedLanguage ?? 'en';
  const when = lastReadingAt ? relative(lastReadingAt, language) : null;
  const n = typedNumber(typed);
  return (
    <div className="grid gap-1 text-sm" data-testid="entry-preview" aria-live="polite">
      {when ? (
        <p>{t('entry.lastReading', { value: `${formatNumber(currentUsage, 2)} ${unit}`, when })}</p>
      ) : null}
      {n !== null && n >= currentUsage && when ? (
        <p className="font-semibold text-primary">
          {t('entry.increase', { value: formatNumber(n - currentUsage, 2), unit, when })}
        </p>
      ) : null}
      {n !== null && n < currentUsage ? (
        <p className="font-semibold text-destructive">
          {t('entry.belowCurrent', { value: formatNumber(currentUsage, 2) })}
        </p>
      ) : null}
      {usualDaily !== null ? (
        <p className="text-muted-foreground">
          {t('entry.usualDaily', { value: formatNumber(usualDaily, 1), unit })}
        </p>
      ) : null}
    </div>
  );
}
