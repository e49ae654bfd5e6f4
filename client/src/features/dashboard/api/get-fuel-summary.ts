import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FuelSummary } from '@domain/schemas/dashboard';
import { api } from '@/lib/api';
import { useCurrentUser } from '@/lib/auth';
import { dashboardKeys } from './dashboard-keys';

export const fuelSummaryQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.fuelSummary(),
    queryFn: () => api.get<FuelSummary>('/api/dashboard/fuel-summary'),
  });

export function useFuelSummary() {
  const { isAuthenticated } = useCurrentUser();
  return useQuery({ ...fuelSummaryQueryOptions(), enabled: isAuthenticated });
}
