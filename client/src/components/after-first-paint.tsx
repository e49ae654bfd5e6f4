import { startTransition, useEffect, useState, type ReactNode } from 'react';

/**
 * Calls `run` once the frame on screen now has been painted and shown: two animation frames later (the
 * first runs just before the pending paint, the second a frame after it). An effect alone runs before
 * that paint, so code and data that start from it compete with the first screen on a slow phone's
 * connection and processor. A hidden tab draws no frames: the timer starts it there instead.
 * Returns the cancel function (for an effect's clean-up).
 */
export function afterPaint(run: () => void): () => void {
  let done = false;
  const go = () => {
    if (done) return;
    done = true;
    run();
  };
  let second = 0;
  const first = requestAnimationFrame(() => {
    second = requestAnimationFrame(go);
  });
  const fallback = window.setTimeout(go, 1_000);
  return () => {
    done = true;
    cancelAnimationFrame(first);
    cancelAnimationFrame(second);
    window.clearTimeout(fallback);
  };
}

/**
 * Renders nothing at first, then, once the first screen is painted and shown (`afterPaint`), its
 * children in a transition: a page shows what is on screen first and builds the rest right after, in an
 * interruptible render that React cuts into short slices (no long task blocking taps on a slow phone).
 * Lazy parts inside start downloading only then. Place it below what is shown first, so nothing
 * already visible moves.
 */
export function AfterFirstPaint({ children }: { children: ReactNode }) {
  const [ready, setReady] = useState(false);
  useEffect(() => afterPaint(() => startTransition(() => setReady(true))), []);
  return ready ? children : null;
}
