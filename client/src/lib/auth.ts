import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '@domain/schemas/auth';
import { api, getOrNullOn401 } from './api';
import { LANGUAGE_STORAGE_KEY } from './i18n';

export const authKeys = { user: ['auth', 'user'] as const };

/** Current user: 30 s stale, 60 s retention, no retry, no refetch on focus (spec section 7). */
export const currentUserQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.user,
    queryFn: () => getOrNullOn401<CurrentUser>('/api/auth/user'),
    staleTime: 30_000,
    gcTime: 60_000,
    retry: false,
    refetchOnWindowFocus: false,
  });

/** Signed in only when the call returns a non-empty result without error. */
export function useCurrentUser() {
  const q = useQuery(currentUserQueryOptions());
  const user = q.isError ? null : (q.data ?? null);
  return { user, isLoading: q.isLoading, isAuthenticated: Boolean(user) };
}

export const roleLabelKey = (role: string | undefined) =>
  role === 'owner' ? 'roles.owner' : role === 'manager' ? 'roles.manager' : role === 'operator' ? 'roles.operator' : role === 'platform_admin' ? 'roles.platform_admin' : 'roles.user';

/**
 * Logout: ends the session on the server (both endpoints), clears every client cache and storage
 * except the chosen language, then goes to / whatever the server said.
 */
export function useLogout() {
  const qc = useQueryClient();
  return async () => {
    try {
      await Promise.allSettled([api.post('/api/auth/logout'), api.get('/api/logout')]);
    } catch (err) {
      console.warn('Logout request failed', err);
    }
    const lang = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    qc.clear();
    localStorage.clear();
    sessionStorage.clear();
    if (lang) localStorage.setItem(LANGUAGE_STORAGE_KEY, lang);
    window.location.assign('/');
  };
}
