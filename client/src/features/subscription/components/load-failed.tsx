import type { ReactNode } from 'react';

/**
 * A subscription page whose data did not load: its title, why (an alert), and the way on
 * (`children`). `width`: the page's max-width class.
 */
export function LoadFailed({
  width,
  title,
  alertClassName,
  reason,
  children,
}: {
  width: string;
  title: string;
  alertClassName: string;
  reason: string;
  children: ReactNode;
}) {
  return (
    <main className={`mx-auto ${width} p-4 md:p-6`}>
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className={alertClassName} role="alert">
        {reason}
      </p>
      {children}
    </main>
  );
}
