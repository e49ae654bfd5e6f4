import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiKeyDto, CreateApiKeyInput, CreatedApiKeyDto } from '@domain/schemas/integrations';
import { api } from '@/lib/api';
import { integrationKeys } from './keys';

export const apiKeysQueryOptions = () =>
  queryOptions({
    queryKey: integrationKeys.apiKeys(),
    queryFn: () => api.get<ApiKeyDto[]>('/api/api-keys'),
  });

export const useApiKeys = () => useQuery(apiKeysQueryOptions());

export function useCreateApiKey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateApiKeyInput) => api.post<CreatedApiKeyDto>('/api/api-keys', body),
    onSuccess: () => qc.invalidateQueries({ queryKey: integrationKeys.apiKeys() }),
  });
}

export function useRevokeApiKey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ ok: true }>(`/api/api-keys/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: integrationKeys.apiKeys() }),
  });
}
