import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OutboxList } from '@domain/schemas/digest';
import { api } from '@/lib/api';
import { adminKeys } from './get-accounts';

export const outboxQueryOptions = () =>
  queryOptions({
    queryKey: [...adminKeys.all, 'outbox'] as const,
    queryFn: () => api.get<OutboxList>('/api/admin/outbox'),
  });

export const useOutbox = () => useQuery(outboxQueryOptions());

/** Runs the digests now (through the job queue when the server runs it). */
export function useRunDigests() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ queued: boolean }>('/api/admin/outbox/run'),
    onSuccess: () => {
      // The job runs in the background: look again shortly.
      window.setTimeout(() => void qc.invalidateQueries({ queryKey: adminKeys.all }), 1500);
      void qc.invalidateQueries({ queryKey: adminKeys.all });
    },
  });
}
