import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CostsReport } from '@domain/schemas/reports';
import { formatDate, formatMonth, formatNumber, formatUsd } from '@/lib/format';
import { useCostsReport } from '../api/get-costs';
import type { ReportFilter } from '../api/get-utilization';
import { ChartCard, MachineLink, ReportTab, useTypeLabel, type ReportColumn } from './report-tab';

const CostsChart = lazy(() => import('./costs-chart'));

type Row = CostsReport['machines'][number];
type SortKey = 'name' | 'type' | 'maintenance' | 'fuel' | 'total' | 'usage' | 'costPerUnit';

/**
 * Costs (issue 45): each machine's cost of ownership over the period, maintenance (services and work
 * orders) plus fuel, its cost per hour / mile / km; the months as a chart with a table beside it; CSV.
 * Every figure is GET /api/reports/costs's (domain/costs.ts ownershipCost), as the machine page's.
 */
export default function CostsTab({ filter, today }: { filter: ReportFilter; today: string }) {
  const { t } = useTranslation('reports');
  const { t: te } = useTranslation('equipment');
  const typeLabel = useTypeLabel();
  const q = useCostsReport(filter);
  const perUnit = (r: Row) =>
    r.costPerUnit === null
      ? t('none')
      : t('costs.perUnit', {
          amount: formatUsd(r.costPerUnit),
          unit: te(`perUnit.${r.unit}`, { defaultValue: r.unit }),
        });
  const usage = (r: Row) =>
    r.usage === null ? t('none') : `${formatNumber(r.usage, 2)} ${te(`units.${r.unit}`)}`;
  const c = (k: string) => t(`costs.columns.${k}`);

  const columns: ReportColumn<Row, SortKey>[] = [
    { key: 'name', label: c('machine'), cell: (r) => <MachineLink m={r} /> },
    { key: 'type', label: c('type'), cell: typeLabel },
    {
      key: 'maintenance',
      label: c('maintenance'),
      cell: (r) => formatUsd(r.maintenance),
      className: 'tabular-nums',
    },
    { key: 'fuel', label: c('fuel'), cell: (r) => formatUsd(r.fuel), className: 'tabular-nums' },
    {
      key: 'total',
      label: c('total'),
      cell: (r) => formatUsd(r.total),
      className: 'font-medium tabular-nums',
    },
    { key: 'usage', label: c('usage'), cell: usage },
    { key: 'costPerUnit', label: c('costPerUnit'), cell: perUnit },
  ];

  return (
    <ReportTab
      name="costs"
      query={q}
      today={today}
      initialSort={{ key: 'total', down: true }}
      columns={columns}
      csv={() => [
        { header: c('machine'), value: (r) => r.name },
        { header: c('type'), value: typeLabel },
        { header: c('maintenanceUsd'), value: (r) => r.maintenance },
        { header: c('fuelUsd'), value: (r) => r.fuel },
        { header: c('totalUsd'), value: (r) => r.total },
        { header: c('unit'), value: (r) => r.unit },
        { header: c('usage'), value: (r) => r.usage },
        { header: c('costPerUnitUsd'), value: (r) => r.costPerUnit },
        { header: c('unpriced'), value: (r) => r.unpricedFillUps },
      ]}
      summary={(data) =>
        t('costs.summary', {
          total: formatUsd(data.totals.total),
          maintenance: formatUsd(data.totals.maintenance),
          fuel: formatUsd(data.totals.fuel),
          count: data.totals.machines,
          from: formatDate(data.from),
          to: formatDate(data.to),
        })
      }
      cards={(data) => {
        const unpriced = data.machines.reduce((s, m) => s + m.unpricedFillUps, 0);
        return (
          <>
            {unpriced > 0 ? (
              <p className="text-sm text-amber-800" data-testid="costs-unpriced">
                {t('costs.unpriced', { count: unpriced })}{' '}
                <Link to="/profile" className="text-primary underline">
                  {t('costs.setPrices')}
                </Link>
              </p>
            ) : null}
            {data.totals.total > 0 ? (
              <ChartCard
                title={t('costs.chart')}
                alt={t('costs.chartAlt')}
                height="h-64"
                extra={
                  <details className="text-sm">
                    <summary className="cursor-pointer text-primary">
                      {t('costs.monthsTable')}
                    </summary>
                    <table className="mt-2 w-full" aria-label={t('costs.monthsTable')}>
                      <thead>
                        <tr className="border-b text-left">
                          <th scope="col" className="p-1">
                            {c('month')}
                          </th>
                          {(['maintenance', 'fuel', 'total'] as const).map((k) => (
                            <th key={k} scope="col" className="p-1 text-right">
                              {c(k)}
                            </th>
                          ))}
                        </tr>
                      </thead>
                      <tbody>
                        {data.months.map((m) => (
                          <tr key={m.month} className="border-b last:border-0">
                            <td className="p-1">{formatMonth(m.month)}</td>
                            {(['maintenance', 'fuel', 'total'] as const).map((k) => (
                              <td key={k} className="p-1 text-right tabular-nums">
                                {formatUsd(m[k])}
                              </td>
                            ))}
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </details>
                }
              >
                <CostsChart
                  months={data.months}
                  labels={{ maintenance: c('maintenance'), fuel: c('fuel') }}
                />
              </ChartCard>
            ) : null}
          </>
        );
      }}
    />
  );
}
