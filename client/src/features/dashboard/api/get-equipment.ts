import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EquipmentDto } from '@domain/schemas/equipment';
import { api } from '@/lib/api';
import { useCurrentUser } from '@/lib/auth';
import { dashboardKeys } from './dashboard-keys';

export const dashboardEquipmentQueryOptions = () =>
  queryOptions({
    queryKey: ['equipment', 'list', {}] as const,
    queryFn: () => api.get<EquipmentDto[]>('/api/equipment'),
  });

/** All active equipment with its computed status (the tiles count it, the overview filters it). */
export function useDashboardEquipment() {
  const { isAuthenticated } = useCurrentUser();
  return useQuery({ ...dashboardEquipmentQueryOptions(), enabled: isAuthenticated });
}

/** Mark as Serviced (PATCH /api/equipment/:id/reset-service). */
export function useResetService() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.patch<EquipmentDto>(`/api/equipment/${id}/reset-service`),
    onSettled: async () => {
      await Promise.all([qc.invalidateQueries({ queryKey: ['equipment'] }), qc.invalidateQueries({ queryKey: dashboardKeys.all })]);
    },
  });
}
