import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { translateError } from '@/lib/translate-message';
import { PageSpinner } from './page-spinner';

type Query = { isLoading: boolean; isError: boolean; refetch: () => unknown };

/**
 * A list page's states around its data: the spinner while it loads, a failure with "Try again"
 * (refetch), the empty message, else the list. The texts come from the caller's namespace.
 */
export function QueryStates({
  query,
  isEmpty,
  failed,
  retry,
  empty,
  children,
}: {
  query: Query;
  isEmpty: boolean;
  failed: string;
  retry: string;
  empty: ReactNode;
  children: ReactNode;
}) {
  if (query.isError)
    return (
      <div role="alert" className="rounded-md border border-red-300 bg-red-50 p-4 text-red-900">
        {failed}{' '}
        <Button variant="link" onClick={() => void query.refetch()}>
          {retry}
        </Button>
      </div>
    );
  if (query.isLoading) return <PageSpinner />;
  if (isEmpty)
    return <p className="rounded-md border p-6 text-center text-muted-foreground">{empty}</p>;
  return <>{children}</>;
}

/** Why a query failed, in the user's language (`translateError` with the caller's `t`), as an alert. */
export function LoadError({ t, error }: { t: TFunction; error: unknown }) {
  return (
    <p role="alert" className="text-destructive">
      {translateError(t, error)}
    </p>
  );
}
