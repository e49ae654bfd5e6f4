import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { dashboardKeys } from './dashboard-keys';

/** POST /api/fuel/reset: every fuel total of the company back to 0. */
export function useResetFuel() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<unknown>('/api/fuel/reset'),
    onSettled: async () => {
      await qc.invalidateQueries({ queryKey: dashboardKeys.all });
      await qc.invalidateQueries({ queryKey: ['equipment'] });
    },
  });
}
