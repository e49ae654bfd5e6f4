import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UtilizationReport } from '@domain/schemas/reports';
import { equipmentKeys } from '@/components/equipment/equipment-queries';
import { api } from '@/lib/api';

export type ReportFilter = { from?: string; to?: string; type?: string };

/** A report's query string (`?from&to&type`), or '' for none. */
export function reportSearch(f: ReportFilter): string {
  const q = new URLSearchParams();
  if (f.from) q.set('from', f.from);
  if (f.to) q.set('to', f.to);
  if (f.type) q.set('type', f.type);
  const s = q.toString();
  return s ? `?${s}` : '';
}

/** Under equipmentKeys.all: a reading or an edit refreshes the report. */
export const utilizationQueryOptions = (f: ReportFilter) =>
  queryOptions({
    queryKey: [...equipmentKeys.all, 'reports', 'utilization', f] as const,
    queryFn: () => api.get<UtilizationReport>(`/api/reports/utilization${reportSearch(f)}`),
  });

export const useUtilization = (f: ReportFilter) => useQuery(utilizationQueryOptions(f));
