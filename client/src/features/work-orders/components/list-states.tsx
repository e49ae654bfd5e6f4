import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '@/components/page-spinner';
import { Card } from '@/components/ui/card';
import { LoadError } from '@/components/query-states';

/**
 * A work-orders list's states (the work orders, the parts): the spinner while it loads, the failure in
 * words, the empty card, else the list.
 */
export function ListStates({
  query,
  isEmpty,
  empty,
  children,
}: {
  query: { isLoading: boolean; isError: boolean; error: unknown };
  isEmpty: boolean;
  empty: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('workOrders');
  if (query.isLoading) return <PageSpinner />;
  if (query.isError) return <LoadError t={t} error={query.error} />;
  if (isEmpty) return <Card className="p-8 text-center text-muted-foreground">{empty}</Card>;
  return children;
}
