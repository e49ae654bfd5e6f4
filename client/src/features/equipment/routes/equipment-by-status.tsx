import { exportFileName, statusReportColumns } from '@domain/csv';
import { EQUIPMENT_PAGE_SIZE, type EquipmentStatusCounts } from '@domain/schemas/equipment';
import { statusOfSlug, statusPageSlugs, type StatusPageSlug } from '@domain/status';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useParams, useSearchParams } from 'react-router';
import { PageSpinner } from '@/components/page-spinner';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/data-table';
import { formatNumber } from '@/lib/format';
import { cn } from '@/lib/utils';
import { useEquipmentPage } from '../api/get-equipment-page';
import {
  EquipmentResults,
  useWholeListActions,
  WholeListHeader,
} from '../components/paged-equipment';
import { companyToday } from '@/lib/auth';
import { LoadError } from '@/components/query-states';

const PAGE = EQUIPMENT_PAGE_SIZE;
const isSlug = (s: string | undefined): s is StatusPageSlug =>
  (statusPageSlugs as readonly string[]).includes(s ?? '');
/** English status labels for file names (spec: "named with status label and date"). */
const FILE_LABEL: Record<StatusPageSlug, string> = {
  all: 'all',
  good: 'good',
  approaching: 'approaching-service',
  due: 'time-for-service',
  overdue: 'overdue',
};
const countOf = (counts: EquipmentStatusCounts, slug: StatusPageSlug) =>
  slug === 'all' ? counts.all : counts[statusOfSlug(slug)];

/** The page lives in the address (?page=, replaced, not pushed): reload and Back after an edit keep it. */
function usePageParam() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const setPage = useCallback(
    (n: number) =>
      setParams(
        (prev) => {
          const p = new URLSearchParams(prev);
          if (n > 1) p.set('page', String(n));
          else p.delete('page');
          return p;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [page, setPage] as const;
}

/**
 * The status pages (/equipment/:status): the machines of one service status, 25 at a time from
 * GET /api/equipment/page?status= (like the Equipment List). Export CSV and Print take every
 * machine of the status.
 */
export default function EquipmentByStatusPage() {
  const { t } = useTranslation('equipment');
  const params = useParams();
  const slug: StatusPageSlug = isSlug(params.status) ? params.status : 'all';
  const [page, setPage] = usePageParam();
  const list = useEquipmentPage({
    search: '',
    status: slug,
    type: 'all',
    offset: (page - 1) * PAGE,
    limit: PAGE,
  });
  const data = list.data;
  const total = data?.total ?? 0;
  const empty = total === 0;
  const title = t(`statusPage.${slug}`);
  const wholeList = useWholeListActions({ status: slug }, data, {
    fileName: () => exportFileName(`${FILE_LABEL[slug]}-equipment`, companyToday()),
    columns: statusReportColumns,
  });

  return (
    <main className="mx-auto grid max-w-7xl grid-cols-1 gap-4 p-4 md:p-6">
      <WholeListHeader
        title={title}
        count={
          data ? (
            <p className="text-sm text-muted-foreground">
              {t('statusPage.count', { count: total, n: formatNumber(total, 0) })}
            </p>
          ) : null
        }
        {...wholeList}
        disabled={empty}
        printLabel={t('statusPage.printReport')}
      />
      <nav
        aria-label={t('statusPage.filterLabel')}
        className="no-print flex gap-2 overflow-x-auto pb-1"
      >
        {statusPageSlugs.map((s) => (
          <NavLink
            key={s}
            to={`/equipment/${s}`}
            className={({ isActive }) =>
              cn(
                'flex items-center gap-1.5 whitespace-nowrap rounded-full border px-3 py-1.5 text-sm',
                isActive || (s === 'all' && !isSlug(params.status))
                  ? 'border-primary bg-primary text-primary-foreground'
                  : 'bg-background hover:bg-accent',
              )
            }
          >
            {t(`statusPage.${s}`)}
            {data ? (
              <span className="tabular-nums opacity-80">
                {formatNumber(countOf(data.counts, s), 0)}
              </span>
            ) : null}
          </NavLink>
        ))}
      </nav>
      {list.isLoading ? (
        <PageSpinner />
      ) : list.isError && !data ? (
        <LoadError t={t} error={list.error} />
      ) : (
        <div className="no-print">
          <EquipmentResults
            data={data}
            loading={list.isPlaceholderData}
            page={page}
            pageSize={PAGE}
            onPage={setPage}
            empty={
              <EmptyState title={t('statusPage.empty')} body={t('statusPage.emptyBody')}>
                <Button asChild variant="outline">
                  <Link to="/equipment/all">{t('statusPage.viewAll')}</Link>
                </Button>
              </EmptyState>
            }
          />
        </div>
      )}
      {wholeList.printView}
    </main>
  );
}
