import { queryOptions, useQuery } from '@tanstack/react-query';
import { DEFAULT_TRIAL_DAYS } from '@domain/plans';
import { api } from '@/lib/api';
import { authApiKeys } from './keys';

export type PublicConfig = {
  trialDays: number;
  supportEmail: string | null;
  stripePublishableKey: string | null;
};

export const configQueryOptions = () =>
  queryOptions({
    queryKey: authApiKeys.config(),
    queryFn: () => api.get<PublicConfig>('/api/config'),
    staleTime: 5 * 60_000,
  });

/** The trial length from the server (TRIAL_DAYS), the domain default until it arrives. */
export function useTrialDays(): number {
  const q = useQuery(configQueryOptions());
  return q.data?.trialDays ?? DEFAULT_TRIAL_DAYS;
}
