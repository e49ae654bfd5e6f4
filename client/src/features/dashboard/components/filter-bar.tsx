import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/native-select';
import { SearchInput } from '@/components/search-input';
import type { StatusFilter } from './summary-tiles';

export type TypeFilter = 'all' | 'vehicle' | 'machinery' | 'tools' | 'other';
const STATUSES: StatusFilter[] = [
  'all',
  'good',
  'approaching_service',
  'time_for_service',
  'overdue',
  'no_schedule',
];
const TYPES: TypeFilter[] = ['all', 'vehicle', 'machinery', 'tools', 'other'];

/** Search (name, type, serial), service-status filter, type filter and Export (maintenance report CSV). */
export function FilterBar({
  search,
  onSearch,
  status,
  onStatus,
  type,
  onType,
  onExport,
  exporting = false,
}: {
  search: string;
  onSearch: (v: string) => void;
  status: StatusFilter;
  onStatus: (v: StatusFilter) => void;
  type: TypeFilter;
  onType: (v: TypeFilter) => void;
  onExport: () => void;
  exporting?: boolean;
}) {
  const { t } = useTranslation('dashboard');
  return (
    <div
      role="search"
      aria-label={t('filters.label')}
      className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-[1fr_14rem_12rem_auto] lg:items-end"
    >
      <FormField
        id="dashboard-search"
        label={t('filters.search')}
        className="sm:col-span-2 lg:col-span-1"
      >
        <SearchInput
          id="dashboard-search"
          placeholder={t('filters.searchPlaceholder')}
          value={search}
          onChange={(e) => onSearch(e.target.value)}
        />
      </FormField>
      <FormField id="dashboard-status" label={t('filters.status')}>
        <NativeSelect
          id="dashboard-status"
          value={status}
          onChange={(e) => onStatus(e.target.value as StatusFilter)}
        >
          {STATUSES.map((s) => (
            <option key={s} value={s}>
              {s === 'all' ? t('filters.allStatuses') : t(`statuses.${s}`)}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField id="dashboard-type" label={t('filters.type')}>
        <NativeSelect
          id="dashboard-type"
          value={type}
          onChange={(e) => onType(e.target.value as TypeFilter)}
        >
          {TYPES.map((s) => (
            <option key={s} value={s}>
              {s === 'all' ? t('filters.allTypes') : t(`types.${s}`)}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <Button
        variant="outline"
        onClick={onExport}
        disabled={exporting}
        className="sm:col-span-2 lg:col-span-1"
      >
        <Download aria-hidden />
        {t('filters.export')}
      </Button>
    </div>
  );
}
