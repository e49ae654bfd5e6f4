import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FuelReport } from '@domain/schemas/reports';
import { equipmentKeys } from '@/components/equipment/equipment-queries';
import { api } from '@/lib/api';
import { reportSearch, type ReportFilter } from './get-utilization';

/** Under equipmentKeys.all: a reading or a fill-up refreshes the report. */
export const fuelReportQueryOptions = (f: ReportFilter) =>
  queryOptions({
    queryKey: [...equipmentKeys.all, 'reports', 'fuel', f] as const,
    queryFn: () => api.get<FuelReport>(`/api/reports/fuel${reportSearch(f)}`),
  });

export const useFuelReport = (f: ReportFilter) => useQuery(fuelReportQueryOptions(f));
