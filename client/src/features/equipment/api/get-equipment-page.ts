import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { EquipmentPage } from '@domain/schemas/equipment';
import { equipmentKeys } from '@/components/equipment/equipment-queries';
import { api } from '@/lib/api';

/** Filters and page of GET /api/equipment/page: status is a page slug or `all`, type an equipment type or `all`. */
export type EquipmentPageFilters = {
  search: string;
  status: string;
  type: string;
  offset: number;
  limit: number;
};

function pageUrl(f: EquipmentPageFilters) {
  const qs = new URLSearchParams();
  if (f.search.trim()) qs.set('search', f.search.trim());
  if (f.status !== 'all') qs.set('status', f.status);
  if (f.type !== 'all') qs.set('type', f.type);
  if (f.offset > 0) qs.set('offset', String(f.offset));
  qs.set('limit', String(f.limit));
  return `/api/equipment/page?${qs.toString()}`;
}

/** Under equipmentKeys.lists(): every equipment mutation refreshes the page on screen. */
export const equipmentPageQueryOptions = (f: EquipmentPageFilters) =>
  queryOptions({
    queryKey: [...equipmentKeys.lists(), 'page', f] as const,
    queryFn: () => api.get<EquipmentPage>(pageUrl(f)),
  });

/** One page of the Equipment List; the previous page stays on screen while the next one loads. */
export const useEquipmentPage = (f: EquipmentPageFilters) =>
  useQuery({ ...equipmentPageQueryOptions(f), placeholderData: keepPreviousData });
