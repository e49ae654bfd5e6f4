import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { exportFileName, toCsv, type CsvColumn } from '@domain/csv';
import type { UtilizationReport } from '@domain/schemas/reports';
import { IDLE_DAYS } from '@domain/utilization';
import { PageSpinner } from '@/components/page-spinner';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { downloadText } from '@/lib/download';
import { formatDate, formatNumber } from '@/lib/format';
import { translateError } from '@/lib/translate-message';
import { useUtilization, type ReportFilter } from '../api/get-utilization';
import { ReportHeader, SortableHead, sortRows, type Sort } from './sortable';

const UtilizationChart = lazy(() => import('./utilization-chart'));

type Row = UtilizationReport['machines'][number];
type SortKey = 'name' | 'type' | 'used' | 'perDay' | 'typeMedianPerDay' | 'idleDays';
const CHART_ROWS = 10;

/** Utilisation (issue 45): usage per day against the type's median, idle machines, chart, table, CSV. */
export default function UtilizationTab({ filter, today }: { filter: ReportFilter; today: string }) {
  const { t } = useTranslation('reports');
  const { t: te } = useTranslation('equipment');
  const [sort, setSort] = useState<Sort<SortKey>>({ key: 'perDay', down: true });
  const q = useUtilization(filter);
  const data = q.data;
  const rows = useMemo(() => sortRows(data?.machines ?? [], sort.key, sort.down), [data, sort]);
  const idle = (data?.machines ?? [])
    .filter((m) => m.idle)
    .sort((a, b) => (b.idleDays ?? 0) - (a.idleDays ?? 0));
  const top = [...(data?.machines ?? [])]
    .filter((m) => m.perDay !== null)
    .sort((a, b) => (b.perDay ?? 0) - (a.perDay ?? 0))
    .slice(0, CHART_ROWS);
  const unit = (r: Row) => (r.unit === 'n/a' ? '' : ` ${te(`units.${r.unit}`)}`);
  const amount = (r: Row, v: number | null) =>
    v === null ? t('none') : `${formatNumber(v, 2)}${unit(r)}`;

  const columns: { key: SortKey; label: string }[] = [
    { key: 'name', label: t('utilization.columns.machine') },
    { key: 'type', label: t('utilization.columns.type') },
    { key: 'used', label: t('utilization.columns.used') },
    { key: 'perDay', label: t('utilization.columns.perDay') },
    { key: 'typeMedianPerDay', label: t('utilization.columns.median') },
    { key: 'idleDays', label: t('utilization.columns.idleDays') },
  ];

  const onExport = () => {
    if (!data) return;
    const csv: CsvColumn<Row>[] = [
      { header: t('utilization.columns.machine'), value: (r) => r.name },
      { header: t('utilization.columns.type'), value: (r) => te(`types.${r.type}`) },
      { header: t('utilization.columns.unit'), value: (r) => r.unit },
      { header: t('utilization.columns.used'), value: (r) => r.used },
      { header: t('utilization.columns.perDay'), value: (r) => r.perDay },
      { header: t('utilization.columns.median'), value: (r) => r.typeMedianPerDay },
      { header: t('utilization.columns.idleDays'), value: (r) => r.idleDays },
      { header: t('utilization.idle'), value: (r) => r.idle },
    ];
    const file = exportFileName(`utilization-${data.from}-${data.to}`, today);
    downloadText(file, toCsv(csv, rows));
    toast({ title: t('utilization.exported', { count: rows.length, file }) });
  };

  return (
    <div className="grid gap-4">
      <ReportHeader
        title={t('utilization.title')}
        intro={t('utilization.intro')}
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
          <p className="text-sm" data-testid="utilization-summary">
            {t('utilization.summary', {
              count: data.totals.machines,
              idle: data.totals.idle,
              from: formatDate(data.from),
              to: formatDate(data.to),
            })}
          </p>
          {idle.length > 0 ? (
            <Card className="grid gap-2 border-amber-300 p-4" data-testid="idle-machines">
              <h3 className="font-semibold">{t('utilization.idleTitle')}</h3>
              <p className="text-sm text-muted-foreground">
                {t('utilization.idleBody', { days: IDLE_DAYS })}
              </p>
              <ul className="grid gap-1 text-sm">
                {idle.map((m) => (
                  <li key={m.equipmentId}>
                    <Link
                      to={`/machines/${m.equipmentId}`}
                      className="font-medium text-primary underline"
                    >
                      {m.name}
                    </Link>{' '}
                    · {t('utilization.idleFor', { count: m.idleDays ?? 0 })}
                  </li>
                ))}
              </ul>
            </Card>
          ) : null}
          {top.length > 0 ? (
            <Card className="grid gap-2 p-4">
              <h3 className="font-semibold">{t('utilization.chart', { count: top.length })}</h3>
              <figure className="grid gap-2">
                <div className="h-72 w-full" aria-hidden>
                  <Suspense fallback={null}>
                    <UtilizationChart
                      rows={top}
                      labels={{
                        perDay: t('utilization.perDayLegend'),
                        median: t('utilization.medianLegend'),
                      }}
                    />
                  </Suspense>
                </div>
                <figcaption className="sr-only">
                  {t('utilization.chartAlt', { count: top.length })}
                </figcaption>
              </figure>
            </Card>
          ) : null}
          {rows.length === 0 ? (
            <Card className="p-8 text-center text-sm text-muted-foreground">
              {t('utilization.empty')}
            </Card>
          ) : (
            <Card className="overflow-x-auto p-0">
              <table className="w-full text-sm" aria-label={t('utilization.table')}>
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
                        {r.idle ? (
                          <Badge variant="outline" className="ml-2">
                            {t('utilization.idle')}
                          </Badge>
                        ) : null}
                      </td>
                      <td className="p-2">{te(`types.${r.type}`)}</td>
                      <td className="p-2">{amount(r, r.used)}</td>
                      <td className="p-2">{amount(r, r.perDay)}</td>
                      <td className="p-2">{amount(r, r.typeMedianPerDay)}</td>
                      <td className="p-2">
                        {r.idleDays === null ? t('none') : formatNumber(r.idleDays, 0)}
                      </td>
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
