import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminAccountsPage } from '@domain/schemas/subscription';
import { api } from '@/lib/api';

export type AccountsFilters = { search: string; page: number; pageSize: number };

export const adminKeys = {
  all: ['admin'] as const,
  accounts: (f: AccountsFilters) => [...adminKeys.all, 'accounts', f] as const,
};

export const accountsQueryOptions = (f: AccountsFilters) =>
  queryOptions({
    queryKey: adminKeys.accounts(f),
    queryFn: () => {
      const qs = new URLSearchParams({ page: String(f.page), pageSize: String(f.pageSize) });
      if (f.search) qs.set('search', f.search);
      return api.get<AdminAccountsPage>(`/api/admin/accounts?${qs.toString()}`);
    },
    placeholderData: keepPreviousData,
  });

export const useAccounts = (f: AccountsFilters) => useQuery(accountsQueryOptions(f));
