import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EmployeeDto, EmployeeInput } from '@domain/schemas/operators';
import { api } from '@/lib/api';
import { operatorKeys } from './keys';

export const employeesQueryOptions = () =>
  queryOptions({
    queryKey: operatorKeys.employees(),
    queryFn: () => api.get<EmployeeDto[]>('/api/employees'),
  });

export const useEmployees = () => useQuery(employeesQueryOptions());

export function useCreateEmployee() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: EmployeeInput) => api.post<EmployeeDto>('/api/employees', body),
    onSuccess: () => qc.invalidateQueries({ queryKey: operatorKeys.employees() }),
  });
}

export function useUpdateEmployee() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: EmployeeInput & { id: string }) =>
      api.put<EmployeeDto>(`/api/employees/${id}`, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: operatorKeys.employees() }),
  });
}

export function useDeleteEmployee() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ ok: true }>(`/api/employees/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: operatorKeys.employees() }),
  });
}
