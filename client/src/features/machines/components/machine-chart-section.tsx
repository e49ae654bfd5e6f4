import type { EquipmentDto } from '@domain/schemas/equipment';
import type { MachinePageDto } from '@domain/schemas/machine-page';
import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
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
  const gallons = (v: number) => t('figures.gallons', { value: formatNumber(v, 1) });
  const kept = charts.usage.filter((p) => !p.voided);
  const voidedCount = charts.usage.length - kept.length;
  const first = kept[0];
  const last = kept[kept.length - 1];
  const monthRows = (months: MachinePageDto['charts']['fuelByMonth'], f: (v: number) => string) =>
    months.map((m) => [formatMonth(m.month), f(m.value)]);
  const monthSummary = (
    months: MachinePageDto['charts']['fuelByMonth'],
    f: (v: number) => string,
  ) =>
    t('charts.monthSummary', {
      count: months.length,
      total: f(months.reduce((s, m) => s + m.value, 0)),
    });
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
        <ChartCard
          testId="fuel-chart"
          title={t('charts.fuel')}
          empty={charts.fuelByMonth.length ? null : t('charts.noFuel')}
          summary={monthSummary(charts.fuelByMonth, gallons)}
          table={{
            head: [t('charts.month'), t('charts.fuelAdded')],
            rows: monthRows(charts.fuelByMonth, gallons),
          }}
        >
          <MonthChart
            months={charts.fuelByMonth}
            name={t('charts.fuelAdded')}
            color="#0891b2"
            format={gallons}
          />
        </ChartCard>
        <ChartCard
          testId="cost-chart"
          title={t('charts.cost')}
          empty={charts.costByMonth.length ? null : t('charts.noCost')}
          summary={monthSummary(charts.costByMonth, formatUsd)}
          table={{
            head: [t('charts.month'), t('charts.costLabel')],
            rows: monthRows(charts.costByMonth, formatUsd),
          }}
        >
          <MonthChart
            months={charts.costByMonth}
            name={t('charts.costLabel')}
            color="#16a34a"
            format={formatUsd}
          />
        </ChartCard>
      </div>
    </section>
  );
}
