import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { EquipmentOption, EquipmentOptions } from '@domain/schemas/equipment';
import { api } from '@/lib/api';
import { refetchOnMountUnlessFresh } from '@/lib/query-client';
import { operatorKeys } from './keys';

export type { EquipmentOption };

/** A search of the operator's picker: the text, and the types whose translated label contains it. */
export type EquipmentOptionsSearch = { search: string; matchTypes: string[] };

function optionsUrl({ search, matchTypes }: EquipmentOptionsSearch) {
  const qs = new URLSearchParams();
  if (search.trim()) {
    qs.set('search', search.trim());
    if (matchTypes.length) qs.set('matchTypes', matchTypes.join(','));
  }
  const s = qs.toString();
  return s ? `/api/equipment/options?${s}` : '/api/equipment/options';
}

/** GET /api/equipment/options: the first machines matching the search (bounded whatever the fleet size). */
export const equipmentOptionsQueryOptions = (s: EquipmentOptionsSearch) =>
  queryOptions({
    queryKey: [...operatorKeys.equipmentOptions(), s] as const,
    queryFn: () => api.get<EquipmentOptions>(optionsUrl(s)),
  });

/**
 * The previous answer stays on screen while the next search loads. Only used for a fleet larger than the
 * list the phone keeps (api/field-machines.ts), while online.
 */
export const useEquipmentOptions = (s: EquipmentOptionsSearch, enabled = true) =>
  useQuery({
    ...equipmentOptionsQueryOptions(s),
    enabled,
    placeholderData: keepPreviousData,
    refetchOnMount: refetchOnMountUnlessFresh,
  });
