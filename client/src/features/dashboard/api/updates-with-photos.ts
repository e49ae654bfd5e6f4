import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { refetchOnMountUnlessFresh } from '@/lib/query-client';

/** Which recent operator updates have a photo: one of the dashboard's first-screen calls (route-table.ts). */
export const updatesWithPhotosQueryOptions = () =>
  queryOptions({
    queryKey: ['operator-updates', 'photos'],
    queryFn: () => api.get<{ updateIds: string[] }>('/api/field/photos'),
  });

/** GET /api/field/photos: which recent operator updates have a photo (issue 13). */
export function useUpdatesWithPhotos() {
  const q = useQuery({
    ...updatesWithPhotosQueryOptions(),
    // Its first answer may have been fetched at boot (app/routes.tsx firstScreenData).
    refetchOnMount: refetchOnMountUnlessFresh,
  });
  return new Set(q.data?.updateIds ?? []);
}
