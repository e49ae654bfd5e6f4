import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import type { UtilizationReport } from '@domain/schemas/reports';
import { IDLE_DAYS } from '@domain/utilization';
import { formatDate, formatNumber } from '@/lib/format';
import { useUtilization, type ReportFilter } from '../api/get-utilization';
import * as kit from './report-tab';

const UtilizationChart = lazy(() => import('./utilization-chart'));

type Row = UtilizationReport['machines'][number];
type SortKey = 'name' | 'type' | 'used' | 'perDay' | 'typeMedianPerDay' | 'idleDays';
const CHART_ROWS = 10;

/** Utilisation (issue 45): usage per day against the type's median, idle machines, chart, table, CSV. */
export default function UtilizationTab({ filter, today }: { filter: ReportFilter; today: string }) {
  const { t } = useTranslation('reports');
  const { t: te } = useTranslation('equipment');
  const typeLabel = kit.useTypeLabel();
  const q = useUtilization(filter);
  const unit = (r: Row) => (r.unit === 'n/a' ? '' : ` ${te(`units.${r.unit}`)}`);
  const amount = (r: Row, v: number | null) =>
    v === null ? t('none') : `${formatNumber(v, 2)}${unit(r)}`;
  const c = (k: string) => t(`utilization.columns.${k}`);

  const columns: kit.ReportColumn<Row, SortKey>[] = [
    {
      key: 'name',
      label: c('machine'),
      cell: (r) => <kit.MachineLink m={r} badge={r.idle && t('utilization.idle')} />,
    },
    { key: 'type', label: c('type'), cell: typeLabel },
    { key: 'used', label: c('used'), cell: (r) => amount(r, r.used) },
    { key: 'perDay', label: c('perDay'), cell: (r) => amount(r, r.perDay) },
    { key: 'typeMedianPerDay', label: c('median'), cell: (r) => amount(r, r.typeMedianPerDay) },
    {
      key: 'idleDays',
      label: c('idleDays'),
      cell: (r) => (r.idleDays === null ? t('none') : formatNumber(r.idleDays, 0)),
    },
  ];

  return (
    <kit.ReportTab
      name="utilization"
      query={q}
      today={today}
      initialSort={{ key: 'perDay', down: true }}
      columns={columns}
      csv={() => [
        { header: c('machine'), value: (r) => r.name },
        { header: c('type'), value: typeLabel },
        { header: c('unit'), value: (r) => r.unit },
        { header: c('used'), value: (r) => r.used },
        { header: c('perDay'), value: (r) => r.perDay },
        { header: c('median'), value: (r) => r.typeMedianPerDay },
        { header: c('idleDays'), value: (r) => r.idleDays },
        { header: t('utilization.idle'), value: (r) => r.idle },
      ]}
      summary={(data) =>
        t('utilization.summary', {
          count: data.totals.machines,
          idle: data.totals.idle,
          from: formatDate(data.from),
          to: formatDate(data.to),
        })
      }
      cards={(data) => {
        const idle = data.machines
          .filter((m) => m.idle)
          .sort((a, b) => (b.idleDays ?? 0) - (a.idleDays ?? 0));
        const top = kit.topBy(data.machines, 'perDay', CHART_ROWS);
        return (
          <>
            {idle.length > 0 ? (
              <kit.MachineListCard
                testId="idle-machines"
                title={t('utilization.idleTitle')}
                body={
                  <p className="text-sm text-muted-foreground">
                    {t('utilization.idleBody', { days: IDLE_DAYS })}
                  </p>
                }
                machines={idle}
                line={(m) => t('utilization.idleFor', { count: m.idleDays ?? 0 })}
              />
            ) : null}
            {top.length > 0 ? (
              <kit.ChartCard
                title={t('utilization.chart', { count: top.length })}
                alt={t('utilization.chartAlt', { count: top.length })}
              >
                <UtilizationChart
                  rows={top}
                  labels={{
                    perDay: t('utilization.perDayLegend'),
                    median: t('utilization.medianLegend'),
                  }}
                />
              </kit.ChartCard>
            ) : null}
          </>
        );
      }}
    />
  );
}
