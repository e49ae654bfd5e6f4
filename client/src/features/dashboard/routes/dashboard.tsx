import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { exportFileName, maintenanceReportColumns, toCsv } from '@domain/csv';
import type { EquipmentDto } from '@domain/schemas/equipment';
import { useMarkServiced } from '@/components/equipment/equipment-actions';
import { PageSpinner } from '@/components/page-spinner';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { downloadText } from '@/lib/download';
import { fileDate } from '@/lib/format';
import { useDashboardEquipment } from '../api/get-equipment';
import { AdminToolsCard } from '../components/admin-tools-card';
import { EmptyState } from '../components/empty-state';
import { EquipmentOverview } from '../components/equipment-overview';
import { FilterBar, type TypeFilter } from '../components/filter-bar';
import { FuelCard } from '../components/fuel-card';
import { HistoryCard } from '../components/history-card';
import { RecentUpdatesCard, type Criticality } from '../components/recent-updates-card';
import { SummaryTiles, type StatusFilter } from '../components/summary-tiles';

function matchesSearch(e: EquipmentDto, q: string) {
  if (!q) return true;
  const needle = q.trim().toLowerCase();
  return [e.name, e.type, e.serialNumber ?? ''].some((v) => v.toLowerCase().includes(needle));
}

/** The manager dashboard (owners and managers at /). */
export default function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const equipmentQ = useDashboardEquipment();
  const serviced = useMarkServiced();
  const [servicingId, setServicingId] = useState<string | null>(null);
  const [status, setStatus] = useState<StatusFilter>('all');
  const [type, setType] = useState<TypeFilter>('all');
  const [search, setSearch] = useState('');

  const all = useMemo(() => equipmentQ.data ?? [], [equipmentQ.data]);
  const byId = useMemo(() => new Map(all.map((e) => [e.id, e])), [all]);
  const counts = useMemo(() => {
    const c: Record<StatusFilter, number> = { all: all.length, good: 0, approaching_service: 0, time_for_service: 0, overdue: 0 };
    for (const e of all) c[e.status.serviceStatus] += 1;
    return c;
  }, [all]);
  const visible = useMemo(
    () => all.filter((e) => (status === 'all' || e.status.serviceStatus === status) && (type === 'all' || e.type === type) && matchesSearch(e, search)),
    [all, status, type, search],
  );
  const filtered = status !== 'all' || type !== 'all' || search.trim() !== '';

  const criticalityOf = (id: string): Criticality => {
    const e = byId.get(id);
    if (!e) return 'none';
    return e.status.severelyCritical ? 'severe' : e.status.critical ? 'critical' : 'none';
  };

  const exportReport = () => {
    if (visible.length === 0) {
      toast({ title: t('filters.noData'), description: t('filters.noDataBody'), variant: 'destructive' });
      return;
    }
    downloadText(exportFileName('equipment-maintenance-report', fileDate()), toCsv(maintenanceReportColumns, visible));
    toast({ title: t('exportComplete'), description: t('exportedRows', { count: visible.length }) });
  };

  if (equipmentQ.isLoading) return <PageSpinner />;

  const header = (
    <div className="flex flex-wrap items-end justify-between gap-2">
      <div>
        <h1 className="text-2xl font-bold">{t('title')}</h1>
        <p className="text-sm text-muted-foreground">{t('subtitle')}</p>
      </div>
      {all.length > 0 ? (
        <Button asChild>
          <Link to="/add-equipment">{t('addEquipment')}</Link>
        </Button>
      ) : null}
    </div>
  );

  if (equipmentQ.isError) {
    return (
      <main className="mx-auto grid max-w-7xl gap-6 p-4 md:p-6">
        {header}
        <p role="alert" className="text-destructive">
          {t('loadFailed', { message: equipmentQ.error instanceof Error ? equipmentQ.error.message : '' })}
        </p>
      </main>
    );
  }

  if (all.length === 0) {
    return (
      <main className="mx-auto grid max-w-7xl gap-6 p-4 md:p-6">
        {header}
        <EmptyState />
        <AdminToolsCard />
      </main>
    );
  }

  return (
    <main className="mx-auto grid max-w-7xl gap-6 p-4 md:p-6">
      {header}
      <SummaryTiles counts={counts} active={status} onSelect={setStatus} />
      <div className="grid gap-6 lg:grid-cols-2">
        <RecentUpdatesCard
          criticalityOf={criticalityOf}
          unitOf={(id) => byId.get(id)?.unit}
          onServiced={(id) => {
            const e = byId.get(id);
            if (!e) return;
            setServicingId(id);
            serviced.run(e);
          }}
          servicingId={serviced.isPending ? servicingId : null}
        />
        <HistoryCard />
      </div>
      <FuelCard />
      <section aria-label={t('overview.title')} className="grid gap-4">
        <FilterBar search={search} onSearch={setSearch} status={status} onStatus={setStatus} type={type} onType={setType} onExport={exportReport} />
        <EquipmentOverview
          equipment={visible}
          filtered={filtered}
          onClearFilters={() => {
            setStatus('all');
            setType('all');
            setSearch('');
          }}
        />
      </section>
      <AdminToolsCard />
    </main>
  );
}
