import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { EquipmentOptions } from '@domain/schemas/equipment';
import type {
  DefectDto,
  InspectionDto,
  InspectionReport,
  InspectionsSummary,
  ResolveDefectInput,
  StarterKey,
  TemplateDto,
  TemplateFormInput,
} from '@domain/schemas/inspections';
import { api } from '@/lib/api';

/** Query keys of the inspections feature (issue 16). Equipment keys are invalidated too: out of service shows on every machine. */
export const inspectionKeys = {
  all: ['inspections'] as const,
  templates: () => [...inspectionKeys.all, 'templates'] as const,
  defects: (status: string) => [...inspectionKeys.all, 'defects', status] as const,
  report: (id: string) => [...inspectionKeys.all, 'report', id] as const,
  summary: () => [...inspectionKeys.all, 'summary'] as const,
};

export const templatesQueryOptions = () =>
  queryOptions({
    queryKey: inspectionKeys.templates(),
    queryFn: () => api.get<TemplateDto[]>('/api/inspection-templates'),
  });
export const useTemplates = () => useQuery(templatesQueryOptions());

export const defectsQueryOptions = (status: 'open' | 'resolved' | 'all') =>
  queryOptions({
    queryKey: inspectionKeys.defects(status),
    queryFn: () => api.get<DefectDto[]>(`/api/defects?status=${status}`),
  });
export const useDefects = (status: 'open' | 'resolved' | 'all') =>
  useQuery(defectsQueryOptions(status));

export const useInspectionReport = (id: string) =>
  useQuery({
    queryKey: inspectionKeys.report(id),
    queryFn: () =>
      api.get<InspectionReport>(`/api/equipment/${encodeURIComponent(id)}/inspection-report`),
    retry: false,
  });

function useInvalidate() {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: inspectionKeys.all }),
      qc.invalidateQueries({ queryKey: ['equipment'] }),
      qc.invalidateQueries({ queryKey: ['dashboard'] }),
    ]);
}

export function useSaveTemplate() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: TemplateFormInput }) =>
      id
        ? api.put<TemplateDto>(`/api/inspection-templates/${id}`, body)
        : api.post<TemplateDto>('/api/inspection-templates', body),
    onSuccess: invalidate,
  });
}

export function useArchiveTemplate() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/api/inspection-templates/${id}`),
    onSuccess: invalidate,
  });
}

export function useCopyStarter() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (v: { starter: StarterKey; language: 'en' | 'es' }) =>
      api.post<TemplateDto>('/api/inspection-templates/starters', v),
    onSuccess: invalidate,
  });
}

export function useResolveDefect() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ResolveDefectInput }) =>
      api.post<DefectDto>(`/api/defects/${id}/resolve`, body),
    onSuccess: invalidate,
  });
}

export function useOutOfService() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ equipmentId, reason }: { equipmentId: string; reason: string | null }) =>
      reason === null
        ? api.post(`/api/equipment/${equipmentId}/return-to-service`)
        : api.post(`/api/equipment/${equipmentId}/out-of-service`, { reason }),
    onSuccess: invalidate,
  });
}

/** GET /api/inspections/summary (its key sits under equipment's, so every equipment write refreshes it). */
export const summaryQueryOptions = () =>
  queryOptions({
    queryKey: ['equipment', 'dashboard', 'inspections-summary'] as const,
    queryFn: () => api.get<InspectionsSummary>('/api/inspections/summary'),
  });
export const useInspectionsSummary = () => useQuery(summaryQueryOptions());

/** Machines matching a search, for a template's "applies to these machines" (the bounded picker call). */
export const useMachineSearch = (search: string) =>
  useQuery({
    queryKey: ['equipment', 'list', 'inspection-picker', search] as const,
    queryFn: () =>
      api.get<EquipmentOptions>(
        search.trim()
          ? `/api/equipment/options?search=${encodeURIComponent(search.trim())}`
          : '/api/equipment/options',
      ),
    placeholderData: keepPreviousData,
  });

/** GET /api/inspections: the company's latest inspections, newest first. */
export const useRecentInspections = (limit = 20) =>
  useQuery({
    queryKey: [...inspectionKeys.all, 'recent', limit] as const,
    queryFn: () => api.get<InspectionDto[]>(`/api/inspections?limit=${limit}`),
  });
