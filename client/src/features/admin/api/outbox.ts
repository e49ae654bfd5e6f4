import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OutboxList } from '@domain/schemas/digest';
import { api } from '@/lib/api';
import { adminKeys } from './get-accounts';

/** How often the page reads again while a message is waiting or being sent. */
const WHILE_SENDING_MS = 3_000;

export const outboxQueryOptions = () =>
  queryOptions({
    queryKey: [...adminKeys.all, 'outbox'] as const,
    queryFn: () => api.get<OutboxList>('/api/admin/outbox'),
    // A message waiting for the outbox's worker turns sent, kept or failed on its own: the page follows
    // it without Refresh, and stops reading once nothing is left to change.
    refetchInterval: (query) =>
      query.state.data?.messages.some((m) => m.status === 'pending' || m.status === 'sending')
        ? WHILE_SENDING_MS
        : false,
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
