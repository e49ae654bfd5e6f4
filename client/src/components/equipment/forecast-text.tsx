import { dueAtUsageOf } from '@domain/forecast';
import { pastDueWord } from '@domain/status-words';
import type { ForecastDto } from '@domain/schemas/equipment';
import type { EquipmentStatus } from '@domain/schemas/status';
import { useTranslation } from 'react-i18next';
import { formatDate, formatNumber } from '@/lib/format';
import { formatUsage } from './format';
import { cn } from '@/lib/utils';

/**
 * The machine's service forecast in one line (domain/forecast.ts): "Due around Mar 12 (in 14 days) at
 * 6.2 h/day", the calendar date, or why there is no forecast. A machine past its service usage says how
 * far past it is ("40 hours overdue: service was due at 250 hours") instead of "due today".
 */
export function ForecastText({
  e,
  className,
}: {
  e: {
    unit: string;
    forecast?:
      | (Pick<ForecastDto, 'dueDate' | 'basis' | 'daysUntil' | 'perDay' | 'noUsageForecast'> & {
          dueAtUsage?: number | null;
        })
      | null;
    status?: {
      overdueUsage?: EquipmentStatus['overdueUsage'];
      serviceStatus?: EquipmentStatus['serviceStatus'];
      usageStatus?: EquipmentStatus['usageStatus'];
    };
    /** With overdueUsage, gives the usage the service was due at when the forecast does not carry it. */
    currentUsage?: number;
  };
  className?: string;
}) {
  const { t } = useTranslation('equipment');
  const f = e.forecast;
  if (!f) return null;
  const rate =
    f.perDay !== null && e.unit !== 'n/a'
      ? t('forecast.rate', {
          value: formatNumber(f.perDay, 1),
          unit: t(`forecast.unitShort.${e.unit}`, { defaultValue: e.unit }),
        })
      : null;
  if (!f.dueDate) {
    if (!f.noUsageForecast || f.noUsageForecast === 'no_interval') return null;
    return (
      <span className={cn('block text-xs text-muted-foreground', className)} data-testid="forecast">
        {t(`forecast.none.${f.noUsageForecast}`)}
      </span>
    );
  }
  const past = e.status?.overdueUsage ?? null;
  // "past due by" under the overdue threshold, "overdue" past it (domain/status-words.ts).
  const pastDue = e.status?.serviceStatus
    ? pastDueWord({ ...e.status, serviceStatus: e.status.serviceStatus })
    : 'overdue';
  const dueAt = dueAtUsageOf(e);
  if (f.basis === 'usage' && past !== null && dueAt !== null)
    return (
      <span className={cn('block text-xs text-red-700', className)} data-testid="forecast">
        {t(pastDue === 'overdue' ? 'forecast.overdueUsage' : 'forecast.pastDueUsage', {
          value: formatUsage(t, past, e.unit),
          due: formatUsage(t, dueAt, e.unit),
        })}
      </span>
    );
  const days = f.daysUntil ?? 0;
  const when =
    days < 0
      ? t('list.overdueBy', { count: -days })
      : days === 0
        ? t('list.today')
        : t('list.dueIn', { count: days });
  const text =
    f.basis === 'usage'
      ? t(rate ? 'forecast.aroundAt' : 'forecast.around', {
          date: formatDate(f.dueDate),
          when,
          rate,
        })
      : t('forecast.onDate', { date: formatDate(f.dueDate), when });
  return (
    <span
      className={cn(
        'block text-xs',
        days < 0 ? 'text-red-700' : 'text-muted-foreground',
        className,
      )}
      data-testid="forecast"
    >
      {text}
    </span>
  );
}
