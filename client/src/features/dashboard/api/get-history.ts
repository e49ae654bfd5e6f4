import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HistoryEntry } from '@domain/schemas/dashboard';
import { api } from '@/lib/api';
import { refetchOnMountUnlessFresh } from '@/lib/query-client';
import { useCurrentUser } from '@/lib/auth';
import { dashboardKeys } from './dashboard-keys';

export const HISTORY_LIMIT = 200;

export const historyQueryOptions = (limit = HISTORY_LIMIT) =>
  queryOptions({
    queryKey: dashboardKeys.history(limit),
    queryFn: () => api.get<HistoryEntry[]>(`/api/equipment-history?limit=${limit}`),
  });

/** The newest history entries of all equipment (only when signed in). */
export function useRecentHistory(limit = HISTORY_LIMIT) {
  const { isAuthenticated } = useCurrentUser();
  return useQuery({
    ...historyQueryOptions(limit),
    enabled: isAuthenticated,
    refetchOnMount: refetchOnMountUnlessFresh,
  });
}
