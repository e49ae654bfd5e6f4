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
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { toast } from '@/components/ui/use-toast';
import { formatDate, formatNumber } from '@/lib/format';
import { exportCsv } from '../components/export';
import { EquipmentNameCell } from '../components/equipment-name-cell';
import { RetiredActions } from '../components/retired-actions';
import { translateError } from '@/lib/translate-message';
import { companyToday } from '@/lib/auth';

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
        <p role="alert" className="text-destructive">
          {translateError(t, q.error)}
        </p>
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
            <Card className="grid justify-items-center gap-2 p-10 text-center">
              <h2 className="text-lg font-semibold">{t('retired.empty')}</h2>
              <p className="text-sm text-muted-foreground">{t('retired.emptyBody')}</p>
            </Card>
          ) : (
            <>
              <div className="hidden lg:block print:block">
                <Card>
                  <Table>
                    <TableHeader>
                      <TableRow>
                        <TableHead>{t('columns.name')}</TableHead>
                        <TableHead>{t('columns.type')}</TableHead>
                        <TableHead>{t('columns.finalUsage')}</TableHead>
                        <TableHead>{t('columns.fuelUsed')}</TableHead>
                        <TableHead>{t('columns.dateAdded')}</TableHead>
                        <TableHead>{t('columns.retiredAt')}</TableHead>
                        <TableHead>{t('columns.retiredBy')}</TableHead>
                        <TableHead>{t('columns.notes')}</TableHead>
                        <TableHead className="no-print">{t('columns.actions')}</TableHead>
                      </TableRow>
                    </TableHeader>
                    <TableBody>
                      {items.map((r) => (
                        <TableRow key={r.id}>
                          <TableCell>
                            <EquipmentNameCell
                              type={r.type}
                              name={r.name}
                              id={r.originalEquipmentId}
                              serialNumber={r.serialNumber}
                            />
                          </TableCell>
                          <TableCell>{t(`types.${r.type}`, { defaultValue: r.type })}</TableCell>
                          <TableCell>{formatUsage(t, r.finalUsage, r.unit)}</TableCell>
                          <TableCell>{gallons(r.totalFuelUsed)}</TableCell>
                          <TableCell>{formatDate(r.originalDateAdded)}</TableCell>
                          <TableCell>{formatDate(r.retiredAt)}</TableCell>
                          <TableCell>{r.retiredBy ?? '—'}</TableCell>
                          <TableCell className="max-w-xs whitespace-pre-wrap wrap-anywhere">
                            {r.retirementNotes ?? '—'}
                          </TableCell>
                          <TableCell className="no-print">
                            <RetiredActions retired={r} />
                          </TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
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
                        <div>
                          <dt className="text-xs text-muted-foreground">
                            {t('columns.finalUsage')}
                          </dt>
                          <dd>{formatUsage(t, r.finalUsage, r.unit)}</dd>
                        </div>
                        <div>
                          <dt className="text-xs text-muted-foreground">{t('columns.fuelUsed')}</dt>
                          <dd>{gallons(r.totalFuelUsed)}</dd>
                        </div>
                        <div>
                          <dt className="text-xs text-muted-foreground">
                            {t('columns.retiredAt')}
                          </dt>
                          <dd>{formatDate(r.retiredAt)}</dd>
                        </div>
                        <div>
                          <dt className="text-xs text-muted-foreground">
                            {t('columns.retiredBy')}
                          </dt>
                          <dd className="[overflow-wrap:anywhere]">{r.retiredBy ?? '—'}</dd>
                        </div>
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
