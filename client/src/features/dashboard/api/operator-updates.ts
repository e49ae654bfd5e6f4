import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { OperatorUpdateDto } from '@domain/schemas/operators';
import { UPDATES_PAGE } from '@domain/operator-updates';
import { api } from '@/lib/api';
import { refetchOnMountUnlessFresh } from '@/lib/query-client';
import { useCurrentUser } from '@/lib/auth';
import { equipmentKeys } from '@/components/equipment/equipment-queries';

export const operatorUpdateKeys = {
  all: ['operator-updates'] as const,
  list: (limit: number) => ['operator-updates', 'list', limit] as const,
};

/**
 * The first `limit` updates: pending ones first (newest first), then recent applied ones (the server
 * orders them). The card asks UPDATES_PAGE, then UPDATES_PAGE more at a time ("Show more").
 */
export const operatorUpdatesQueryOptions = (limit = UPDATES_PAGE) =>
  queryOptions({
    queryKey: operatorUpdateKeys.list(limit),
    queryFn: () => api.get<OperatorUpdateDto[]>(`/api/operator-updates?limit=${limit}`),
  });

export function useOperatorUpdates(limit = UPDATES_PAGE) {
  const { isAuthenticated } = useCurrentUser();
  return useQuery({
    ...operatorUpdatesQueryOptions(limit),
    enabled: isAuthenticated,
    // "Show more" keeps the updates on screen while the longer list loads.
    placeholderData: keepPreviousData,
    refetchOnMount: refetchOnMountUnlessFresh,
  });
}

/** Approve or reject a pending update; approving changes usage, fuel and history. */
export function useReviewUpdate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: 'approve' | 'reject' }) =>
      api.post<OperatorUpdateDto>(`/api/operator-updates/${id}/${action}`),
    onSettled: async () => {
      await Promise.all([
        qc.invalidateQueries({ queryKey: operatorUpdateKeys.all }),
        qc.invalidateQueries({ queryKey: equipmentKeys.all }),
      ]);
    },
  });
}

/** Voids an applied update (a wrong reading): usage is replayed without it and its fuel leaves the totals. */
export function useVoidUpdate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      api.post<OperatorUpdateDto>(`/api/operator-updates/${id}/void`, { reason }),
    onSuccess: async () => {
      await Promise.all([
        qc.invalidateQueries({ queryKey: operatorUpdateKeys.all }),
        qc.invalidateQueries({ queryKey: equipmentKeys.all }),
      ]);
    },
  });
}
