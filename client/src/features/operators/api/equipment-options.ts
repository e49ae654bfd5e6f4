import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EquipmentDto } from '@domain/schemas/equipment';
import { api } from '@/lib/api';
import { operatorKeys } from './keys';

/** The fields of GET /api/equipment the operator screen needs. */
export type EquipmentOption = Pick<EquipmentDto, 'id' | 'name' | 'type' | 'unit' | 'currentUsage' | 'fuelType'>;

export const equipmentOptionsQueryOptions = () =>
  queryOptions({ queryKey: operatorKeys.equipmentOptions(), queryFn: () => api.get<EquipmentOption[]>('/api/equipment') });

export const useEquipmentOptions = () => useQuery(equipmentOptionsQueryOptions());
