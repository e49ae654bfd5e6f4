import { queryOptions } from '@tanstack/react-query';
import { TIMELINE_PAGE, type HistoryKindName } from '@domain/history-kinds';
import type { TimelinePage } from '@domain/schemas/machine-page';
import { equipmentKeys } from '@/components/equipment/equipment-queries';
import { api } from '@/lib/api';
import { refetchOnMountUnlessFresh } from '@/lib/query-client';

export type TimelineKind = HistoryKindName | 'all';

/** The URL of one page: newest first, below the cursor's seq, optionally of one kind. */
export function machineHistoryUrl(id: string, kind: TimelineKind, cursor?: number) {
  const qs = new URLSearchParams({ limit: String(TIMELINE_PAGE) });
  if (cursor !== undefined) qs.set('cursor', String(cursor));
  if (kind !== 'all') qs.set('kind', kind);
  return `/api/equipment/${id}/history?${qs.toString()}`;
}

/**
 * One page of the machine's timeline, paged on the server (GET /api/equipment/:id/history?limit&cursor
 * &kind): a machine with 5,000 entries downloads 20 at a time. Each page is its own query under the
 * machine's history key, so every equipment write (which invalidates `equipment`) refreshes the pages
 * shown. (Pages are plain queries chained by their cursors rather than useInfiniteQuery: its observer
 * adds to the query chunk every first screen loads, and the operator screen is at its budget.)
 */
export const machineHistoryPage = (id: string, kind: TimelineKind, cursor?: number) =>
  queryOptions({
    queryKey: [...equipmentKeys.history(id), 'page', kind, cursor ?? null] as const,
    queryFn: () => api.get<TimelinePage>(machineHistoryUrl(id, kind, cursor)),
    // The first page may have been fetched at boot (the page's first-screen data), and the timeline
    // and its first page watch the same query: a mount does not ask again for an answer seconds old.
    refetchOnMount: refetchOnMountUnlessFresh,
  });
