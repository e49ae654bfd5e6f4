import { equipmentListColumns, exportFileName } from '@domain/csv';
import {
  EQUIPMENT_PAGE_SIZE,
  equipmentTypes,
  type EquipmentStatusCounts,
} from '@domain/schemas/equipment';
import { statusOfSlug, statusPageSlugs, type StatusPageSlug } from '@domain/status';
import { FileUp, Layers, Plus, QrCode, Search } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { FormField } from '@/components/form-field';
import { PageSpinner } from '@/components/page-spinner';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/data-table';
import { SearchInput } from '@/components/search-input';
import { OptionSelect } from '@/components/ui/select';
import { formatNumber } from '@/lib/format';
import { useEquipmentPage } from '../api/get-equipment-page';
import {
  EquipmentResults,
  useWholeListActions,
  WholeListHeader,
} from '../components/paged-equipment';
import { companyToday } from '@/lib/auth';
import { LoadError } from '@/components/query-states';

const PAGE = EQUIPMENT_PAGE_SIZE;
// Apply a program to the chosen machines (issue 40): loads when first opened.
const ApplyProgramDialog = lazy(() => import('@/components/schedule/apply-program-dialog'));
// One document for the selected machines, stored once (issue 42).
const UploadDialog = lazy(() => import('@/components/documents/upload-dialog'));
const TYPES = ['all', ...equipmentTypes] as const;
type TypeFilter = (typeof TYPES)[number];
const isSlug = (s: string | null): s is StatusPageSlug =>
  (statusPageSlugs as readonly string[]).includes(s ?? '');
const isType = (s: string | null): s is TypeFilter =>
  (TYPES as readonly string[]).includes(s ?? '');
const SEARCH_DELAY_MS = 300;

type ListParams = { q: string; status: StatusPageSlug; type: TypeFilter; page: number };

/** Search, filters and page live in the address (?q=&status=&type=&page=): reload and Back keep them. */
function useListParams() {
  const [params, setParams] = useSearchParams();
  const current: ListParams = {
    q: params.get('q') ?? '',
    status: isSlug(params.get('status')) ? (params.get('status') as StatusPageSlug) : 'all',
    type: isType(params.get('type')) ? (params.get('type') as TypeFilter) : 'all',
    page: Math.max(1, Math.floor(Number(params.get('page'))) || 1),
  };
  const update = useCallback(
    (next: Partial<ListParams>) =>
      setParams(
        (prev) => {
          const p = new URLSearchParams(prev);
          const set = (key: string, value: string, fallback: string) =>
            value && value !== fallback ? p.set(key, value) : p.delete(key);
          if (next.q !== undefined) set('q', next.q.trim(), '');
          if (next.status !== undefined) set('status', next.status, 'all');
          if (next.type !== undefined) set('type', next.type, 'all');
          if (next.page !== undefined) set('page', String(next.page), '1');
          return p;
        },
        { replace: true },
      ),
    [setParams],
  );
  return { ...current, update };
}

const countOf = (counts: EquipmentStatusCounts | undefined, slug: StatusPageSlug) =>
  counts ? (slug === 'all' ? counts.all : counts[statusOfSlug(slug)]) : 0;

/**
 * The Equipment List (owners and managers): one page of 25 machines at a time from
 * GET /api/equipment/page, searchable by name or serial number and filterable by service status
 * and type. Export CSV and Print take every machine matching the filters (GET /api/equipment).
 */
export default function EquipmentListPage() {
  const { t } = useTranslation('equipment');
  const { t: tc } = useTranslation('common');
  const { t: tf } = useTranslation('field');
  const { q, status, type, page, update } = useListParams();
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const [applying, setApplying] = useState(false);
  const [uploading, setUploading] = useState(false);
  const { t: ts } = useTranslation('schedule');
  const [searchInput, setSearchInput] = useState(q);
  const list = useEquipmentPage({
    search: q,
    status,
    type,
    offset: (page - 1) * PAGE,
    limit: PAGE,
  });
  const data = list.data;
  const total = data?.total ?? 0;
  const fleet = data?.counts.all ?? 0;
  const filtered = q !== '' || status !== 'all' || type !== 'all';
  const wholeList = useWholeListActions({ status, type, search: q }, data, {
    fileName: () => exportFileName('equipment-list', companyToday()),
    columns: equipmentListColumns,
  });

  // The search applies a moment after typing stops (Enter applies it at once).
  useEffect(() => {
    if (searchInput.trim() === q) return;
    const id = window.setTimeout(() => update({ q: searchInput, page: 1 }), SEARCH_DELAY_MS);
    return () => window.clearTimeout(id);
  }, [searchInput, q, update]);

  const goTo = useCallback((n: number) => update({ page: n }), [update]);
  const onSearchSubmit = (e: FormEvent) => {
    e.preventDefault();
    update({ q: searchInput, page: 1 });
  };
  const clearFilters = () => {
    setSearchInput('');
    update({ q: '', status: 'all', type: 'all', page: 1 });
  };

  const nothing = !data || total === 0;
  const statusLabel = (s: StatusPageSlug) =>
    t('list.option', {
      label: s === 'all' ? t('list.allStatuses') : t(`statusPage.${s}`),
      n: formatNumber(countOf(data?.counts, s), 0),
    });

  return (
    <main className="mx-auto grid max-w-7xl grid-cols-1 gap-4 p-4 md:p-6">
      <WholeListHeader
        title={tc('titles.equipmentList')}
        count={
          data && fleet > 0 ? (
            <p className="no-print text-sm text-muted-foreground" data-testid="fleet-count">
              {t('list.fleet', { count: fleet, total: formatNumber(fleet, 0) })}
            </p>
          ) : null
        }
        {...wholeList}
        disabled={nothing}
        printLabel={t('actions.print')}
      >
        {selected.size ? (
          <Button variant="outline" onClick={() => setApplying(true)}>
            <Layers aria-hidden /> {ts('apply.selected', { count: selected.size })}
          </Button>
        ) : null}
        {selected.size ? (
          <Button variant="outline" onClick={() => setUploading(true)}>
            <FileUp aria-hidden /> {t('list.documentSelected', { count: selected.size })}
          </Button>
        ) : null}
        <Button asChild variant="outline">
          <Link to={selected.size ? `/labels?ids=${[...selected].join(',')}` : '/labels'}>
            <QrCode aria-hidden />{' '}
            {selected.size
              ? t('list.labelsSelected', { count: selected.size })
              : tf('labels.button')}
          </Link>
        </Button>
        <Button asChild>
          <Link to="/add-equipment">
            <Plus aria-hidden /> {t('actions.add')}
          </Link>
        </Button>
      </WholeListHeader>

      {list.isLoading ? (
        <PageSpinner />
      ) : list.isError && !data ? (
        <LoadError t={t} error={list.error} />
      ) : fleet === 0 ? (
        <EmptyState title={t('list.empty')} body={t('list.emptyBody')}>
          <Button asChild>
            <Link to="/add-equipment">
              <Plus aria-hidden /> {t('actions.addFirst')}
            </Link>
          </Button>
        </EmptyState>
      ) : (
        <div className="no-print grid grid-cols-1 gap-4">
          <form
            role="search"
            aria-label={t('list.filters')}
            onSubmit={onSearchSubmit}
            className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-[1fr_16rem_12rem] lg:items-end"
          >
            <FormField
              id="equipment-search"
              label={t('list.search')}
              className="sm:col-span-2 lg:col-span-1"
            >
              <SearchInput
                id="equipment-search"
                maxLength={200}
                autoComplete="off"
                placeholder={t('list.searchPlaceholder')}
                value={searchInput}
                onChange={(e) => setSearchInput(e.target.value)}
              />
            </FormField>
            <FormField id="equipment-status" label={t('list.statusFilter')}>
              <OptionSelect
                id="equipment-status"
                value={status}
                onValueChange={(v) => update({ status: isSlug(v) ? v : 'all', page: 1 })}
                options={statusPageSlugs}
                optionLabel={statusLabel}
              />
            </FormField>
            <FormField id="equipment-type" label={t('list.typeFilter')}>
              <OptionSelect
                id="equipment-type"
                value={type}
                onValueChange={(v) => update({ type: isType(v) ? v : 'all', page: 1 })}
                options={TYPES}
                optionLabel={(s) => (s === 'all' ? t('list.allTypes') : t(`types.${s}`))}
              />
            </FormField>
          </form>

          <EquipmentResults
            selection={{
              selected,
              toggle: (id) =>
                setSelected((s) => {
                  const next = new Set(s);
                  if (!next.delete(id)) next.add(id);
                  return next;
                }),
            }}
            data={data}
            loading={list.isPlaceholderData}
            page={page}
            pageSize={PAGE}
            onPage={goTo}
            empty={
              <Card className="grid justify-items-center gap-3 p-8 text-center">
                <Search className="h-8 w-8 text-muted-foreground" aria-hidden />
                <p className="text-sm text-muted-foreground">{t('list.noMatchesBody')}</p>
                <Button variant="outline" onClick={clearFilters} disabled={!filtered}>
                  {t('list.clearFilters')}
                </Button>
              </Card>
            }
          />
        </div>
      )}

      {wholeList.printView}
      <Suspense fallback={null}>
        {applying ? (
          <ApplyProgramDialog
            equipment={[...selected].map((id) => ({
              id,
              name: data?.items.find((e) => e.id === id)?.name ?? '',
            }))}
            open
            onOpenChange={setApplying}
            onApplied={() => setSelected(new Set())}
          />
        ) : null}
        {uploading ? (
          <UploadDialog
            equipmentIds={[...selected]}
            open
            onOpenChange={setUploading}
            onUploaded={() => setSelected(new Set())}
          />
        ) : null}
      </Suspense>
    </main>
  );
}
