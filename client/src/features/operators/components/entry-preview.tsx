import { useTranslation } from 'react-i18next';
import { PRIMARY_TASK_NAME, type NextTask } from '@domain/schedule';
import { formatDate, formatNumber } from '@/lib/format';
import { relativeTime } from '@/lib/relative-time';

/** Parses what the operator typed ("12,5" or "12.5"); null when not a number. */
function typedNumber(value: string): number | null {
  const v = value.trim().replace(',', '.');
  if (v === '') return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
}

/**
 * Faster entry (issue 13): the machine's last reading and when, a live preview of the increase the
 * typed reading makes ("+6.5 hours since yesterday") and the machine's usual daily usage when known;
 * and its next service task (issue 40: "Next: Engine oil, at 1,250 hours, around Dec 4").
 */
export function EntryPreview({
  currentUsage,
  unit,
  typed,
  lastReadingAt,
  usualDaily,
  nextTask = null,
}: {
  currentUsage: number;
  /** The machine's unit as stored: hours, miles, kilometers or n/a. */
  unit: string;
  typed: string;
  lastReadingAt: string | null;
  usualDaily: number | null;
  nextTask?: NextTask | null;
}) {
  const { t, i18n } = useTranslation('field');
  const language = i18n.resolvedLanguage ?? 'en';
  const when = lastReadingAt ? (relativeTime(lastReadingAt, language) ?? t('entry.justNow')) : null;
  const n = typedNumber(typed);
  // "1 hour", "489 hours", "1 hora": the unit agrees with its number (i18next plurals).
  const amount = (value: number, digits: number) =>
    unit === 'n/a'
      ? formatNumber(value, digits)
      : t(`entry.unit.${unit}`, {
          count: value,
          value: formatNumber(value, digits),
          defaultValue: `${formatNumber(value, digits)} ${unit}`,
        });
  return (
    <div className="grid gap-1 text-sm" data-testid="entry-preview" aria-live="polite">
      {when ? <p>{t('entry.lastReading', { value: amount(currentUsage, 2), when })}</p> : null}
      {n !== null && n >= currentUsage && when ? (
        <p className="font-semibold text-primary">
          {t('entry.increase', { value: amount(n - currentUsage, 2) })}
        </p>
      ) : null}
      {n !== null && n < currentUsage ? (
        <p className="font-semibold text-destructive">
          {t('entry.belowCurrent', { value: formatNumber(currentUsage, 2) })}
        </p>
      ) : null}
      {usualDaily !== null ? (
        <p className="text-muted-foreground">
          {t('entry.usualDaily', { value: amount(usualDaily, 1) })}
        </p>
      ) : null}
      {nextTask ? (
        <p data-testid="next-task">
          {t('entry.nextTask', {
            task:
              nextTask.primary && nextTask.name === PRIMARY_TASK_NAME
                ? t('entry.primaryTask')
                : nextTask.name,
          })}
          {nextTask.dueUsage !== null && unit !== 'n/a'
            ? `, ${t('entry.nextAt', { value: amount(nextTask.dueUsage, 2) })}`
            : ''}
          {nextTask.forecastDate
            ? `, ${t('entry.nextAround', { date: formatDate(nextTask.forecastDate) })}`
            : ''}
        </p>
      ) : null}
    </div>
  );
}
