import { lazy, Suspense, useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AfterFirstPaint } from '@/components/after-first-paint';
import { ServiceDialog } from '@/components/equipment/lazy-dialogs';
import { PageSpinner } from '@/components/page-spinner';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { downloadText } from '@/lib/download';

import { fetchFilteredEquipment, FIRST_OVERVIEW, useDashboardOverview } from '../api/get-equipment';
import type { TypeFilter } from '../components/filter-bar';
import { EmptyState } from '../components/empty-state';
import { useExportRun } from '../components/use-export-run';
import { HistoryCard } from '../components/history-card';
import { RecentUpdatesCard } from '../components/recent-updates-card';
import { SummaryTiles, type StatusFilter } from '../components/summary-tiles';
import { translateError } from '@/lib/translate-message';
import { companyToday } from '@/lib/auth';

const PAGE = FIRST_OVERVIEW.limit;

// Below the first screen, in a chunk of its own that starts loading after the first paint (not with the
// page: the tiles and the latest updates show without waiting for its code).
const loadMore = () => import('../components/dashboard-more');
const DashboardMore = lazy(() => loadMore().then((m) => ({ default: m.DashboardMore })));
const AdminToolsCard = lazy(() => loadMore().then((m) => ({ default: m.AdminToolsCard })));
// Shown after the first paint: its own chunk.
const InspectionsCard = lazy(() =>
  import('../components/inspections-card').then((m) => ({ default: m.InspectionsCard })),
);
// The service form loads when a service is first recorded (components/equipment/lazy-dialogs.tsx).

/** The manager dashboard (owners and managers at /). */
export default function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const [status, setStatus] = useState<StatusFilter>('all');
  const [type, setType] = useState<TypeFilter>('all');
  const [search, setSearch] = useState('');
  const [limit, setLimit] = useState(PAGE);
  const deferredSearch = useDeferredValue(search);
  const overviewQ = useDashboardOverview({ status, type, search: deferredSearch, limit });
  const [servicingId, setServicingId] = useState<string | null>(null);
  const { exporting, run } = useExportRun();

  // The first answer is rendered in a deferred (time-sliced) render with the spinner up meanwhile: a
  // query result alone would build the whole dashboard in one synchronous, long task. Later answers
  // (filters, paging) show at once.
  const firstData = useDeferredValue(overviewQ.data);
  const data = firstData === undefined ? undefined : overviewQ.data;
  const items = data?.items ?? [];
  const filtered = status !== 'all' || type !== 'all' || search.trim() !== '';
  const resetPaging =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setLimit(PAGE);
    };

  const exportReport = () =>
    run(async () => {
      const [rows, { exportFileName, maintenanceReportColumns, toCsv }] = await Promise.all([
        fetchFilteredEquipment({ status, type, search }),
        import('@domain/csv'),
      ]);
      if (rows.length === 0) {
        toast({
          title: t('filters.noData'),
          description: t('filters.noDataBody'),
          variant: 'destructive',
        });
        return;
      }
      downloadText(
        exportFileName('equipment-maintenance-report', companyToday()),
        toCsv(maintenanceReportColumns, rows),
      );
      toast({ title: t('exportComplete'), description: t('exportedRows', { count: rows.length }) });
    });

  if (overviewQ.isLoading || (overviewQ.data && !data)) return <PageSpinner />;

  const hasEquipment = (data?.counts.all ?? 0) > 0;
  const header = (
    <div className="flex flex-wrap items-end justify-between gap-2">
      <div>
        <h1 className="text-2xl font-bold">{t('title')}</h1>
        <p className="text-sm text-muted-foreground">{t('subtitle')}</p>
      </div>
      {hasEquipment ? (
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline">
            <Link to="/due-soon">{t('dueSoon')}</Link>
          </Button>
          <Button asChild>
            <Link to="/add-equipment">{t('addEquipment')}</Link>
          </Button>
        </div>
      ) : null}
    </div>
  );

  if (overviewQ.isError && !data) {
    return (
      <main className="mx-auto grid max-w-7xl grid-cols-1 gap-6 p-4 md:p-6">
        {header}
        <p role="alert" className="text-destructive">
          {t('loadFailed', {
            message: overviewQ.error ? translateError(t, overviewQ.error) : '',
          })}
        </p>
      </main>
    );
  }

  if (!data || !hasEquipment) {
    return (
      <main className="mx-auto grid max-w-7xl grid-cols-1 gap-6 p-4 md:p-6">
        {header}
        <EmptyState />
        <AfterFirstPaint>
          <Suspense fallback={null}>
            <AdminToolsCard />
          </Suspense>
        </AfterFirstPaint>
      </main>
    );
  }

  return (
    <main className="mx-auto grid max-w-7xl grid-cols-1 gap-6 p-4 md:p-6">
      {header}
      <SummaryTiles counts={data.counts} active={status} onSelect={resetPaging(setStatus)} />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <RecentUpdatesCard
          unitOf={(id) => items.find((e) => e.id === id)?.unit}
          onServiced={(id) => setServicingId(id)}
          servicingId={servicingId}
        />
        {servicingId !== null ? (
          <Suspense fallback={null}>
            <ServiceDialog
              equipmentId={servicingId}
              open
              onOpenChange={(o) => {
                if (!o) setServicingId(null);
              }}
            />
          </Suspense>
        ) : null}
        <HistoryCard />
      </div>
      {/* Pre-use inspections (issue 16): open defects, out of service, not inspected today. */}
      <AfterFirstPaint>
        <Suspense fallback={null}>
          <InspectionsCard />
        </Suspense>
      </AfterFirstPaint>
      {/* The tiles and the latest updates first; the fuel summary, the overview and the tools right after. */}
      <AfterFirstPaint>
        <Suspense fallback={null}>
          <DashboardMore
            filters={{
              search,
              onSearch: resetPaging(setSearch),
              status,
              onStatus: resetPaging(setStatus),
              type,
              onType: resetPaging(setType),
              onExport: () => void exportReport(),
              exporting,
            }}
            overview={{
              equipment: items,
              total: data.total,
              onShowMore: () => setLimit((l) => l + PAGE),
              loadingMore: overviewQ.isFetching,
              filtered,
              onClearFilters: () => {
                setStatus('all');
                setType('all');
                setSearch('');
                setLimit(PAGE);
              },
            }}
          />
        </Suspense>
      </AfterFirstPaint>
    </main>
  );
}
