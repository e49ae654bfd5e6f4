import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InspectionsSummary } from '@domain/schemas/inspections';
import { api } from '@/lib/api';

/**
 * GET /api/inspections/summary: open defects, machines out of service, machines with a daily checklist
 * not inspected today (issue 16). Under the equipment keys, so every equipment write refreshes it.
 */
export const inspectionsSummaryQueryOptions = () =>
  queryOptions({
    queryKey: ['equipment', 'dashboard', 'inspections-summary'] as const,
    queryFn: () => api.get<InspectionsSummary>('/api/inspections/summary'),
  });

export const useInspectionsSummary = () => useQuery(inspectionsSummaryQueryOptions());
