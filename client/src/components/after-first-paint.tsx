import { startTransition, useEffect, useState, type ReactNode } from 'react';

/**
 * Renders nothing on its first render, then its children in a transition: a page shows what is on
 * screen first and builds the rest right after, in an interruptible render that React cuts into short
 * slices (no long task blocking taps on a slow phone). Place it below what is shown first, so nothing
 * already visible moves.
 */
export function AfterFirstPaint({ children }: { children: ReactNode }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    startTransition(() => setReady(true));
  }, []);
  return ready ? children : null;
}
