import { useState } from 'react';

/**
 * Open state of a dialog that is mounted the first time it opens and stays mounted afterwards (its close
 * animation plays, focus returns to its button). With a lazily loaded dialog, its code loads on that
 * first open: pages render `{mounted ? <Suspense><Dialog open={open} … /></Suspense> : null}`.
 */
export function useMountOnOpen() {
  const [open, setOpenState] = useState(false);
  const [opened, setOpened] = useState(false);
  const setOpen = (next: boolean) => {
    if (next) setOpened(true);
    setOpenState(next);
  };
  return { open, setOpen, mounted: open || opened };
}
