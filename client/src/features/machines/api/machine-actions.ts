import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ManagerReadingInput, ManagerReadingResult } from '@domain/schemas/manager-reading';
import { equipmentKeys } from '@/components/equipment/equipment-queries';
import { api } from '@/lib/api';

/** Every equipment query (the page, its timeline) and the dashboard's list of updates. */
function useRefresh() {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: equipmentKeys.all }),
      qc.invalidateQueries({ queryKey: ['operator-updates'] }),
    ]);
}

/** "Record a reading": the meter's total and when it was read (POST /api/equipment/:id/readings). */
export function useRecordReading(id: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: ManagerReadingInput) =>
      api.post<ManagerReadingResult>(`/api/equipment/${id}/readings`, input),
    onSuccess: refresh,
  });
}

/** Approve or reject a reading held for review (the operator update's own calls). */
export function useReviewReading() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: 'approve' | 'reject' }) =>
      api.post<unknown>(`/api/operator-updates/${id}/${action}`),
    onSettled: refresh,
  });
}
