import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CompanySettingsDto } from '@domain/schemas/operators';
import { api } from '@/lib/api';
import { authKeys } from '@/lib/auth';
import { operatorKeys } from './keys';

export const companySettingsQueryOptions = () =>
  queryOptions({
    queryKey: operatorKeys.companySettings(),
    queryFn: () => api.get<CompanySettingsDto>('/api/company-settings'),
  });

export const useCompanySettings = () => useQuery(companySettingsQueryOptions());

export function useUpdateCompanySettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { masterPassword?: string; companyName?: string }) =>
      api.post<CompanySettingsDto>('/api/company-settings', body),
    onSuccess: (data) => {
      qc.setQueryData(operatorKeys.companySettings(), data);
      void qc.invalidateQueries({ queryKey: authKeys.user });
    },
  });
}
