import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent } from '@/components/ui/card';
import { QueryStates } from '@/components/query-states';
import { cn } from '@/lib/utils';

/** An admin list's states (loading; failed, with Try again; empty) in the admin texts. */
export function AdminListStates({
  query,
  isEmpty,
  empty,
  children,
}: {
  query: Parameters<typeof QueryStates>[0]['query'];
  isEmpty: boolean;
  empty: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('admin');
  return (
    <QueryStates
      query={query}
      isEmpty={isEmpty}
      failed={t('fetchFailed')}
      retry={t('retry')}
      empty={empty}
    >
      {children}
    </QueryStates>
  );
}

/**
 * One item of an admin list as a card: its title and status badge on top, the details below.
 * `wrap`: a long title (an email subject) wraps, and the badge goes under it on a narrow screen.
 */
export function AdminCard({
  title,
  badge,
  wrap = false,
  children,
}: {
  title: ReactNode;
  badge: ReactNode;
  wrap?: boolean;
  children: ReactNode;
}) {
  return (
    <li>
      <Card>
        <CardContent className="space-y-2 p-4">
          <div className={cn('flex', wrap && 'flex-wrap', 'items-start justify-between gap-2')}>
            <p className={cn('font-semibold', wrap && 'wrap-anywhere')}>{title}</p>
            {badge}
          </div>
          {children}
        </CardContent>
      </Card>
    </li>
  );
}
