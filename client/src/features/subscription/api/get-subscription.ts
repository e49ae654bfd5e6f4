import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SubscriptionView } from '@domain/schemas/subscription';
import { api } from '@/lib/api';
import { subscriptionKeys } from './keys';

export const subscriptionQueryOptions = () =>
  queryOptions({
    queryKey: subscriptionKeys.current(),
    queryFn: () => api.get<SubscriptionView>('/api/subscription'),
  });

export const useSubscription = () => useQuery(subscriptionQueryOptions());
