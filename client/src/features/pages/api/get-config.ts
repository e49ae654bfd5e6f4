import { queryOptions, useQuery } from '@tanstack/react-query';
import { DEFAULT_TRIAL_DAYS } from '@domain/plans';
import { api } from '@/lib/api';

/** Public settings from GET /api/config (trial length, support address). */
export type PublicConfig = {
  trialDays: number;
  supportEmail: string;
  stripePublishableKey: string | null;
};

export const configKeys = { all: ['config'] as const };

export const configQueryOptions = () =>
  queryOptions({
    queryKey: configKeys.all,
    queryFn: () => api.get<PublicConfig>('/api/config'),
    staleTime: 5 * 60_000,
    retry: false,
  });

/** The public config; until it arrives (or if it fails) the trial length falls back to DEFAULT_TRIAL_DAYS. */
export function usePublicConfig() {
  const q = useQuery(configQueryOptions());
  return {
    trialDays: q.data?.trialDays ?? DEFAULT_TRIAL_DAYS,
    supportEmail: q.data?.supportEmail ?? null,
    isLoading: q.isLoading,
  };
}
