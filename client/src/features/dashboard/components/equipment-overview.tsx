import { useTranslation } from 'react-i18next';
import { pastDueWord } from '@domain/status-words';
import { ForecastText } from '@/components/equipment/forecast-text';
import type { OverviewMachine } from '@domain/schemas/dashboard';
import { EquipmentActions } from '@/components/equipment/equipment-actions';
import { MachineLink } from '@/components/equipment/machine-link';
import { OutOfServiceBadge, StatusBadge } from '@/components/equipment/status-badge';
import { TypeIcon } from '@/components/equipment/type-icon';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { DataTable, DetailItem } from '@/components/data-table';
import { formatDate, formatNumber } from '@/lib/format';
import { useMediaQuery } from '@/lib/use-media-query';

function usageText(e: OverviewMachine, unitLabel: (u: string) => string) {
  return `${formatNumber(e.currentUsage)} ${unitLabel(e.unit)}`.trim();
}

/** Next service: the remaining usage, or the scheduled date (whichever exists; both when both). */
function NextService({ e }: { e: OverviewMachine }) {
  const { t } = useTranslation('dashboard');
  const unit = e.unit === 'n/a' ? '' : t(`units.${e.unit}`, { defaultValue: e.unit });
  const parts: string[] = [];
  if (e.status.overdueUsage != null)
    parts.push(
      t(pastDueWord(e.status) === 'overdue' ? 'overview.overdueUsage' : 'overview.pastDueUsage', {
        value: formatNumber(e.status.overdueUsage),
        unit,
      }).trim(),
    );
  else if (e.status.remainingUsage !== null)
    parts.push(
      t('overview.remaining', { value: formatNumber(e.status.remainingUsage), unit }).trim(),
    );
  // When the calendar date is what the forecast says, its line names it with how far off it is
  // ("Due Nov 27, 2026 (today)"): the date is not written twice.
  const forecastNamesDate =
    e.forecast?.basis === 'calendar' &&
    e.nextMaintenanceDate !== null &&
    e.forecast.dueDate === e.nextMaintenanceDate;
  if (e.nextMaintenanceDate && !forecastNamesDate)
    parts.push(t('overview.dueOn', { date: formatDate(e.nextMaintenanceDate) }));
  if (parts.length === 0 && !forecastNamesDate)
    return <span className="text-muted-foreground">{t('overview.noSchedule')}</span>;
  return (
    <span className="grid">
      {parts.map((p) => (
        <span key={p}>{p}</span>
      ))}
      {e.status.overdueUsage != null && e.forecast?.basis === 'usage' ? null : (
        <ForecastText e={e} />
      )}
    </span>
  );
}

/** The equipment overview: a table on large screens (>= 1024 px), cards below. */
export function EquipmentOverview({
  equipment,
  total,
  onShowMore,
  loadingMore,
  onClearFilters,
  filtered,
}: {
  equipment: OverviewMachine[];
  total: number;
  onShowMore: () => void;
  loadingMore: boolean;
  onClearFilters: () => void;
  filtered: boolean;
}) {
  const { t } = useTranslation('dashboard');
  const unitLabel = (u: string) => (u === 'n/a' ? '' : t(`units.${u}`, { defaultValue: u }));
  // Only the layout on screen is built (Tailwind's lg breakpoint): half the elements of both.
  const wide = useMediaQuery('(min-width: 1024px)');
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between gap-2 space-y-0">
        <CardTitle>{t('overview.title')}</CardTitle>
        <span className="text-sm text-muted-foreground" aria-live="polite">
          {t('overview.count', { count: total })}
        </span>
      </CardHeader>
      <CardContent>
        {equipment.length === 0 ? (
          <div className="flex flex-col items-center gap-3 py-8 text-center text-muted-foreground">
            <p>{t('overview.noMatch')}</p>
            {filtered ? (
              <Button variant="outline" size="sm" onClick={onClearFilters}>
                {t('overview.clearFilters')}
              </Button>
            ) : null}
          </div>
        ) : (
          <>
            {wide ? (
              <div data-testid="overview-table">
                <DataTable
                  rows={equipment}
                  rowKey={(e) => e.id}
                  rowProps={(e) => ({ 'data-status': e.status.serviceStatus })}
                  columns={[
                    {
                      key: 'name',
                      head: t('overview.name'),
                      cell: (e) => (
                        <>
                          <span className="flex items-center gap-2 font-medium">
                            <TypeIcon type={e.type} className="h-4 w-4" />
                            <MachineLink id={e.id}>{e.name}</MachineLink>
                          </span>
                          {e.serialNumber ? (
                            <span className="block pl-6 text-xs text-muted-foreground">
                              {e.serialNumber}
                            </span>
                          ) : null}
                        </>
                      ),
                    },
                    {
                      key: 'usage',
                      head: t('overview.usage'),
                      cellClassName: 'whitespace-nowrap tabular-nums',
                      cell: (e) => usageText(e, unitLabel),
                    },
                    {
                      key: 'status',
                      head: t('overview.status'),
                      cell: (e) => (
                        <>
                          <StatusBadge status={e.status} />
                          <OutOfServiceBadge outOfService={e.outOfService} />
                        </>
                      ),
                    },
                    {
                      key: 'next',
                      head: t('overview.nextService'),
                      cellClassName: 'text-sm',
                      cell: (e) => <NextService e={e} />,
                    },
                    {
                      key: 'actions',
                      head: t('overview.actions'),
                      headClassName: 'text-right',
                      cell: (e) => <EquipmentActions equipment={e} className="justify-end" />,
                    },
                  ]}
                />
              </div>
            ) : (
              <ul
                className="grid grid-cols-1 gap-3 sm:grid-cols-2"
                data-testid="overview-cards"
                aria-label={t('overview.title')}
              >
                {equipment.map((e) => (
                  <li
                    key={e.id}
                    className="grid gap-2 rounded-lg border p-3"
                    data-status={e.status.serviceStatus}
                    aria-label={e.name}
                  >
                    <div className="flex items-start justify-between gap-2">
                      <span className="flex items-center gap-2 font-medium">
                        <TypeIcon type={e.type} className="h-4 w-4" />
                        <MachineLink id={e.id}>{e.name}</MachineLink>
                      </span>
                      <StatusBadge status={e.status} />
                      <OutOfServiceBadge outOfService={e.outOfService} />
                    </div>
                    <dl className="grid grid-cols-2 gap-2 text-sm">
                      <DetailItem label={t('overview.usage')} className="tabular-nums">
                        {usageText(e, unitLabel)}
                      </DetailItem>
                      <DetailItem label={t('overview.nextService')}>
                        <NextService e={e} />
                      </DetailItem>
                    </dl>
                    <EquipmentActions equipment={e} className="justify-between border-t pt-2" />
                  </li>
                ))}
              </ul>
            )}
            {equipment.length < total ? (
              <div className="mt-4 flex flex-col items-center gap-2 text-sm text-muted-foreground">
                <span>{t('overview.showing', { shown: equipment.length, total })}</span>
                <Button variant="outline" onClick={onShowMore} disabled={loadingMore}>
                  {t('overview.showMore')}
                </Button>
              </div>
            ) : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}
