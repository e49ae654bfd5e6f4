import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Overview } from '@domain/schemas/dashboard';
import type { EquipmentDto } from '@domain/schemas/equipment';
import { type EquipmentFilters } from '@/components/equipment/equipment-queries';
import { api } from '@/lib/api';
import { useCurrentUser } from '@/lib/auth';
import { refetchOnMountUnlessFresh } from '@/lib/query-client';
import { dashboardKeys } from './dashboard-keys';

/** Its machines carry only what the dashboard shows (domain/schemas/dashboard.ts overviewMachineSchema). */
export type DashboardOverview = Overview;

export type OverviewFilters = { status: string; type: string; search: string; limit: number };

function qs(filters: EquipmentFilters & { limit?: number }) {
  const p = new URLSearchParams();
  if (filters.status && filters.status !== 'all') p.set('status', filters.status);
  if (filters.type && filters.type !== 'all') p.set('type', filters.type);
  if (filters.search?.trim()) p.set('search', filters.search.trim());
  if (filters.limit) p.set('limit', String(filters.limit));
  return p.toString();
}

/** Tile counts, critical machines and one page of the filtered overview (bounded whatever the fleet size). */
export const overviewQueryOptions = (f: OverviewFilters) =>
  queryOptions({
    queryKey: dashboardKeys.overview(f),
    queryFn: () => api.get<DashboardOverview>(`/api/dashboard/overview?${qs(f)}`),
  });

/** What the dashboard shows first (no filter, one page); app/routes.tsx starts it at boot. */
export const FIRST_OVERVIEW: OverviewFilters = {
  status: 'all',
  type: 'all',
  search: '',
  limit: 50,
};

export function useDashboardOverview(f: OverviewFilters) {
  const { isAuthenticated } = useCurrentUser();
  return useQuery({
    ...overviewQueryOptions(f),
    enabled: isAuthenticated,
    placeholderData: keepPreviousData,
    refetchOnMount: refetchOnMountUnlessFresh,
  });
}

/** Every machine matching the filters (for the maintenance report export). */
export const fetchFilteredEquipment = (f: EquipmentFilters) => {
  const q = qs(f);
  return api.get<EquipmentDto[]>(q ? `/api/equipment?${q}` : '/api/equipment');
};
