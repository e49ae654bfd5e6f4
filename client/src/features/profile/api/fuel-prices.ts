import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { VolumeUnit } from '@domain/fuel';
import type { FuelPriceDto, FuelPriceInput, FuelPricesDto } from '@domain/schemas/fuel';
import { api } from '@/lib/api';
import { authKeys } from '@/lib/auth';
import { profileKeys } from './keys';

export const fuelPricesQueryOptions = () =>
  queryOptions({
    queryKey: profileKeys.fuelPrices(),
    queryFn: () => api.get<FuelPricesDto>('/api/fuel-prices'),
  });

export const useFuelPrices = () => useQuery(fuelPricesQueryOptions());

export function useAddFuelPrice() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: FuelPriceInput) => api.post<FuelPriceDto>('/api/fuel-prices', input),
    onSuccess: () => qc.invalidateQueries({ queryKey: profileKeys.fuelPrices() }),
  });
}

export function useSetVolumeUnit() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (volumeUnit: VolumeUnit) =>
      api.put<{ volumeUnit: VolumeUnit }>('/api/fuel-unit', { volumeUnit }),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: profileKeys.fuelPrices() });
      // The current user carries the unit every screen labels fuel with.
      await qc.invalidateQueries({ queryKey: authKeys.user });
    },
  });
}
