import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Tabs } from 'radix-ui';
import { PageSpinner } from '@/components/page-spinner';
import { ReportFiltersBar, useReportFilters } from '../components/report-filters';
import CostsTab from '../components/costs-tab';

const FuelTab = lazy(() => import('../components/fuel-tab'));
const UtilizationTab = lazy(() => import('../components/utilization-tab'));
const DowntimeTab = lazy(() => import('../components/downtime-tab'));

const TABS = ['costs', 'fuel', 'utilization', 'downtime'] as const;
type Tab = (typeof TABS)[number];

/**
 * Fleet reports (issue 45): one tab per report, Costs first (`?tab=utilization`, `?tab=downtime` link to the others), the period and type
 * pickers shared by all of them above the tabs.
 */
export default function ReportsPage() {
  const { t } = useTranslation('reports');
  const f = useReportFilters();
  const [search, setSearch] = useSearchParams();
  const asked = search.get('tab');
  const tab: Tab = TABS.includes(asked as Tab) ? (asked as Tab) : 'costs';
  const onTab = (v: string) =>
    setSearch(
      (s) => {
        const next = new URLSearchParams(s);
        if (v === 'costs') next.delete('tab');
        else next.set('tab', v);
        return next;
      },
      { replace: true },
    );

  return (
    <main className="mx-auto grid max-w-6xl grid-cols-1 gap-4 p-4 md:p-6">
      <h1 className="text-2xl font-bold">{t('title')}</h1>
      <Tabs.Root value={tab} onValueChange={onTab} className="grid gap-4">
        <Tabs.List aria-label={t('tabs.label')} className="no-print flex flex-wrap gap-1 border-b">
          {TABS.map((v) => (
            <Tabs.Trigger
              key={v}
              value={v}
              className="-mb-px min-h-11 border-b-2 border-transparent px-4 font-medium text-muted-foreground data-[state=active]:border-primary data-[state=active]:text-foreground"
            >
              {t(`tabs.${v}`)}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <ReportFiltersBar f={f} />
        <Tabs.Content value="costs">
          <CostsTab filter={f.filter} today={f.today} />
        </Tabs.Content>
        <Tabs.Content value="fuel">
          <Suspense fallback={<PageSpinner />}>
            <FuelTab filter={f.filter} today={f.today} />
          </Suspense>
        </Tabs.Content>
        <Tabs.Content value="utilization">
          <Suspense fallback={<PageSpinner />}>
            <UtilizationTab filter={f.filter} today={f.today} />
          </Suspense>
        </Tabs.Content>
        <Tabs.Content value="downtime">
          <Suspense fallback={<PageSpinner />}>
            <DowntimeTab filter={f.filter} today={f.today} />
          </Suspense>
        </Tabs.Content>
      </Tabs.Root>
    </main>
  );
}
