import { useSyncExternalStore } from 'react';

/**
 * True while the CSS media query matches (re-renders when it changes). Used where two layouts of the
 * same data exist (a table on wide screens, cards on phones) so only the visible one is built.
 */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}
