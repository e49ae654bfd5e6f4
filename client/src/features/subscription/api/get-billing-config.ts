import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { subscriptionKeys } from './keys';

export type BillingConfig = {
  trialDays: number;
  supportEmail: string;
  stripePublishableKey: string | null;
};

export const billingConfigQueryOptions = () =>
  queryOptions({
    queryKey: subscriptionKeys.config(),
    queryFn: () => api.get<BillingConfig>('/api/config'),
    staleTime: 5 * 60_000,
  });

export const useBillingConfig = () => useQuery(billingConfigQueryOptions());
