import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CompanyDetails, CompanySettingsInput } from '@domain/schemas/profile';
import { api } from '@/lib/api';
import { authKeys } from '@/lib/auth';
import { profileKeys } from './keys';

export const updateCompanySettings = (input: CompanySettingsInput) =>
  api.patch<CompanyDetails>('/api/company/settings', input);

/** Renaming the company also renames the business name shown in the header. */
export function useUpdateCompanySettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateCompanySettings,
    onSuccess: (company) => {
      qc.setQueryData(profileKeys.company(), company);
      void qc.invalidateQueries({ queryKey: authKeys.user });
    },
  });
}
