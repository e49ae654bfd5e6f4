import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Tier } from '@domain/plans';
import type { SubscriptionView } from '@domain/schemas/subscription';
import { api } from '@/lib/api';
import { subscriptionKeys } from './keys';

export type SubscriptionChange =
  | { action: 'upgrade'; tier: Tier }
  | { action: 'pause'; months: 3 | 6 }
  | { action: 'reactivate' }
  | { action: 'cancel' };

export function changeSubscription(change: SubscriptionChange) {
  switch (change.action) {
    case 'upgrade':
      return api.post<SubscriptionView>('/api/subscription/upgrade', { tier: change.tier });
    case 'pause':
      return api.post<SubscriptionView>('/api/subscription/pause', { months: change.months });
    case 'reactivate':
      return api.post<SubscriptionView>('/api/subscription/reactivate');
    case 'cancel':
      return api.post<SubscriptionView>('/api/subscription/cancel');
  }
}

/** Upgrade, pause, reactivate and cancel: the answer is the new state. */
export function useChangeSubscription() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: changeSubscription,
    onSuccess: (data) => {
      qc.setQueryData(subscriptionKeys.current(), data);
    },
  });
}
