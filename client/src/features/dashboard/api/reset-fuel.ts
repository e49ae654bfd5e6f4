import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { equipmentKeys } from '@/components/equipment/equipment-queries';

/** POST /api/fuel/reset: every fuel total of the company back to 0. */
export function useResetFuel() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<unknown>('/api/fuel/reset'),
    onSettled: () => qc.invalidateQueries({ queryKey: equipmentKeys.all }),
  });
}
