import type { EquipmentDto } from '@domain/schemas/equipment';
import type { MachinePageDto } from '@domain/schemas/machine-page';
import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { volumeIn } from '@domain/fuel';
import { useCurrentUser } from '@/lib/auth';
import { formatUsage } from '@/components/equipment/format';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatDateTime, formatMonth, formatNumber, formatUsd } from '@/lib/format';
import { useInView } from '@/lib/use-in-view';

// recharts is the heaviest chunk (and drawing a chart a long task on a phone): it loads and draws only
// when half of a chart's slot is on screen. On a phone the first screen shows at most the top of the
// first chart (its title and summary, above the slot), so opening the page does not pay for it.
const UsageChart = lazy(() => import('./machine-charts').then((m) => ({ default: m.UsageChart })));
const MonthChart = lazy(() => import('./machine-charts').then((m) => ({ default: m.MonthChart })));

/**
 * One chart with its text alternative: a one-line summary (visible, and the chart's label) and its
 * data as a table for screen readers.
 */
function ChartCard({
  title,
  summary,
  empty,
  table,
  children,
  testId,
}: {
  title: string;
  summary: string;
  empty: string | null;
  table: { head: string[]; rows: string[][] };
  children: ReactNode;
  testId: string;
}) {
  const slot = useInView<HTMLDivElement>('0px', 0.5);
  return (
    <Card data-testid={testId} className="relative">
      <CardHeader className="pb-2">
        <CardTitle className="text-base">{title}</CardTitle>
        <p className="text-xs text-muted-foreground">{empty ?? summary}</p>
      </CardHeader>
      <CardContent>
        {empty ? null : (
          <>
            <div
              ref={slot.ref}
              className="h-52 w-full overflow-hidden"
              role="img"
              aria-label={`${title}: ${summary}`}
            >
              {slot.inView ? (
                <Suspense fallback={<div className="h-full animate-pulse rounded-md bg-muted" />}>
                  {children}
                </Suspense>
              ) : null}
            </div>
            {/* A block, not the table, is visually hidden: a table is as wide as its cells whatever its width. */}
            <div className="sr-only">
              <table>
                <caption>{title}</caption>
                <thead>
                  <tr>
                    {table.head.map((h) => (
                      <th key={h} scope="col">
                        {h}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {table.rows.map((r, i) => (
                    <tr key={i}>
                      {r.map((c, j) => (
                        <td key={j}>{c}</td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}

/** Usage over time (services and voided readings marked), fuel per month, maintenance cost per month. */
export function MachineCharts({
  equipment: e,
  charts,
}: {
  equipment: EquipmentDto;
  charts: MachinePageDto['charts'];
}) {
  const { t } = useTranslation('machines');
  const { t: te } = useTranslation('equipment');
  const usage = (v: number) => formatUsage(te, v, e.unit);
  // Fuel months arrive in stored gallons; shown in the company's unit, converted once here.
  const volumeUnit = useCurrentUser().user?.volumeUnit ?? 'gal';
  const fuelMonths = charts.fuelByMonth.map((m) => ({
    ...m,
    value: volumeIn(m.value, volumeUnit),
  }));
  const gallons = (v: number) =>
    t('figures.volume', { value: formatNumber(v, 1), unit: volumeUnit });
  const kept = charts.usage.filter((p) => !p.voided);
  const voidedCount = charts.usage.length - kept.length;
  const first = kept[0];
  const last = kept[kept.length - 1];
  /** A chart of one figure per month, its summary and its table (fuel added, maintenance cost). */
  const monthCard = (
    testId: string,
    title: string,
    noData: string,
    months: MachinePageDto['charts']['fuelByMonth'],
    name: string,
    color: string,
    format: (v: number) => string,
  ) => (
    <ChartCard
      testId={testId}
      title={title}
      empty={months.length ? null : noData}
      summary={t('charts.monthSummary', {
        count: months.length,
        total: format(months.reduce((sum, m) => sum + m.value, 0)),
      })}
      table={{
        head: [t('charts.month'), name],
        rows: months.map((m) => [formatMonth(m.month), format(m.value)]),
      }}
    >
      <MonthChart months={months} name={name} color={color} format={format} />
    </ChartCard>
  );
  return (
    <section aria-labelledby="charts-heading" className="grid gap-3">
      <h2 id="charts-heading" className="sr-only">
        {t('charts.title')}
      </h2>
      <div className="grid grid-cols-1 gap-3 lg:grid-cols-3">
        <ChartCard
          testId="usage-chart"
          title={t('charts.usage')}
          empty={
            e.unit === 'n/a' ? t('charts.noMeter') : kept.length < 1 ? t('charts.noReadings') : null
          }
          summary={
            first && last
              ? t('charts.usageSummary', {
                  count: kept.length,
                  from: usage(first.usage),
                  to: usage(last.usage),
                  services: charts.services.length,
                  voided: voidedCount,
                })
              : ''
          }
          table={{
            head: [t('charts.when'), t('charts.reading'), t('charts.state')],
            rows: [
              ...charts.usage.map((p) => [
                formatDateTime(p.at),
                usage(p.usage),
                p.voided ? t('charts.voided') : '',
              ]),
              ...charts.services.map((s) => [
                s.date,
                s.usage === null ? '' : usage(s.usage),
                t('charts.service'),
              ]),
            ],
          }}
        >
          <UsageChart
            usage={charts.usage}
            services={charts.services}
            labels={{
              usage: t('charts.reading'),
              voided: t('charts.voided'),
              service: t('charts.service'),
              unit: e.unit === 'n/a' ? '' : te(`units.${e.unit}`),
            }}
          />
        </ChartCard>
        {monthCard(
          'fuel-chart',
          t('charts.fuel'),
          t('charts.noFuel'),
          fuelMonths,
          t('charts.fuelAdded'),
          '#0891b2',
          gallons,
        )}
        {monthCard(
          'cost-chart',
          t('charts.cost'),
          t('charts.noCost'),
          charts.costByMonth,
          t('charts.costLabel'),
          '#16a34a',
          formatUsd,
        )}
      </div>
    </section>
  );
}
