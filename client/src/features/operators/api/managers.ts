import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EmployeeDto, ManagerInput } from '@domain/schemas/operators';
import { api } from '@/lib/api';
import { operatorKeys } from './keys';

export const managersQueryOptions = () =>
  queryOptions({
    queryKey: operatorKeys.managers(),
    queryFn: () => api.get<EmployeeDto[]>('/api/managers'),
  });

export const useManagers = (enabled: boolean) => useQuery({ ...managersQueryOptions(), enabled });

export function useCreateManager() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ManagerInput) => api.post<EmployeeDto>('/api/managers', body),
    onSuccess: () => qc.invalidateQueries({ queryKey: operatorKeys.managers() }),
  });
}

export function useDeleteManager() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ ok: true }>(`/api/managers/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: operatorKeys.managers() }),
  });
}
