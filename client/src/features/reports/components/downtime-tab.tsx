import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { exportFileName, toCsv, type CsvColumn } from '@domain/csv';
import type { DowntimeReport } from '@domain/schemas/reports';
import { PageSpinner } from '@/components/page-spinner';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { downloadText } from '@/lib/download';
import { formatDate, formatNumber, formatPercent } from '@/lib/format';
import { translateError } from '@/lib/translate-message';
import { useDowntime } from '../api/get-downtime';
import type { ReportFilter } from '../api/get-utilization';
import { ReportHeader, SortableHead, sortRows, type Sort } from './sortable';

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
  const [sort, setSort] = useState<Sort<SortKey>>({ key: 'availability', down: false });
  const q = useDowntime(filter);
  const data = q.data;
  const rows = useMemo(() => sortRows(data?.machines ?? [], sort.key, sort.down), [data, sort]);
  const worst = [...(data?.machines ?? [])]
    .filter((m) => m.availability < 1 || m.failures > 0 || m.outOfService)
    .sort((a, b) => a.availability - b.availability || a.name.localeCompare(b.name))
    .slice(0, CHART_ROWS);
  const hours = (v: number | null) => (v === null ? t('none') : formatNumber(v, 2));
  const usage = (r: Row) =>
    r.usageBetweenFailures === null
      ? t('none')
      : `${formatNumber(r.usageBetweenFailures, 2)}${r.unit === 'n/a' ? '' : ` ${te(`units.${r.unit}`)}`}`;
  const c = (k: keyof typeof columnKeys) => t(`downtime.columns.${columnKeys[k]}`);

  const columns: { key: SortKey; label: string }[] = [
    { key: 'name', label: c('name') },
    { key: 'type', label: c('type') },
    { key: 'availability', label: c('availability') },
    { key: 'outOfServiceHours', label: c('outOfServiceHours') },
    { key: 'defects', label: c('defects') },
    { key: 'failures', label: c('failures') },
    { key: 'mttrHours', label: c('mttrHours') },
    { key: 'usageBetweenFailures', label: c('usageBetweenFailures') },
  ];

  const onExport = () => {
    if (!data) return;
    const csv: CsvColumn<Row>[] = [
      { header: c('name'), value: (r) => r.name },
      { header: c('type'), value: (r) => te(`types.${r.type}`) },
      { header: c('availability'), value: (r) => r.availability },
      { header: c('outOfServiceHours'), value: (r) => r.outOfServiceHours },
      { header: c('defects'), value: (r) => r.defects },
      { header: c('failures'), value: (r) => r.failures },
      { header: c('mttrHours'), value: (r) => r.mttrHours },
      { header: c('usageBetweenFailures'), value: (r) => r.usageBetweenFailures },
      { header: t('downtime.columns.unit'), value: (r) => r.unit },
      { header: t('downtime.outNow'), value: (r) => r.outOfService },
    ];
    const file = exportFileName(`downtime-${data.from}-${data.to}`, today);
    downloadText(file, toCsv(csv, rows));
    toast({ title: t('downtime.exported', { count: rows.length, file }) });
  };

  return (
    <div className="grid gap-4">
      <ReportHeader
        title={t('downtime.title')}
        intro={t('downtime.intro')}
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
          <p className="text-sm" data-testid="downtime-summary">
            {t('downtime.summary', {
              availability: formatPercent(data.totals.availability),
              defects: data.totals.defects,
              failures: data.totals.failures,
              from: formatDate(data.from),
              to: formatDate(data.to),
            })}
          </p>
          {worst.length > 0 ? (
            <Card className="grid gap-2 p-4">
              <h3 className="font-semibold">{t('downtime.chart', { count: worst.length })}</h3>
              <figure className="grid gap-2">
                <div className="h-72 w-full" aria-hidden>
                  <Suspense fallback={null}>
                    <DowntimeChart rows={worst} label={t('downtime.availabilityLegend')} />
                  </Suspense>
                </div>
                <figcaption className="sr-only">
                  {t('downtime.chartAlt', { count: worst.length })}
                </figcaption>
              </figure>
            </Card>
          ) : null}
          {rows.length === 0 ? (
            <Card className="p-8 text-center text-sm text-muted-foreground">
              {t('downtime.empty')}
            </Card>
          ) : (
            <>
              <Card className="overflow-x-auto p-0">
                <table className="w-full text-sm" aria-label={t('downtime.table')}>
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
                          {r.outOfService ? (
                            <Badge variant="outline" className="ml-2">
                              {t('downtime.outNow')}
                            </Badge>
                          ) : null}
                        </td>
                        <td className="p-2">{te(`types.${r.type}`)}</td>
                        <td className="p-2">{formatPercent(r.availability)}</td>
                        <td className="p-2">{hours(r.outOfServiceHours)}</td>
                        <td className="p-2">{formatNumber(r.defects, 0)}</td>
                        <td className="p-2">{formatNumber(r.failures, 0)}</td>
                        <td className="p-2">{hours(r.mttrHours)}</td>
                        <td className="p-2">{usage(r)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </Card>
              <Card className="grid gap-2 overflow-x-auto p-4">
                <h3 className="font-semibold">{t('downtime.byType')}</h3>
                <table className="w-full text-sm" aria-label={t('downtime.byTypeTable')}>
                  <thead>
                    <tr className="border-b text-left">
                      {(
                        [
                          'type',
                          'machines',
                          'availability',
                          'defects',
                          'failures',
                          'mttrHours',
                        ] as const
                      ).map((k) => (
                        <th key={k} scope="col" className="p-2 font-medium">
                          {t(`downtime.columns.${k}`)}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {data.types.map((g) => (
                      <tr key={g.type} className="border-b last:border-0">
                        <td className="p-2">{te(`types.${g.type}`)}</td>
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
            </>
          )}
        </>
      )}
    </div>
  );
}

/** The table's columns and their labels' keys (downtime.columns.*). */
const columnKeys = {
  name: 'machine',
  type: 'type',
  availability: 'availability',
  outOfServiceHours: 'outOfServiceHours',
  defects: 'defects',
  failures: 'failures',
  mttrHours: 'mttrHours',
  usageBetweenFailures: 'usageBetweenFailures',
} as const;
