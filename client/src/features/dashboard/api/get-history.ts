import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { HistoryEntry } from '@domain/schemas/dashboard';
import { api } from '@/lib/api';
import { refetchOnMountUnlessFresh } from '@/lib/query-client';
import { useCurrentUser } from '@/lib/auth';
import { dashboardKeys } from './dashboard-keys';

/** The history card's first page (about six screens of its scrolling list), then 50 more at a time. */
export const HISTORY_PAGE = 50;
/** The most the card shows (the API's limit); the CSV export holds everything. */
export const HISTORY_MAX = 200;

export const historyQueryOptions = (limit = HISTORY_PAGE) =>
  queryOptions({
    queryKey: dashboardKeys.history(limit),
    queryFn: () => api.get<HistoryEntry[]>(`/api/equipment-history?limit=${limit}`),
  });

/** The newest history entries of all equipment (only when signed in). */
export function useRecentHistory(limit = HISTORY_PAGE) {
  const { isAuthenticated } = useCurrentUser();
  return useQuery({
    ...historyQueryOptions(limit),
    enabled: isAuthenticated,
    // "Show more" keeps the entries on screen while the longer list loads.
    placeholderData: keepPreviousData,
    refetchOnMount: refetchOnMountUnlessFresh,
  });
}
