import type { ReactNode } from 'react';

/** "Skip to content": hidden until focused (the first Tab), it jumps past the header to `#main`. */
export function SkipLink({ children }: { children: ReactNode }) {
  return (
    <a
      href="#main"
      className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2"
    >
      {children}
    </a>
  );
}
