import { useCallback, useSyncExternalStore } from 'react';

/**
 * True while the CSS media query matches (re-renders when it changes). Used where two layouts of the
 * same data exist (a table on wide screens, cards on phones) so only the visible one is built.
 */
export function useMediaQuery(query: string): boolean {
  // One subscription per query (a new function each render would resubscribe after every render).
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}
