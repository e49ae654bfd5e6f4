import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { operatorKeys } from './keys';

/** The fields of GET /api/equipment the operator screen needs. */
export type EquipmentOption = { id: string; name: string; type: string; unit: string; currentUsage: number; fuelType: string };

export const equipmentOptionsQueryOptions = () =>
  queryOptions({ queryKey: operatorKeys.equipmentOptions(), queryFn: () => api.get<EquipmentOption[]>('/api/equipment') });

export const useEquipmentOptions = () => useQuery(equipmentOptionsQueryOptions());
