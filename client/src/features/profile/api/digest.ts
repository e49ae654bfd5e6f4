import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DigestPreferences, UpdateDigestPreferences } from '@domain/schemas/digest';
import { api } from '@/lib/api';
import { profileKeys } from './keys';

export const digestQueryOptions = () =>
  queryOptions({
    queryKey: profileKeys.digest(),
    queryFn: () => api.get<DigestPreferences>('/api/user/digest'),
  });

export const useDigestPreferences = () => useQuery(digestQueryOptions());

export const updateDigest = (input: UpdateDigestPreferences) =>
  api.put<DigestPreferences>('/api/user/digest', input);

export function useUpdateDigest() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateDigest,
    onSuccess: (prefs) => qc.setQueryData(profileKeys.digest(), prefs),
  });
}
