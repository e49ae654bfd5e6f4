import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { exportFileName, toCsv, type CsvColumn } from '@domain/csv';
import type { CostsReport } from '@domain/schemas/reports';
import { PageSpinner } from '@/components/page-spinner';
import { Card } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { downloadText } from '@/lib/download';
import { formatDate, formatMonth, formatNumber, formatUsd } from '@/lib/format';
import { translateError } from '@/lib/translate-message';
import { useCostsReport } from '../api/get-costs';
import type { ReportFilter } from '../api/get-utilization';
import { ReportHeader, SortableHead, sortRows, type Sort } from './sortable';

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
  const [sort, setSort] = useState<Sort<SortKey>>({ key: 'total', down: true });
  const q = useCostsReport(filter);
  const data = q.data;
  const rows = useMemo(() => sortRows(data?.machines ?? [], sort.key, sort.down), [data, sort]);
  const unpriced = (data?.machines ?? []).reduce((s, m) => s + m.unpricedFillUps, 0);
  const perUnit = (r: Row) =>
    r.costPerUnit === null
      ? t('none')
      : t('costs.perUnit', {
          amount: formatUsd(r.costPerUnit),
          unit: te(`perUnit.${r.unit}`, { defaultValue: r.unit }),
        });
  const usage = (r: Row) =>
    r.usage === null ? t('none') : `${formatNumber(r.usage, 2)} ${te(`units.${r.unit}`)}`;

  const columns: { key: SortKey; label: string }[] = [
    { key: 'name', label: t('costs.columns.machine') },
    { key: 'type', label: t('costs.columns.type') },
    { key: 'maintenance', label: t('costs.columns.maintenance') },
    { key: 'fuel', label: t('costs.columns.fuel') },
    { key: 'total', label: t('costs.columns.total') },
    { key: 'usage', label: t('costs.columns.usage') },
    { key: 'costPerUnit', label: t('costs.columns.costPerUnit') },
  ];

  const onExport = () => {
    if (!data) return;
    const csv: CsvColumn<Row>[] = [
      { header: t('costs.columns.machine'), value: (r) => r.name },
      { header: t('costs.columns.type'), value: (r) => te(`types.${r.type}`) },
      { header: t('costs.columns.maintenanceUsd'), value: (r) => r.maintenance },
      { header: t('costs.columns.fuelUsd'), value: (r) => r.fuel },
      { header: t('costs.columns.totalUsd'), value: (r) => r.total },
      { header: t('costs.columns.unit'), value: (r) => r.unit },
      { header: t('costs.columns.usage'), value: (r) => r.usage },
      { header: t('costs.columns.costPerUnitUsd'), value: (r) => r.costPerUnit },
      { header: t('costs.columns.unpriced'), value: (r) => r.unpricedFillUps },
    ];
    const file = exportFileName(`costs-${data.from}-${data.to}`, today);
    downloadText(file, toCsv(csv, rows));
    toast({ title: t('costs.exported', { count: rows.length, file }) });
  };

  return (
    <div className="grid gap-4">
      <ReportHeader
        title={t('costs.title')}
        intro={t('costs.intro')}
        disabled={rows.length === 0}
        onExport={onExport}
      />
      {q.isLoading ? (
        <PageSpinner />
      ) : q.isError || !data ? (
        <p role="alert" className="text-destructive">
          {translateError(t, q.error)}
        </p>
      ) : (
        <>
          <p className="text-sm" data-testid="costs-summary">
            {t('costs.summary', {
              total: formatUsd(data.totals.total),
              maintenance: formatUsd(data.totals.maintenance),
              fuel: formatUsd(data.totals.fuel),
              count: data.totals.machines,
              from: formatDate(data.from),
              to: formatDate(data.to),
            })}
          </p>
          {unpriced > 0 ? (
            <p className="text-sm text-amber-800" data-testid="costs-unpriced">
              {t('costs.unpriced', { count: unpriced })}{' '}
              <Link to="/profile" className="text-primary underline">
                {t('costs.setPrices')}
              </Link>
            </p>
          ) : null}
          {data.totals.total > 0 ? (
            <Card className="grid gap-2 p-4">
              <h3 className="font-semibold">{t('costs.chart')}</h3>
              <figure className="grid gap-2">
                <div className="h-64 w-full" aria-hidden>
                  <Suspense fallback={null}>
                    <CostsChart
                      months={data.months}
                      labels={{
                        maintenance: t('costs.columns.maintenance'),
                        fuel: t('costs.columns.fuel'),
                      }}
                    />
                  </Suspense>
                </div>
                <figcaption className="sr-only">{t('costs.chartAlt')}</figcaption>
              </figure>
              <details className="text-sm">
                <summary className="cursor-pointer text-primary">{t('costs.monthsTable')}</summary>
                <table className="mt-2 w-full" aria-label={t('costs.monthsTable')}>
                  <thead>
                    <tr className="border-b text-left">
                      <th scope="col" className="p-1">
                        {t('costs.columns.month')}
                      </th>
                      <th scope="col" className="p-1 text-right">
                        {t('costs.columns.maintenance')}
                      </th>
                      <th scope="col" className="p-1 text-right">
                        {t('costs.columns.fuel')}
                      </th>
                      <th scope="col" className="p-1 text-right">
                        {t('costs.columns.total')}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.months.map((m) => (
                      <tr key={m.month} className="border-b last:border-0">
                        <td className="p-1">{formatMonth(m.month)}</td>
                        <td className="p-1 text-right tabular-nums">{formatUsd(m.maintenance)}</td>
                        <td className="p-1 text-right tabular-nums">{formatUsd(m.fuel)}</td>
                        <td className="p-1 text-right tabular-nums">{formatUsd(m.total)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </details>
            </Card>
          ) : null}
          {rows.length === 0 ? (
            <Card className="p-8 text-center text-sm text-muted-foreground">
              {t('costs.empty')}
            </Card>
          ) : (
            <Card className="overflow-x-auto p-0">
              <table className="w-full text-sm" aria-label={t('costs.table')}>
                <SortableHead
                  columns={columns}
                  sort={sort}
                  onSort={setSort}
                  textKeys={['name', 'type']}
                />
                <tbody>
                  {rows.map((r) => (
                    <tr key={r.equipmentId} className="border-b last:border-0">
                      <td className="p-2">
                        <Link
                          to={`/machines/${r.equipmentId}`}
                          className="font-medium text-primary underline"
                        >
                          {r.name}
                        </Link>
                      </td>
                      <td className="p-2">{te(`types.${r.type}`)}</td>
                      <td className="p-2 tabular-nums">{formatUsd(r.maintenance)}</td>
                      <td className="p-2 tabular-nums">{formatUsd(r.fuel)}</td>
                      <td className="p-2 font-medium tabular-nums">{formatUsd(r.total)}</td>
                      <td className="p-2">{usage(r)}</td>
                      <td className="p-2">{perUnit(r)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </Card>
          )}
        </>
      )}
    </div>
  );
}
