import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { exportFileName, toCsv, type CsvColumn } from '@domain/csv';
import type { FuelReport } from '@domain/schemas/reports';
import { PageSpinner } from '@/components/page-spinner';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { downloadText } from '@/lib/download';
import { formatDate, formatNumber } from '@/lib/format';
import { translateError } from '@/lib/translate-message';
import { useFuelReport } from '../api/get-fuel';
import type { ReportFilter } from '../api/get-utilization';
import { ReportHeader, SortableHead, sortRows, type Sort } from './sortable';

const FuelChart = lazy(() => import('./fuel-chart'));

type Row = FuelReport['machines'][number];
type SortKey = 'name' | 'type' | 'fuelUsed' | 'fuelRate' | 'peerMedian' | 'percentAbovePeers';
const CHART_ROWS = 10;

/**
 * Fuel (issue 45): each machine's fuel rate fill to fill against the median of its peers of the same
 * type, flagged above 25 %; chart, sortable table, CSV. GET /api/reports/fuel (domain/fuel-rate.ts).
 */
export default function FuelTab({ filter, today }: { filter: ReportFilter; today: string }) {
  const { t } = useTranslation('reports');
  const { t: te } = useTranslation('equipment');
  const [sort, setSort] = useState<Sort<SortKey>>({ key: 'percentAbovePeers', down: true });
  const q = useFuelReport(filter);
  const data = q.data;
  const rows = useMemo(() => sortRows(data?.machines ?? [], sort.key, sort.down), [data, sort]);
  const compared = [...(data?.machines ?? [])]
    .filter((m) => m.percentAbovePeers !== null)
    .sort((a, b) => (b.percentAbovePeers ?? 0) - (a.percentAbovePeers ?? 0))
    .slice(0, CHART_ROWS);
  const flagged = (data?.machines ?? []).filter((m) => m.flagged);
  const rate = (r: Row, v: number | null) =>
    v === null || r.rateUnit === null ? t('none') : `${formatNumber(v, 2)} ${r.rateUnit}`;
  const vsPeers = (r: Row) =>
    r.percentAbovePeers === null
      ? t('none')
      : t(r.percentAbovePeers >= 0 ? 'fuel.more' : 'fuel.less', {
          value: formatNumber(Math.abs(r.percentAbovePeers), 1),
        });

  const columns: { key: SortKey; label: string }[] = [
    { key: 'name', label: t('fuel.columns.machine') },
    { key: 'type', label: t('fuel.columns.type') },
    { key: 'fuelUsed', label: t('fuel.columns.fuelUsed', { unit: data?.volumeUnit ?? 'gal' }) },
    { key: 'fuelRate', label: t('fuel.columns.rate') },
    { key: 'peerMedian', label: t('fuel.columns.peerMedian') },
    { key: 'percentAbovePeers', label: t('fuel.columns.vsPeers') },
  ];

  const onExport = () => {
    if (!data) return;
    const csv: CsvColumn<Row>[] = [
      { header: t('fuel.columns.machine'), value: (r) => r.name },
      { header: t('fuel.columns.type'), value: (r) => te(`types.${r.type}`) },
      { header: t('fuel.columns.fuelUsed', { unit: data.volumeUnit }), value: (r) => r.fuelUsed },
      { header: t('fuel.columns.rate'), value: (r) => r.fuelRate },
      { header: t('fuel.columns.rateUnit'), value: (r) => r.rateUnit },
      { header: t('fuel.columns.peerMedian'), value: (r) => r.peerMedian },
      { header: t('fuel.columns.vsPeersPercent'), value: (r) => r.percentAbovePeers },
      { header: t('fuel.flagged'), value: (r) => r.flagged },
      {
        header: t('fuel.columns.reason'),
        value: (r) => (r.reason ? t(`fuel.reasons.${r.reason}`) : ''),
      },
    ];
    const file = exportFileName(`fuel-${data.from}-${data.to}`, today);
    downloadText(file, toCsv(csv, rows));
    toast({ title: t('fuel.exported', { count: rows.length, file }) });
  };

  return (
    <div className="grid gap-4">
      <ReportHeader
        title={t('fuel.title')}
        intro={t('fuel.intro')}
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
          <p className="text-sm" data-testid="fuel-summary">
            {t('fuel.summary', {
              count: data.totals.machines,
              flagged: data.totals.flagged,
              fuel: `${formatNumber(data.totals.fuelUsed, 1)} ${data.volumeUnit}`,
              from: formatDate(data.from),
              to: formatDate(data.to),
            })}
          </p>
          {flagged.length > 0 ? (
            <Card className="grid gap-2 border-amber-300 p-4" data-testid="fuel-flagged">
              <h3 className="font-semibold">{t('fuel.flaggedTitle')}</h3>
              <ul className="grid gap-1 text-sm">
                {flagged.map((m) => (
                  <li key={m.equipmentId}>
                    <Link
                      to={`/machines/${m.equipmentId}`}
                      className="font-medium text-primary underline"
                    >
                      {m.name}
                    </Link>{' '}
                    ·{' '}
                    {t(`fuel.flaggedLine.${m.unit === 'hours' ? 'hours' : 'distance'}`, {
                      value: formatNumber(m.percentAbovePeers ?? 0, 0),
                      type: te(`types.${m.type}`),
                    })}
                  </li>
                ))}
              </ul>
            </Card>
          ) : null}
          {compared.length > 0 ? (
            <Card className="grid gap-2 p-4">
              <h3 className="font-semibold">{t('fuel.chart')}</h3>
              <figure className="grid gap-2">
                <div className="h-72 w-full" aria-hidden>
                  <Suspense fallback={null}>
                    <FuelChart
                      rows={compared}
                      labels={{ machine: t('fuel.machineLegend'), peers: t('fuel.peersLegend') }}
                    />
                  </Suspense>
                </div>
                <figcaption className="sr-only">{t('fuel.chartAlt')}</figcaption>
              </figure>
            </Card>
          ) : null}
          {rows.length === 0 ? (
            <Card className="p-8 text-center text-sm text-muted-foreground">{t('fuel.empty')}</Card>
          ) : (
            <Card className="overflow-x-auto p-0">
              <table className="w-full text-sm" aria-label={t('fuel.table')}>
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
                        {r.flagged ? (
                          <Badge variant="outline" className="ml-2 border-amber-500">
                            {t('fuel.flagged')}
                          </Badge>
                        ) : null}
                      </td>
                      <td className="p-2">{te(`types.${r.type}`)}</td>
                      <td className="p-2 tabular-nums">
                        {formatNumber(r.fuelUsed, 1)} {r.volumeUnit}
                      </td>
                      <td className="p-2">
                        {r.fuelRate === null && r.reason
                          ? t(`fuel.reasons.${r.reason}`)
                          : rate(r, r.fuelRate)}
                      </td>
                      <td className="p-2">{rate(r, r.peerMedian)}</td>
                      <td className="p-2">{vsPeers(r)}</td>
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
