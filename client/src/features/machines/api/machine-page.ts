import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MachinePageDto } from '@domain/schemas/machine-page';
import { equipmentKeys } from '@/components/equipment/equipment-queries';
import { api } from '@/lib/api';
import { refetchOnMountUnlessFresh } from '@/lib/query-client';

/** The machine page's URL; also announced as the page's first-screen data (app/route-table.ts). */
export const machinePageUrl = (id: string) => `/api/equipment/${encodeURIComponent(id)}/page`;

/** Under equipmentKeys.all: every equipment write (reading, service, void, retire) refreshes it. */
export const machinePageQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...equipmentKeys.all, 'page', id] as const,
    queryFn: () => api.get<MachinePageDto>(machinePageUrl(id)),
    retry: false,
    // Its first answer may have been fetched at boot (app/routes.tsx firstScreenData).
    refetchOnMount: refetchOnMountUnlessFresh,
  });

export const useMachinePage = (id: string) => useQuery(machinePageQueryOptions(id));
