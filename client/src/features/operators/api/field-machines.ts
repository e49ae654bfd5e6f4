import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EquipmentOptions } from '@domain/schemas/equipment';
import { api } from '@/lib/api';
import { refetchOnMountUnlessFresh } from '@/lib/query-client';
import { operatorKeys } from './keys';

/**
 * GET /api/field/machines: every machine of the company (bounded, FIELD_LIST_MAX) with what the picker
 * needs. The service worker keeps its last answer (network first), so the picker searches the whole
 * list on the phone, also with no signal; it is fetched again on every opening of the screen, when the
 * connection returns and after each recorded update (same key family as the picker's searches).
 */
export const fieldMachinesQueryOptions = () =>
  queryOptions({
    queryKey: [...operatorKeys.equipmentOptions(), 'all'] as const,
    queryFn: () => api.get<EquipmentOptions>('/api/field/machines'),
    // Asked even when the browser says it is offline: the service worker answers from its copy.
    networkMode: 'offlineFirst',
  });

export const useFieldMachines = () =>
  useQuery({
    ...fieldMachinesQueryOptions(),
    refetchOnMount: refetchOnMountUnlessFresh,
    refetchOnReconnect: 'always',
  });
