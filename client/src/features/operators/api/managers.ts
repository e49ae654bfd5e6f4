import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EmployeeDto, ManagerInput } from '@domain/schemas/operators';
import { api } from '@/lib/api';
import { operatorKeys } from './keys';

/** Managers, or (issue 27) technicians: added, listed and removed the same way. */
export type StaffKind = 'managers' | 'technicians';

export const managersQueryOptions = (kind: StaffKind = 'managers') =>
  queryOptions({
    queryKey: [...operatorKeys.managers(), kind],
    queryFn: () => api.get<EmployeeDto[]>(`/api/${kind}`),
  });

export const useManagers = (enabled: boolean, kind: StaffKind = 'managers') =>
  useQuery({ ...managersQueryOptions(kind), enabled });

export function useCreateManager(kind: StaffKind = 'managers') {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ManagerInput) => api.post<EmployeeDto>(`/api/${kind}`, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: operatorKeys.managers() }),
  });
}

export function useDeleteManager(kind: StaffKind = 'managers') {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ ok: true }>(`/api/${kind}/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: operatorKeys.managers() }),
  });
}
