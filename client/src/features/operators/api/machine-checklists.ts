import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InspectionInput, MachineChecklists } from '@domain/schemas/inspections';
import { api } from '@/lib/api';
import { operatorKeys } from './keys';

export type { MachineChecklists };
/** What the outbox sends to POST /api/inspections. */
export type InspectionBody = InspectionInput;

/** GET /api/field/machines/:id/checklists: the picked machine's checklists and out-of-service state. */
export const machineChecklistsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...operatorKeys.equipmentOptions(), 'checklists', id] as const,
    queryFn: () =>
      api.get<MachineChecklists>(`/api/field/machines/${encodeURIComponent(id)}/checklists`),
    retry: false,
  });

export const useMachineChecklists = (id: string | null) =>
  useQuery({ ...machineChecklistsQueryOptions(id ?? ''), enabled: id !== null });
