import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ResettableUser } from '@domain/schemas/dashboard';
import { api } from '@/lib/api';
import { useCurrentUser } from '@/lib/auth';
import { dashboardKeys } from './dashboard-keys';

export const resettableUsersQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.users(),
    queryFn: () => api.get<ResettableUser[]>('/api/dashboard/users'),
  });

/** Users whose password the signed-in owner/manager may reset (loaded when the dialog opens). */
export function useResettableUsers(enabled: boolean) {
  const { isAuthenticated } = useCurrentUser();
  return useQuery({ ...resettableUsersQueryOptions(), enabled: isAuthenticated && enabled });
}
