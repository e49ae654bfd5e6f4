import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CostsReport } from '@domain/schemas/reports';
import { equipmentKeys } from '@/components/equipment/equipment-queries';
import { api } from '@/lib/api';
import { reportSearch, type ReportFilter } from './get-utilization';

/** Under equipmentKeys.all: a reading, a service or an edit refreshes the report. */
export const costsQueryOptions = (f: ReportFilter) =>
  queryOptions({
    queryKey: [...equipmentKeys.all, 'reports', 'costs', f] as const,
    queryFn: () => api.get<CostsReport>(`/api/reports/costs${reportSearch(f)}`),
  });

export const useCostsReport = (f: ReportFilter) => useQuery(costsQueryOptions(f));
