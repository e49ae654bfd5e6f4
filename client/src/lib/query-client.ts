import { QueryClient } from '@tanstack/react-query';

/** Spec section 7: no retries, no refetch on focus, no polling, stale time 0. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 0 },
      mutations: { retry: false },
    },
  });
}
