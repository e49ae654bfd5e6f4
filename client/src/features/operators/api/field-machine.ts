import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FieldMachine } from '@domain/schemas/field';
import { api } from '@/lib/api';
import { operatorKeys } from './keys';

export type { FieldMachine };

/** GET /api/field/machines/:id: one machine with its last reading's time and usual daily usage. */
export const fieldMachineQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...operatorKeys.equipmentOptions(), 'machine', id] as const,
    queryFn: () => api.get<FieldMachine>(`/api/field/machines/${encodeURIComponent(id)}`),
    retry: false,
    // Asked even when the browser says it is offline: the service worker may have its last answer.
    networkMode: 'offlineFirst',
  });

export const useFieldMachine = (id: string | null) =>
  useQuery({ ...fieldMachineQueryOptions(id ?? ''), enabled: id !== null });
