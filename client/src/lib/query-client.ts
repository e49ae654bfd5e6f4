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

/**
 * The app's one query client, created with the module so the boot code (app/routes.tsx
 * preloadFirstScreen) can start the first screen's data before React renders.
 */
export const queryClient = createQueryClient();

/**
 * For a query whose first answer may have been started at boot: refetch on mount only when that answer
 * is older than a few seconds (the boot fetch ran moments ago; fetching it again would only repeat it).
 */
export const refetchOnMountUnlessFresh = (query: { state: { dataUpdatedAt: number } }) =>
  Date.now() - query.state.dataUpdatedAt > 5_000;
