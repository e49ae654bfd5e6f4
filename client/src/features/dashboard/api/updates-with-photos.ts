import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** GET /api/field/photos: which recent operator updates have a photo (issue 13). */
export function useUpdatesWithPhotos() {
  const q = useQuery({
    queryKey: ['operator-updates', 'photos'],
    queryFn: () => api.get<{ updateIds: string[] }>('/api/field/photos'),
  });
  return new Set(q.data?.updateIds ?? []);
}
