import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminAccount } from '@domain/schemas/subscription';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { DataTable } from '@/components/data-table';
import { formatDate } from '@/lib/format';
import { useAccounts } from '../api/get-accounts';
import { AdminCard, AdminListStates } from '../components/admin-list';
import { SearchInput } from '@/components/search-input';

const PAGE_SIZE = 20;
const statusVariant: Record<string, 'secondary' | 'success' | 'warning' | 'destructive'> = {
  trial: 'secondary',
  active: 'success',
  paused: 'warning',
  expired: 'destructive',
  canceled: 'destructive',
};

/** Platform admin: every business account, with search and paging. Never any password. */
export default function AdminAccountsPage() {
  const { t } = useTranslation('admin');
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);

  useEffect(() => {
    const id = window.setTimeout(() => {
      setSearch(input.trim());
      setPage(1);
    }, 300);
    return () => window.clearTimeout(id);
  }, [input]);

  const q = useAccounts({ search, page, pageSize: PAGE_SIZE });
  const pages = Math.max(1, Math.ceil((q.data?.total ?? 0) / PAGE_SIZE));
  const items = q.data?.items ?? [];

  const tier = (a: AdminAccount) => t(`tiers.${a.tier}`, { defaultValue: a.tier });
  const status = (a: AdminAccount) => (
    <Badge variant={statusVariant[a.status] ?? 'outline'}>
      {t(`status.${a.status}`, { defaultValue: a.status })}
    </Badge>
  );
  const limit = (a: AdminAccount) => (a.equipmentLimit === -1 ? t('unlimited') : a.equipmentLimit);
  const date = (d: string | null) => (d ? formatDate(d) : t('none'));

  return (
    <main className="mx-auto max-w-7xl space-y-4 p-4 md:p-6">
      <div>
        <h1 className="text-2xl font-bold">{t('title')}</h1>
        <p className="text-muted-foreground">{t('subtitle')}</p>
      </div>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end sm:justify-between">
        <div className="w-full sm:max-w-sm">
          <Label htmlFor="account-search">{t('search')}</Label>
          <SearchInput
            wrapperClassName="mt-1"
            id="account-search"
            placeholder={t('searchPlaceholder')}
            value={input}
            onChange={(e) => setInput(e.target.value)}
          />
        </div>
        {q.data && (
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {t('total', { count: q.data.total })}
          </p>
        )}
      </div>

      <AdminListStates query={q} isEmpty={items.length === 0} empty={t('empty')}>
        <>
          <div className="hidden lg:block">
            <Card>
              <DataTable
                rows={items}
                rowKey={(a) => a.id}
                columns={[
                  {
                    key: 'name',
                    head: t('columns.businessName'),
                    cellClassName: 'font-medium',
                    cell: (a) => a.businessName,
                  },
                  {
                    key: 'email',
                    head: t('columns.email'),
                    cellClassName: 'break-all',
                    cell: (a) => a.email ?? t('none'),
                  },
                  { key: 'tier', head: t('columns.tier'), cell: tier },
                  { key: 'status', head: t('columns.status'), cell: status },
                  { key: 'limit', head: t('columns.limit'), className: 'text-right', cell: limit },
                  { key: 'expiry', head: t('columns.expiry'), cell: (a) => date(a.expiry) },
                  { key: 'created', head: t('columns.created'), cell: (a) => date(a.createdAt) },
                ]}
              />
            </Card>
          </div>
          <ul className="space-y-3 lg:hidden">
            {items.map((a) => (
              <AdminCard key={a.id} title={a.businessName} badge={status(a)}>
                <p className="break-all text-sm text-muted-foreground">{a.email ?? t('none')}</p>
                <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
                  <dt className="text-muted-foreground">{t('columns.tier')}</dt>
                  <dd>{tier(a)}</dd>
                  <dt className="text-muted-foreground">{t('columns.limit')}</dt>
                  <dd>{limit(a)}</dd>
                  <dt className="text-muted-foreground">{t('columns.expiry')}</dt>
                  <dd>{date(a.expiry)}</dd>
                  <dt className="text-muted-foreground">{t('columns.created')}</dt>
                  <dd>{date(a.createdAt)}</dd>
                </dl>
              </AdminCard>
            ))}
          </ul>
          <nav
            className="flex items-center justify-between gap-2"
            aria-label={t('pageOf', { page, pages })}
          >
            <Button variant="outline" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
              {t('previous')}
            </Button>
            <span className="text-sm">{t('pageOf', { page, pages })}</span>
            <Button
              variant="outline"
              disabled={page >= pages}
              onClick={() => setPage((p) => p + 1)}
            >
              {t('next')}
            </Button>
          </nav>
        </>
      </AdminListStates>
    </main>
  );
}
