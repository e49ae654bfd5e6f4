import { useEffect, useState } from 'react';

/**
 * True once the element has come within `rootMargin` of the viewport (and stays true): heavy,
 * below-the-fold widgets (charts) load only when the user gets near them. `ref` is a callback ref,
 * so an element that mounts later (after data loads) is observed too.
 */
export function useInView<T extends Element>(rootMargin = '200px') {
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
        if (entries.some((e) => e.isIntersecting)) {
          setInView(true);
          observer.disconnect();
        }
      },
      { rootMargin },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [el, inView, rootMargin]);
  return { ref, inView };
}
