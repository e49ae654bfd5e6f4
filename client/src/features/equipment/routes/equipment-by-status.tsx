import { exportFileName, statusReportColumns } from '@domain/csv';
import { statusPageSlugs, type StatusPageSlug } from '@domain/status';
import { Download, Printer } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useParams } from 'react-router';
import { useEquipmentList } from '@/components/equipment/equipment-queries';
import { PageSpinner } from '@/components/page-spinner';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { fileDate, formatDate } from '@/lib/format';
import { cn } from '@/lib/utils';
import { EquipmentTable } from '../components/equipment-table';
import { exportCsv } from '../components/export';

const isSlug = (s: string | undefined): s is StatusPageSlug => (statusPageSlugs as readonly string[]).includes(s ?? '');
/** English status labels for file names (spec: "named with status label and date"). */
const FILE_LABEL: Record<StatusPageSlug, string> = { all: 'all', good: 'good', approaching: 'approaching-service', due: 'time-for-service', overdue: 'overdue' };

export default function EquipmentByStatusPage() {
  const { t } = useTranslation('equipment');
  const params = useParams();
  const slug: StatusPageSlug = isSlug(params.status) ? params.status : 'all';
  const list = useEquipmentList({ status: slug });
  const items = list.data ?? [];
  const empty = items.length === 0;
  const title = t(`statusPage.${slug}`);

  return (
    <main className="mx-auto grid max-w-7xl grid-cols-1 gap-4 p-4 md:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">{title}</h1>
          <p className="text-sm text-muted-foreground">{t('statusPage.count', { count: items.length })}</p>
          <p className="print-only text-sm">{t('list.printedOn', { date: formatDate(new Date()) })}</p>
        </div>
        <div className="no-print flex flex-wrap gap-2" role="toolbar">
          <Button variant="outline" disabled={empty} onClick={() => exportCsv(exportFileName(`${FILE_LABEL[slug]}-equipment`, fileDate()), statusReportColumns, items)}>
            <Download aria-hidden /> {t('actions.exportCsv')}
          </Button>
          <Button variant="outline" disabled={empty} onClick={() => window.print()}>
            <Printer aria-hidden /> {t('statusPage.printReport')}
          </Button>
        </div>
      </div>
      <nav aria-label={t('statusPage.filterLabel')} className="no-print flex gap-2 overflow-x-auto pb-1">
        {statusPageSlugs.map((s) => (
          <NavLink
            key={s}
            to={`/equipment/${s}`}
            className={({ isActive }) =>
              cn('whitespace-nowrap rounded-full border px-3 py-1.5 text-sm', isActive || (s === 'all' && !isSlug(params.status)) ? 'border-primary bg-primary text-primary-foreground' : 'bg-background hover:bg-accent')
            }
          >
            {t(`statusPage.${s}`)}
          </NavLink>
        ))}
      </nav>
      {list.isLoading ? (
        <PageSpinner />
      ) : list.isError ? (
        <p role="alert" className="text-destructive">{list.error.message}</p>
      ) : empty ? (
        <Card className="grid justify-items-center gap-3 p-10 text-center">
          <h2 className="text-lg font-semibold">{t('statusPage.empty')}</h2>
          <p className="text-sm text-muted-foreground">{t('statusPage.emptyBody')}</p>
          <Button asChild variant="outline">
            <Link to="/equipment/all">{t('statusPage.viewAll')}</Link>
          </Button>
        </Card>
      ) : (
        <EquipmentTable items={items} />
      )}
    </main>
  );
}
