import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  EquipmentImportRequest,
  EquipmentImportResult,
  HistoryImportRequest,
  HistoryImportResult,
} from '@domain/schemas/import';
import { api } from '@/lib/api';

type Body<R> = Omit<R, 'mode'> & { mode?: 'valid' | 'all' };

/** POST /api/import/equipment/preview: what importing would do, row by row (writes nothing). */
export const usePreviewEquipmentImport = () =>
  useMutation({
    mutationFn: (body: Body<EquipmentImportRequest>) =>
      api.post<EquipmentImportResult>('/api/import/equipment/preview', body),
  });

/** POST /api/import/equipment: the rows that pass and fit (or all or none), in one transaction. */
export function useImportEquipment() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: Body<EquipmentImportRequest>) =>
      api.post<EquipmentImportResult>('/api/import/equipment', body),
    // Every equipment query (lists, counts, dashboard) is stale after an import.
    onSuccess: () => qc.invalidateQueries(),
  });
}

/** POST /api/import/history/preview */
export const usePreviewHistoryImport = () =>
  useMutation({
    mutationFn: (body: Body<HistoryImportRequest>) =>
      api.post<HistoryImportResult>('/api/import/history/preview', body),
  });

/** POST /api/import/history */
export function useImportHistory() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: Body<HistoryImportRequest>) =>
      api.post<HistoryImportResult>('/api/import/history', body),
    onSuccess: () => qc.invalidateQueries(),
  });
}
