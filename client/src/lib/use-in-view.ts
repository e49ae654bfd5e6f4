import { startTransition, useEffect, useState } from 'react';

/**
 * True once the element has come within `rootMargin` of the viewport with at least `threshold` of it
 * showing (and stays true): heavy, below-the-fold widgets (charts, forms) load only when the user gets
 * near them. `ref` is a callback ref, so an element that mounts later (after data loads) is observed
 * too. The switch is a transition: what it mounts renders in short slices, not one long task.
 */
export function useInView<T extends Element>(rootMargin = '200px', threshold = 0) {
  const [el, ref] = useState<T | null>(null);
  const [inView, setInView] = useState(false);
  useEffect(() => {
    if (!el || inView) return;
    if (typeof IntersectionObserver === 'undefined') {
      setInView(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting && e.intersectionRatio >= threshold)) {
          observer.disconnect();
          startTransition(() => setInView(true));
        }
      },
      { rootMargin, threshold },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [el, inView, rootMargin, threshold]);
  return { ref, inView };
}
