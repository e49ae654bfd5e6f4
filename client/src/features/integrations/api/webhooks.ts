import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreatedWebhookDto,
  CreateWebhookInput,
  WebhookDeliveryDto,
  WebhookDto,
} from '@domain/schemas/integrations';
import { api } from '@/lib/api';
import { integrationKeys } from './keys';

export const webhooksQueryOptions = () =>
  queryOptions({
    queryKey: integrationKeys.webhooks(),
    queryFn: () => api.get<WebhookDto[]>('/api/webhooks'),
  });

export const useWebhooks = () => useQuery(webhooksQueryOptions());

export const deliveriesQueryOptions = (webhookId: string) =>
  queryOptions({
    queryKey: integrationKeys.deliveries(webhookId),
    queryFn: () => api.get<WebhookDeliveryDto[]>(`/api/webhooks/${webhookId}/deliveries`),
  });

export const useDeliveries = (webhookId: string) => useQuery(deliveriesQueryOptions(webhookId));

export function useCreateWebhook() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateWebhookInput) => api.post<CreatedWebhookDto>('/api/webhooks', body),
    onSuccess: () => qc.invalidateQueries({ queryKey: integrationKeys.webhooks() }),
  });
}

export function useDeleteWebhook() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ ok: true }>(`/api/webhooks/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: integrationKeys.webhooks() }),
  });
}

export function useResendDelivery(webhookId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string) =>
      api.post<WebhookDeliveryDto>(`/api/webhooks/${webhookId}/deliveries/${deliveryId}/resend`),
    onSuccess: () => qc.invalidateQueries({ queryKey: integrationKeys.deliveries(webhookId) }),
  });
}
