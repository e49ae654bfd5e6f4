import { equipmentListColumns, exportFileName } from '@domain/csv';
import { Download, Plus, Printer } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useEquipmentList } from '@/components/equipment/equipment-queries';
import { PageSpinner } from '@/components/page-spinner';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { fileDate, formatDate } from '@/lib/format';
import { EquipmentTable } from '../components/equipment-table';
import { exportCsv } from '../components/export';

export default function EquipmentListPage() {
  const { t } = useTranslation('equipment');
  const { t: tc } = useTranslation('common');
  const list = useEquipmentList();
  const items = list.data ?? [];
  const empty = items.length === 0;

  return (
    <main className="mx-auto grid max-w-7xl grid-cols-1 gap-4 p-4 md:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">{tc('titles.equipmentList')}</h1>
          <p className="print-only text-sm">{t('list.printedOn', { date: formatDate(new Date()) })}</p>
        </div>
        <div className="no-print flex flex-wrap gap-2" role="toolbar">
          <Button variant="outline" disabled={empty} onClick={() => exportCsv(exportFileName('equipment-list', fileDate()), equipmentListColumns, items)}>
            <Download aria-hidden /> {t('actions.exportCsv')}
          </Button>
          <Button variant="outline" disabled={empty} onClick={() => window.print()}>
            <Printer aria-hidden /> {t('actions.print')}
          </Button>
          <Button asChild>
            <Link to="/add-equipment">
              <Plus aria-hidden /> {t('actions.add')}
            </Link>
          </Button>
        </div>
      </div>
      {list.isLoading ? (
        <PageSpinner />
      ) : list.isError ? (
        <p role="alert" className="text-destructive">{list.error.message}</p>
      ) : empty ? (
        <Card className="grid justify-items-center gap-3 p-10 text-center">
          <h2 className="text-lg font-semibold">{t('list.empty')}</h2>
          <p className="text-sm text-muted-foreground">{t('list.emptyBody')}</p>
          <Button asChild>
            <Link to="/add-equipment">
              <Plus aria-hidden /> {t('actions.addFirst')}
            </Link>
          </Button>
        </Card>
      ) : (
        <EquipmentTable items={items} />
      )}
    </main>
  );
}
