import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CompanyDetails } from '@domain/schemas/profile';
import { api } from '@/lib/api';
import { profileKeys } from './keys';

export const companySettingsQueryOptions = () =>
  queryOptions({
    queryKey: profileKeys.company(),
    queryFn: () => api.get<CompanyDetails>('/api/company/settings'),
  });

export const useCompanySettings = (enabled: boolean) =>
  useQuery({ ...companySettingsQueryOptions(), enabled });
