import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  EquipmentCountDto,
  EquipmentDto,
  EquipmentInputRaw,
  HistoryRecordDto,
  NoteDto,
  RetiredEquipmentDto,
  ServiceEntryDto,
  ServiceInputRaw,
  ServiceLogDto,
} from '@domain/schemas/equipment';
import { api } from '@/lib/api';

/** Filters of GET /api/equipment: status is a service status, a page slug or 'all'. */
export type EquipmentFilters = { status?: string; type?: string; search?: string };

/** Query keys of everything equipment; mutations invalidate through them. */
export const equipmentKeys = {
  all: ['equipment'] as const,
  lists: () => [...equipmentKeys.all, 'list'] as const,
  list: (filters: EquipmentFilters = {}) => [...equipmentKeys.lists(), filters] as const,
  details: () => [...equipmentKeys.all, 'detail'] as const,
  detail: (id: string) => [...equipmentKeys.details(), id] as const,
  history: (id: string) => [...equipmentKeys.all, 'history', id] as const,
  notes: (id: string) => [...equipmentKeys.all, 'notes', id] as const,
  services: (id: string) => [...equipmentKeys.all, 'services', id] as const,
  count: () => [...equipmentKeys.all, 'count'] as const,
  retired: () => ['retired-equipment'] as const,
};

function listUrl(filters: EquipmentFilters) {
  const qs = new URLSearchParams();
  if (filters.status && filters.status !== 'all') qs.set('status', filters.status);
  if (filters.type && filters.type !== 'all') qs.set('type', filters.type);
  if (filters.search?.trim()) qs.set('search', filters.search.trim());
  const s = qs.toString();
  return s ? `/api/equipment?${s}` : '/api/equipment';
}

export const equipmentListQueryOptions = (filters: EquipmentFilters = {}) =>
  queryOptions({
    queryKey: equipmentKeys.list(filters),
    queryFn: () => api.get<EquipmentDto[]>(listUrl(filters)),
  });

export const equipmentDetailQueryOptions = (id: string) =>
  queryOptions({
    queryKey: equipmentKeys.detail(id),
    queryFn: () => api.get<EquipmentDto>(`/api/equipment/${id}`),
  });

export const equipmentHistoryQueryOptions = (id: string) =>
  queryOptions({
    queryKey: equipmentKeys.history(id),
    queryFn: () => api.get<HistoryRecordDto[]>(`/api/equipment/${id}/history`),
  });

export const serviceLogQueryOptions = (id: string) =>
  queryOptions({
    queryKey: equipmentKeys.services(id),
    queryFn: () => api.get<ServiceLogDto>(`/api/equipment/${id}/services`),
  });

/** Every service entry of the company (the service export). */
export const fetchServiceEntries = () => api.get<ServiceEntryDto[]>('/api/service-entries/export');

export const equipmentCountQueryOptions = () =>
  queryOptions({
    queryKey: equipmentKeys.count(),
    queryFn: () => api.get<EquipmentCountDto>('/api/equipment/count'),
  });

export const retiredEquipmentQueryOptions = () =>
  queryOptions({
    queryKey: equipmentKeys.retired(),
    queryFn: () => api.get<RetiredEquipmentDto[]>('/api/retired-equipment'),
  });

export const useEquipmentList = (filters: EquipmentFilters = {}, enabled = true) =>
  useQuery({ ...equipmentListQueryOptions(filters), enabled });
export const useEquipment = (id: string | null) =>
  useQuery({ ...equipmentDetailQueryOptions(id ?? ''), enabled: Boolean(id) });
export const useEquipmentHistory = (id: string | null, enabled = true) =>
  useQuery({ ...equipmentHistoryQueryOptions(id ?? ''), enabled: Boolean(id) && enabled });
export const useServiceLog = (id: string | null, enabled = true) =>
  useQuery({ ...serviceLogQueryOptions(id ?? ''), enabled: Boolean(id) && enabled });
export const useEquipmentCount = () => useQuery(equipmentCountQueryOptions());
export const useRetiredEquipment = () => useQuery(retiredEquipmentQueryOptions());

function useInvalidateEquipment() {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: equipmentKeys.all }),
      qc.invalidateQueries({ queryKey: equipmentKeys.retired() }),
      // The dashboard's list of updates carries each machine's criticality (a service ends its pulse).
      qc.invalidateQueries({ queryKey: ['operator-updates'] }),
    ]);
}

/** After a service or its void: the machine, and the stock and costs it moved (issue 43). */
function useInvalidateService() {
  const qc = useQueryClient();
  const invalidate = useInvalidateEquipment();
  return () =>
    Promise.all([
      invalidate(),
      qc.invalidateQueries({ queryKey: ['parts'] }),
      qc.invalidateQueries({ queryKey: ['work-orders', 'parts'] }),
      qc.invalidateQueries({ queryKey: ['work-orders', 'costs'] }),
    ]);
}

export function useCreateEquipment() {
  const invalidate = useInvalidateEquipment();
  return useMutation({
    mutationFn: (input: EquipmentInputRaw) => api.post<EquipmentDto>('/api/equipment', input),
    onSuccess: invalidate,
  });
}

export function useUpdateEquipment() {
  const invalidate = useInvalidateEquipment();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: Partial<EquipmentInputRaw> }) =>
      api.patch<EquipmentDto>(`/api/equipment/${id}`, input),
    onSuccess: invalidate,
  });
}

export function useDeleteEquipment() {
  const invalidate = useInvalidateEquipment();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ ok: true }>(`/api/equipment/${id}`),
    onSuccess: invalidate,
  });
}

export function useUpdateUsage() {
  const invalidate = useInvalidateEquipment();
  return useMutation({
    mutationFn: ({ id, usageIncrease }: { id: string; usageIncrease: number }) =>
      api.patch<EquipmentDto>(`/api/equipment/${id}/usage`, { usageIncrease }),
    onSuccess: invalidate,
  });
}

export function useAddNote() {
  const invalidate = useInvalidateEquipment();
  return useMutation({
    mutationFn: ({ id, content }: { id: string; content: string }) =>
      api.post<NoteDto>(`/api/equipment/${id}/notes`, { content, type: 'note' }),
    onSuccess: invalidate,
  });
}

export function useRetireEquipment() {
  const invalidate = useInvalidateEquipment();
  return useMutation({
    mutationFn: ({ id, retirementNotes }: { id: string; retirementNotes?: string }) =>
      api.post<RetiredEquipmentDto>(`/api/equipment/${id}/retire`, {
        retirementNotes: retirementNotes ?? null,
      }),
    onSuccess: invalidate,
  });
}

/** Mark as Serviced: a service entry (every field optional). */
export function useRecordService() {
  const invalidate = useInvalidateService();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: ServiceInputRaw }) =>
      api.patch<EquipmentDto>(`/api/equipment/${id}/reset-service`, input),
    onSuccess: invalidate,
  });
}

/** Voids a reading (or the operator update it applied) or a service of a machine's history, with a reason. */
export function useVoidEntry() {
  const invalidate = useInvalidateService();
  return useMutation({
    mutationFn: (v: { equipmentId: string; entryId: string; reason: string }) =>
      api.post<HistoryRecordDto>(`/api/equipment/${v.equipmentId}/history/${v.entryId}/void`, {
        reason: v.reason,
      }),
    onSuccess: invalidate,
  });
}

export function useRestoreEquipment() {
  const invalidate = useInvalidateEquipment();
  return useMutation({
    mutationFn: (id: string) => api.post<EquipmentDto>(`/api/retired-equipment/${id}/restore`),
    onSuccess: invalidate,
  });
}
