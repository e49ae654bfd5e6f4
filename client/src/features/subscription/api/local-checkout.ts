import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { LocalCheckoutView } from '@domain/schemas/subscription';
import { api } from '@/lib/api';
import { subscriptionKeys } from './keys';

export const localCheckoutQueryOptions = (sessionId: string) =>
  queryOptions({
    queryKey: subscriptionKeys.checkout(sessionId),
    queryFn: () => api.get<LocalCheckoutView>(`/api/checkout/${encodeURIComponent(sessionId)}`),
  });

export const useLocalCheckout = (sessionId: string) =>
  useQuery(localCheckoutQueryOptions(sessionId));

export const usePayLocalCheckout = () =>
  useMutation({
    mutationFn: (sessionId: string) =>
      api.post<{ ok: true }>(`/api/checkout/${encodeURIComponent(sessionId)}/pay`),
  });
