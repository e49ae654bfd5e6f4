import { useInfiniteQuery } from '@tanstack/react-query';
import type { HistoryKindName } from '@domain/history-kinds';
import type { HistoryPage } from '@domain/schemas/equipment';
import { equipmentKeys } from '@/components/equipment/equipment-queries';
import { api } from '@/lib/api';

/** How many entries the timeline asks for at a time (each "Show more" asks the server for the next page). */
export const TIMELINE_PAGE = 20;

/** Under the machine's history key, so every equipment write (which invalidates `equipment`) refreshes it. */
export const machineHistoryKey = (id: string, kind: HistoryKindName | 'all') =>
  [...equipmentKeys.history(id), 'pages', kind] as const;

/** The URL of one page: newest first, below the cursor's seq, optionally of one kind. */
export function machineHistoryUrl(id: string, kind: HistoryKindName | 'all', cursor?: number) {
  const qs = new URLSearchParams({ limit: String(TIMELINE_PAGE) });
  if (cursor !== undefined) qs.set('cursor', String(cursor));
  if (kind !== 'all') qs.set('kind', kind);
  return `/api/equipment/${id}/history?${qs.toString()}`;
}

/**
 * The machine's timeline, paged on the server (GET /api/equipment/:id/history?limit&cursor&kind): one
 * page at first, the next one each time `fetchNextPage` is called; a machine with 5,000 entries
 * downloads 20.
 */
export const useMachineHistory = (id: string, kind: HistoryKindName | 'all') =>
  useInfiniteQuery({
    queryKey: machineHistoryKey(id, kind),
    queryFn: ({ pageParam }) => api.get<HistoryPage>(machineHistoryUrl(id, kind, pageParam)),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
