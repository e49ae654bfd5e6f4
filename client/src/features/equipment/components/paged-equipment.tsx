import type { CsvColumn } from '@domain/csv';
import type { EquipmentDto, EquipmentPage } from '@domain/schemas/equipment';
import { useQueryClient } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight, Download, Loader2, Printer } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  equipmentListQueryOptions,
  type EquipmentFilters,
} from '@/components/equipment/equipment-queries';
import { Button } from '@/components/ui/button';
import { companyToday } from '@/lib/auth';
import { formatDate, formatNumber } from '@/lib/format';
import { EquipmentTable, type Selection } from './equipment-table';
import { exportCsv } from './export';
import { toastFailure } from '@/components/toast-failure';

type ResultsProps = {
  data: EquipmentPage | undefined;
  /** The previous page is on screen while the asked one loads. */
  loading: boolean;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  /** Shown instead of the table when nothing matches. */
  empty: ReactNode;
  selection?: Selection;
};

/**
 * One page of machines from GET /api/equipment/page (the Equipment List and the status pages):
 * "Showing 26-50 of 2,000 machines" (a polite live region that takes focus after Previous/Next),
 * the table, and Previous/Next.
 */
export function EquipmentResults({
  data,
  loading,
  page,
  pageSize,
  onPage,
  empty,
  selection,
}: ResultsProps) {
  const { t } = useTranslation('equipment');
  const total = data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const offset = (page - 1) * pageSize;
  const summaryRef = useRef<HTMLParagraphElement>(null);
  const focusSummary = useRef(false);

  // A page past the end (the last machine of the last page was removed): show the last page.
  useEffect(() => {
    if (data && !loading && page > pages) onPage(pages);
  }, [data, loading, page, pages, onPage]);

  // After Previous/Next, focus moves to the summary at the top of the new page (and is read out).
  useEffect(() => {
    if (!focusSummary.current || loading || !data) return;
    focusSummary.current = false;
    summaryRef.current?.focus();
    summaryRef.current?.scrollIntoView({ block: 'start' });
  }, [data, loading]);

  const goTo = (n: number) => {
    focusSummary.current = true;
    onPage(n);
  };

  return (
    <section
      aria-labelledby="equipment-summary"
      aria-busy={loading}
      className="grid grid-cols-1 gap-4"
    >
      <div className="flex min-h-6 flex-wrap items-center justify-between gap-2">
        <p
          id="equipment-summary"
          ref={summaryRef}
          tabIndex={-1}
          aria-live="polite"
          className="scroll-mt-20 text-sm font-medium outline-none"
          data-testid="equipment-summary"
        >
          {total === 0
            ? t('list.noMatches')
            : t('list.showing', {
                count: total,
                from: formatNumber(offset + 1, 0),
                to: formatNumber(Math.min(offset + pageSize, total), 0),
                total: formatNumber(total, 0),
              })}
        </p>
        {loading ? (
          <span className="flex items-center gap-1.5 text-sm text-muted-foreground">
            <Loader2 className="h-4 w-4 animate-spin" aria-hidden />
            {t('list.updating')}
          </span>
        ) : null}
      </div>
      {total === 0 ? (
        empty
      ) : (
        <div className={loading ? 'opacity-60 transition-opacity' : undefined}>
          <EquipmentTable items={data?.items ?? []} selection={selection} />
        </div>
      )}
      {pages > 1 ? (
        <nav aria-label={t('list.pagination')} className="flex items-center justify-between gap-2">
          <Button
            variant="outline"
            onClick={() => goTo(page - 1)}
            disabled={page <= 1}
            aria-label={t('list.previousPage')}
          >
            <ChevronLeft aria-hidden /> {t('list.previous')}
          </Button>
          <p className="text-sm text-muted-foreground" data-testid="equipment-page">
            {t('list.pageOf', {
              page: formatNumber(Math.min(page, pages), 0),
              pages: formatNumber(pages, 0),
            })}
          </p>
          <Button
            variant="outline"
            onClick={() => goTo(page + 1)}
            disabled={page >= pages}
            aria-label={t('list.nextPage')}
          >
            {t('list.next')} <ChevronRight aria-hidden />
          </Button>
        </nav>
      ) : null}
    </section>
  );
}

/**
 * Export CSV and Print of a paged screen take every machine matching its filters (the full list
 * call, GET /api/equipment), not just the page on screen. `printView` is the paper-only table.
 */
export function useWholeListActions(
  filters: EquipmentFilters,
  data: EquipmentPage | undefined,
  csv: { fileName: () => string; columns: readonly CsvColumn<EquipmentDto>[] },
) {
  const { t } = useTranslation('equipment');
  const qc = useQueryClient();
  const [busy, setBusy] = useState<'export' | 'print' | null>(null);
  const [printItems, setPrintItems] = useState<EquipmentDto[] | null>(null);

  // Print: the whole filtered list is rendered for paper only, printed, then dropped.
  useEffect(() => {
    if (!printItems) return;
    const done = () => setPrintItems(null);
    window.addEventListener('afterprint', done, { once: true });
    window.print();
    return () => window.removeEventListener('afterprint', done);
  }, [printItems]);

  const fetchAll = () => qc.fetchQuery(equipmentListQueryOptions(filters));
  const onExport = async () => {
    setBusy('export');
    try {
      exportCsv(csv.fileName(), csv.columns, await fetchAll());
    } catch (err) {
      toastFailure(t, t('list.exportFailed'), err);
    } finally {
      setBusy(null);
    }
  };
  const onPrint = async () => {
    if (!data) return;
    if (data.total <= data.items.length) {
      setPrintItems(data.items);
      return;
    }
    setBusy('print');
    try {
      setPrintItems(await fetchAll());
    } catch (err) {
      toastFailure(t, t('list.printFailed'), err);
    } finally {
      setBusy(null);
    }
  };
  const printView = printItems ? (
    <div className="print-only">
      <EquipmentTable items={printItems} actions={false} />
    </div>
  ) : null;
  return { busy, onExport, onPrint, printView };
}

/** The Export CSV and Print buttons of a paged screen (useWholeListActions), each showing its own progress. */
export function WholeListButtons({
  busy,
  onExport,
  onPrint,
  disabled,
  printLabel,
}: Pick<ReturnType<typeof useWholeListActions>, 'busy' | 'onExport' | 'onPrint'> & {
  disabled: boolean;
  printLabel: string;
}) {
  const { t } = useTranslation('equipment');
  return (
    <>
      <Button
        variant="outline"
        disabled={disabled || busy !== null}
        onClick={() => void onExport()}
      >
        {busy === 'export' ? (
          <Loader2 className="animate-spin" aria-hidden />
        ) : (
          <Download aria-hidden />
        )}{' '}
        {busy === 'export' ? t('list.preparing') : t('actions.exportCsv')}
      </Button>
      <Button variant="outline" disabled={disabled || busy !== null} onClick={() => void onPrint()}>
        {busy === 'print' ? (
          <Loader2 className="animate-spin" aria-hidden />
        ) : (
          <Printer aria-hidden />
        )}{' '}
        {busy === 'print' ? t('list.preparing') : printLabel}
      </Button>
    </>
  );
}

/**
 * A paged screen's heading (the Equipment List and the status pages): its title, what it counts, the
 * date it was printed (on paper only), and its toolbar: Export CSV and Print, then the screen's own.
 */
export function WholeListHeader({
  title,
  count,
  children,
  ...buttons
}: Parameters<typeof WholeListButtons>[0] & {
  title: string;
  count: ReactNode;
  children?: ReactNode;
}) {
  const { t } = useTranslation('equipment');
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <div>
        <h1 className="text-2xl font-bold">{title}</h1>
        {count}
        <p className="print-only text-sm">
          {t('list.printedOn', { date: formatDate(companyToday()) })}
        </p>
      </div>
      <div className="no-print flex flex-wrap gap-2" role="toolbar" aria-label={title}>
        <WholeListButtons {...buttons} />
        {children}
      </div>
    </div>
  );
}
