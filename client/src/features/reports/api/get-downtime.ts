import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DowntimeReport } from '@domain/schemas/reports';
import { equipmentKeys } from '@/components/equipment/equipment-queries';
import { api } from '@/lib/api';
import { reportSearch, type ReportFilter } from './get-utilization';

/** Under equipmentKeys.all: out of service, back in service or a defect refreshes the report. */
export const downtimeQueryOptions = (f: ReportFilter) =>
  queryOptions({
    queryKey: [...equipmentKeys.all, 'reports', 'downtime', f] as const,
    queryFn: () => api.get<DowntimeReport>(`/api/reports/downtime${reportSearch(f)}`),
  });

export const useDowntime = (f: ReportFilter) => useQuery(downtimeQueryOptions(f));
