import type { ReactNode } from 'react';

/** A page's title and the sentence under it. */
export function PageHeader({ title, intro }: { title: ReactNode; intro?: ReactNode }) {
  return (
    <div className="grid gap-1">
      <h1 className="text-2xl font-bold">{title}</h1>
      {intro ? <p className="text-sm text-muted-foreground">{intro}</p> : null}
    </div>
  );
}
