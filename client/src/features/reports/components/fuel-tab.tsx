import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import type { FuelReport } from '@domain/schemas/reports';
import { formatDate, formatNumber, formatPercent } from '@/lib/format';
import { useFuelReport } from '../api/get-fuel';
import type { ReportFilter } from '../api/get-utilization';
import * as kit from './report-tab';

const FuelChart = lazy(() => import('./fuel-chart'));

type Row = FuelReport['machines'][number];
type SortKey =
  | 'name'
  | 'type'
  | 'fuelUsed'
  | 'fuelRate'
  | 'peerMedian'
  | 'percentAbovePeers'
  | 'overTankFillUps';
const CHART_ROWS = 10;

/**
 * Fuel (issue 45): each machine's fuel rate fill to fill against the median of its peers of the same
 * type, flagged above 25 %; chart, sortable table, CSV. GET /api/reports/fuel (domain/fuel-rate.ts).
 */
export default function FuelTab({ filter, today }: { filter: ReportFilter; today: string }) {
  const { t } = useTranslation('reports');
  const { t: te } = useTranslation('equipment');
  const typeLabel = kit.useTypeLabel();
  const q = useFuelReport(filter);
  const rate = (r: Row, v: number | null) =>
    v === null || r.rateUnit === null ? t('none') : `${formatNumber(v, 2)} ${r.rateUnit}`;
  const vsPeers = (r: Row) =>
    r.percentAbovePeers === null
      ? t('none')
      : t(r.percentAbovePeers >= 0 ? 'fuel.more' : 'fuel.less', {
          percent: formatPercent(Math.abs(r.percentAbovePeers) / 100),
        });
  const c = (k: string, o?: { unit: string }) => t(`fuel.columns.${k}`, o);

  const columns: kit.ReportColumn<Row, SortKey>[] = [
    {
      key: 'name',
      label: c('machine'),
      cell: (r) => (
        <kit.MachineLink
          m={r}
          badge={r.flagged && t('fuel.flagged')}
          badgeClassName="border-amber-500"
        />
      ),
    },
    { key: 'type', label: c('type'), cell: typeLabel },
    {
      key: 'fuelUsed',
      label: c('fuelUsed', { unit: q.data?.volumeUnit ?? 'gal' }),
      cell: (r) => (
        <>
          {formatNumber(r.fuelUsed, 1)} {r.volumeUnit}
        </>
      ),
      className: 'tabular-nums',
    },
    {
      key: 'fuelRate',
      label: c('rate'),
      cell: (r) =>
        r.fuelRate === null && r.reason ? t(`fuel.reasons.${r.reason}`) : rate(r, r.fuelRate),
    },
    { key: 'peerMedian', label: c('peerMedian'), cell: (r) => rate(r, r.peerMedian) },
    { key: 'percentAbovePeers', label: c('vsPeers'), cell: vsPeers },
    {
      key: 'overTankFillUps',
      label: c('overTank'),
      cell: (r) => formatNumber(r.overTankFillUps),
      className: 'tabular-nums',
    },
  ];

  return (
    <kit.ReportTab
      name="fuel"
      query={q}
      today={today}
      initialSort={{ key: 'percentAbovePeers', down: true }}
      columns={columns}
      csv={(data) => [
        { header: c('machine'), value: (r) => r.name },
        { header: c('type'), value: typeLabel },
        { header: c('fuelUsed', { unit: data.volumeUnit }), value: (r) => r.fuelUsed },
        { header: c('rate'), value: (r) => r.fuelRate },
        { header: c('rateUnit'), value: (r) => r.rateUnit },
        { header: c('peerMedian'), value: (r) => r.peerMedian },
        { header: c('vsPeersPercent'), value: (r) => r.percentAbovePeers },
        { header: t('fuel.flagged'), value: (r) => r.flagged },
        { header: c('overTank'), value: (r) => r.overTankFillUps },
        { header: c('reason'), value: (r) => (r.reason ? t(`fuel.reasons.${r.reason}`) : '') },
      ]}
      summary={(data) =>
        t('fuel.summary', {
          count: data.totals.machines,
          flagged: data.totals.flagged,
          fuel: `${formatNumber(data.totals.fuelUsed, 1)} ${data.volumeUnit}`,
          from: formatDate(data.from),
          to: formatDate(data.to),
        })
      }
      cards={(data) => {
        const flagged = data.machines.filter((m) => m.flagged);
        const compared = kit.topBy(data.machines, 'percentAbovePeers', CHART_ROWS);
        return (
          <>
            {flagged.length > 0 ? (
              <kit.MachineListCard
                testId="fuel-flagged"
                title={t('fuel.flaggedTitle')}
                machines={flagged}
                line={(m) =>
                  t(`fuel.flaggedLine.${m.unit === 'hours' ? 'hours' : 'distance'}`, {
                    percent: formatPercent((m.percentAbovePeers ?? 0) / 100, 0),
                    type: te(`types.${m.type}`),
                  })
                }
              />
            ) : null}
            {compared.length > 0 ? (
              <kit.ChartCard title={t('fuel.chart')} alt={t('fuel.chartAlt')}>
                <FuelChart
                  rows={compared}
                  labels={{ machine: t('fuel.machineLegend'), peers: t('fuel.peersLegend') }}
                />
              </kit.ChartCard>
            ) : null}
          </>
        );
      }}
    />
  );
}
