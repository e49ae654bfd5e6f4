import { useQuery } from '@tanstack/react-query';
import { api } from './api';

/**
 * The name of the machine a sticker (`/m/<id>`) is on, readable signed out (GET /api/field/stickers/:id):
 * the operator sign-in and a technician's list name the machine they scanned (issue 43). Null while
 * loading, without an id, or for a machine that is not found.
 */
export function useStickerName(id: string | null): string | null {
  const q = useQuery({
    queryKey: ['sticker', id],
    queryFn: () => api.get<{ name: string }>(`/api/field/stickers/${id}`),
    enabled: id !== null,
    retry: false,
    staleTime: 5 * 60_000,
  });
  return q.data?.name ?? null;
}
