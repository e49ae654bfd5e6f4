import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import type { DowntimeReport } from '@domain/schemas/reports';
import { Card } from '@/components/ui/card';
import { formatDate, formatNumber, formatPercent } from '@/lib/format';
import { useDowntime } from '../api/get-downtime';
import type { ReportFilter } from '../api/get-utilization';
import { ChartCard, MachineLink, ReportTab, useTypeLabel, type ReportColumn } from './report-tab';

const DowntimeChart = lazy(() => import('./downtime-chart'));

type Row = DowntimeReport['machines'][number];
type SortKey =
  | 'name'
  | 'type'
  | 'availability'
  | 'outOfServiceHours'
  | 'defects'
  | 'failures'
  | 'mttrHours'
  | 'usageBetweenFailures';
const CHART_ROWS = 10;

/**
 * Downtime and reliability (issue 45): availability, defects, mean time to repair and usage between
 * failures per machine and per type (GET /api/reports/downtime, domain/downtime.ts), chart, table, CSV.
 */
export default function DowntimeTab({ filter, today }: { filter: ReportFilter; today: string }) {
  const { t } = useTranslation('reports');
  const { t: te } = useTranslation('equipment');
  const typeLabel = useTypeLabel();
  const q = useDowntime(filter);
  const hours = (v: number | null) => (v === null ? t('none') : formatNumber(v, 2));
  const usage = (r: Row) =>
    r.usageBetweenFailures === null
      ? t('none')
      : `${formatNumber(r.usageBetweenFailures, 2)}${r.unit === 'n/a' ? '' : ` ${te(`units.${r.unit}`)}`}`;
  const c = (k: string) => t(`downtime.columns.${k}`);

  const columns: ReportColumn<Row, SortKey>[] = [
    {
      key: 'name',
      label: c('machine'),
      cell: (r) => <MachineLink m={r} badge={r.outOfService && t('downtime.outNow')} />,
    },
    { key: 'type', label: c('type'), cell: typeLabel },
    { key: 'availability', label: c('availability'), cell: (r) => formatPercent(r.availability) },
    {
      key: 'outOfServiceHours',
      label: c('outOfServiceHours'),
      cell: (r) => hours(r.outOfServiceHours),
    },
    { key: 'defects', label: c('defects'), cell: (r) => formatNumber(r.defects, 0) },
    { key: 'failures', label: c('failures'), cell: (r) => formatNumber(r.failures, 0) },
    { key: 'mttrHours', label: c('mttrHours'), cell: (r) => hours(r.mttrHours) },
    { key: 'usageBetweenFailures', label: c('usageBetweenFailures'), cell: usage },
  ];

  return (
    <ReportTab
      name="downtime"
      query={q}
      today={today}
      initialSort={{ key: 'availability', down: false }}
      columns={columns}
      csv={() => [
        { header: c('machine'), value: (r) => r.name },
        { header: c('type'), value: typeLabel },
        { header: c('availability'), value: (r) => r.availability },
        { header: c('outOfServiceHours'), value: (r) => r.outOfServiceHours },
        { header: c('defects'), value: (r) => r.defects },
        { header: c('failures'), value: (r) => r.failures },
        { header: c('mttrHours'), value: (r) => r.mttrHours },
        { header: c('usageBetweenFailures'), value: (r) => r.usageBetweenFailures },
        { header: c('unit'), value: (r) => r.unit },
        { header: t('downtime.outNow'), value: (r) => r.outOfService },
      ]}
      summary={(data) =>
        t('downtime.summary', {
          availability: formatPercent(data.totals.availability),
          defects: data.totals.defects,
          failures: data.totals.failures,
          from: formatDate(data.from),
          to: formatDate(data.to),
        })
      }
      cards={(data) => {
        const worst = [...data.machines]
          .filter((m) => m.availability < 1 || m.failures > 0 || m.outOfService)
          .sort((a, b) => a.availability - b.availability || a.name.localeCompare(b.name))
          .slice(0, CHART_ROWS);
        return worst.length > 0 ? (
          <ChartCard
            title={t('downtime.chart', { count: worst.length })}
            alt={t('downtime.chartAlt', { count: worst.length })}
          >
            <DowntimeChart rows={worst} label={t('downtime.availabilityLegend')} />
          </ChartCard>
        ) : null;
      }}
      after={(data) => (
        <Card className="grid gap-2 overflow-x-auto p-4">
          <h3 className="font-semibold">{t('downtime.byType')}</h3>
          <table className="w-full text-sm" aria-label={t('downtime.byTypeTable')}>
            <thead>
              <tr className="border-b text-left">
                {(
                  ['type', 'machines', 'availability', 'defects', 'failures', 'mttrHours'] as const
                ).map((k) => (
                  <th key={k} scope="col" className="p-2 font-medium">
                    {c(k)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.types.map((g) => (
                <tr key={g.type} className="border-b last:border-0">
                  <td className="p-2">{typeLabel(g)}</td>
                  <td className="p-2">{formatNumber(g.machines, 0)}</td>
                  <td className="p-2">{formatPercent(g.availability)}</td>
                  <td className="p-2">{formatNumber(g.defects, 0)}</td>
                  <td className="p-2">{formatNumber(g.failures, 0)}</td>
                  <td className="p-2">{hours(g.mttrHours)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Card>
      )}
    />
  );
}
