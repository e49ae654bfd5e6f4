import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EmployeeDto } from '@domain/schemas/operators';
import { api } from '@/lib/api';
import { useCurrentUser } from '@/lib/auth';
import { dashboardKeys } from './dashboard-keys';

/**
 * Users whose password an owner/manager may reset: the company's managers (operators sign in with the
 * shared operator password, changed in Company Settings; the owner changes their own on the profile).
 */
export const resettableUsersQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.users(),
    queryFn: () => api.get<EmployeeDto[]>('/api/managers'),
  });

/** Loaded when the dialog opens, and only when signed in. */
export function useResettableUsers(enabled: boolean) {
  const { isAuthenticated } = useCurrentUser();
  return useQuery({ ...resettableUsersQueryOptions(), enabled: isAuthenticated && enabled });
}
