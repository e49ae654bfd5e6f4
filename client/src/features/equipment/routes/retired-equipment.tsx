import { exportFileName, retiredEquipmentColumns } from '@domain/csv';
import type { RetiredEquipmentDto } from '@domain/schemas/equipment';
import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatUsage, shortId } from '@/components/equipment/format';
import { useRetiredEquipment } from '@/components/equipment/equipment-queries';
import { TypeIcon } from '@/components/equipment/type-icon';
import { PageSpinner } from '@/components/page-spinner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { type Column, DataTable, DetailItem, EmptyState } from '@/components/data-table';
import { toast } from '@/components/ui/use-toast';
import { formatDate, formatNumber } from '@/lib/format';
import { exportCsv } from '../components/export';
import { EquipmentNameCell } from '../components/equipment-name-cell';
import { RetiredActions } from '../components/retired-actions';
import { companyToday } from '@/lib/auth';
import { LoadError } from '@/components/query-states';

function totalsByUnit(items: RetiredEquipmentDto[]) {
  const by = new Map<string, number>();
  for (const r of items) by.set(r.unit, (by.get(r.unit) ?? 0) + r.finalUsage);
  return [...by.entries()];
}

export default function RetiredEquipmentPage() {
  const { t } = useTranslation('equipment');
  const { t: tc } = useTranslation('common');
  const q = useRetiredEquipment();
  const items = q.data ?? [];
  const totalFuel = items.reduce((s, r) => s + r.totalFuelUsed, 0);
  const gallons = (n: number) => t('retired.gallons', { value: formatNumber(n, 1) });

  const columns: Column<RetiredEquipmentDto>[] = [
    {
      key: 'name',
      head: t('columns.name'),
      cell: (r) => (
        <EquipmentNameCell
          type={r.type}
          name={r.name}
          id={r.originalEquipmentId}
          serialNumber={r.serialNumber}
        />
      ),
    },
    {
      key: 'type',
      head: t('columns.type'),
      cell: (r) => t(`types.${r.type}`, { defaultValue: r.type }),
    },
    {
      key: 'usage',
      head: t('columns.finalUsage'),
      cell: (r) => formatUsage(t, r.finalUsage, r.unit),
    },
    { key: 'fuel', head: t('columns.fuelUsed'), cell: (r) => gallons(r.totalFuelUsed) },
    { key: 'added', head: t('columns.dateAdded'), cell: (r) => formatDate(r.originalDateAdded) },
    { key: 'retired', head: t('columns.retiredAt'), cell: (r) => formatDate(r.retiredAt) },
    { key: 'by', head: t('columns.retiredBy'), cell: (r) => r.retiredBy ?? '—' },
    {
      key: 'notes',
      head: t('columns.notes'),
      cellClassName: 'max-w-xs whitespace-pre-wrap wrap-anywhere',
      cell: (r) => r.retirementNotes ?? '—',
    },
    {
      key: 'actions',
      head: t('columns.actions'),
      className: 'no-print',
      cell: (r) => <RetiredActions retired={r} />,
    },
  ];

  const onExport = () => {
    if (items.length === 0) {
      toast({
        title: t('toast.noRetiredToExport'),
        description: t('toast.noRetiredToExportBody'),
        variant: 'destructive',
      });
      return;
    }
    exportCsv(exportFileName('retired-equipment', companyToday()), retiredEquipmentColumns, items);
  };

  return (
    <main className="mx-auto grid max-w-7xl grid-cols-1 gap-4 p-4 md:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{tc('titles.retiredEquipment')}</h1>
        <Button variant="outline" className="no-print" onClick={onExport}>
          <Download aria-hidden /> {t('actions.exportCsv')}
        </Button>
      </div>
      {q.isLoading ? (
        <PageSpinner />
      ) : q.isError ? (
        <LoadError t={t} error={q.error} />
      ) : (
        <>
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
            <Card>
              <CardHeader className="pb-2 text-sm text-muted-foreground">
                {t('retired.count')}
              </CardHeader>
              <CardContent className="text-2xl font-bold" data-testid="retired-count">
                {formatNumber(items.length)}
              </CardContent>
            </Card>
            <Card>
              <CardHeader className="pb-2 text-sm text-muted-foreground">
                {t('retired.totalUsage')}
              </CardHeader>
              <CardContent className="grid gap-1 text-lg font-bold">
                {items.length === 0
                  ? '0'
                  : totalsByUnit(items).map(([unit, total]) => (
                      <span key={unit}>{formatUsage(t, total, unit)}</span>
                    ))}
              </CardContent>
            </Card>
            <Card>
              <CardHeader className="pb-2 text-sm text-muted-foreground">
                {t('retired.totalFuel')}
              </CardHeader>
              <CardContent className="text-2xl font-bold">{gallons(totalFuel)}</CardContent>
            </Card>
          </div>
          {items.length === 0 ? (
            <EmptyState
              className="gap-2"
              title={t('retired.empty')}
              body={t('retired.emptyBody')}
            />
          ) : (
            <>
              <div className="hidden lg:block print:block">
                <Card>
                  <DataTable rows={items} rowKey={(r) => r.id} columns={columns} />
                </Card>
              </div>
              <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:hidden print:hidden">
                {items.map((r) => (
                  <li key={r.id}>
                    <Card className="grid grid-cols-1 gap-2 p-4" data-testid="retired-card">
                      <div className="flex items-center gap-2">
                        <TypeIcon type={r.type} className="h-6 w-6" />
                        <div className="min-w-0">
                          <h3 className="truncate font-semibold">{r.name}</h3>
                          <p className="text-xs text-muted-foreground">
                            {t(`types.${r.type}`, { defaultValue: r.type })} · {t('columns.id')}{' '}
                            {shortId(r.originalEquipmentId)}
                          </p>
                        </div>
                      </div>
                      <dl className="grid min-w-0 grid-cols-2 gap-2 text-sm">
                        <DetailItem label={t('columns.finalUsage')}>
                          {formatUsage(t, r.finalUsage, r.unit)}
                        </DetailItem>
                        <DetailItem label={t('columns.fuelUsed')}>
                          {gallons(r.totalFuelUsed)}
                        </DetailItem>
                        <DetailItem label={t('columns.retiredAt')}>
                          {formatDate(r.retiredAt)}
                        </DetailItem>
                        <DetailItem
                          label={t('columns.retiredBy')}
                          className="[overflow-wrap:anywhere]"
                        >
                          {r.retiredBy ?? '—'}
                        </DetailItem>
                      </dl>
                      {r.retirementNotes && (
                        <p className="whitespace-pre-wrap wrap-anywhere text-sm">
                          {r.retirementNotes}
                        </p>
                      )}
                      <RetiredActions retired={r} />
                    </Card>
                  </li>
                ))}
              </ul>
            </>
          )}
        </>
      )}
    </main>
  );
}
