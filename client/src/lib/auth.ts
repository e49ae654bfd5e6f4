import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '@domain/schemas/auth';
import { todayIn } from '@domain/dates';
import { api, getOrNullOn401 } from './api';
import { setTimeZoneSource } from './format';
import { LANGUAGE_STORAGE_KEY } from './i18n';
import { queryClient } from './query-client';

export const authKeys = { user: ['auth', 'user'] as const };

// Times are shown in the signed-in company's time zone (lib/format.ts formatDateTime).
setTimeZoneSource(() => queryClient.getQueryData<CurrentUser | null>(authKeys.user)?.timeZone);

/**
 * The server sets a readable `ems_signed_in` cookie (the role only, never a secret) beside the HttpOnly
 * session cookie and clears it at logout and on any 401. Without it nobody is signed in, so the app
 * skips GET /api/auth/user (no request, no 401 in the console) and can pick the first screen at once.
 * It is a hint for speed only: what the user may see is decided by the server's answer.
 */
const SIGNED_IN_HINT = 'ems_signed_in';
export function signedInHint(): string | null {
  if (typeof document === 'undefined') return null;
  const match = document.cookie.match(/(?:^|;\s*)ems_signed_in=([^;]*)/);
  return match?.[1] ? decodeURIComponent(match[1]) : null;
}
function clearSignedInHint() {
  document.cookie = `${SIGNED_IN_HINT}=; Max-Age=0; path=/; SameSite=Lax`;
}

async function fetchCurrentUser(): Promise<CurrentUser | null> {
  if (!signedInHint()) return null;
  const user = await getOrNullOn401<CurrentUser>('/api/auth/user');
  if (!user) clearSignedInHint();
  return user;
}

/** Current user: 30 s stale, 60 s retention, no retry, no refetch on focus (spec section 7). */
export const currentUserQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.user,
    queryFn: fetchCurrentUser,
    // No hint, nobody signed in: known at once, so the first render already shows the signed-out
    // screen instead of a spinner followed by a second, synchronous render of the whole page.
    initialData: () => (signedInHint() ? undefined : null),
    staleTime: 30_000,
    gcTime: 60_000,
    retry: false,
    refetchOnWindowFocus: false,
  });

/** The browser's time zone (IANA name), e.g. "America/Chicago". */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * Today (YYYY-MM-DD) in the signed-in company's time zone (decisions.md: every "today", due date and
 * export date is computed in it), else the browser's.
 */
export function companyToday(now = new Date()): string {
  const user = queryClient.getQueryData<CurrentUser | null>(authKeys.user);
  return todayIn(user?.timeZone ?? browserTimeZone(), now);
}

/** Signed in only when the call returns a non-empty result without error. */
export function useCurrentUser() {
  const q = useQuery(currentUserQueryOptions());
  const user = q.isError ? null : (q.data ?? null);
  return { user, isLoading: q.isLoading, isAuthenticated: Boolean(user) };
}

export const roleLabelKey = (role: string | undefined) =>
  role === 'owner'
    ? 'roles.owner'
    : role === 'manager'
      ? 'roles.manager'
      : role === 'operator'
        ? 'roles.operator'
        : role === 'platform_admin'
          ? 'roles.platform_admin'
          : 'roles.user';

/**
 * Logout: ends the session on the server (both endpoints), clears every client cache and storage
 * except the chosen language, then goes to / whatever the server said.
 */
/** The service worker's cache of the API answers the operator screen needs offline (issue 13). */
export const FIELD_API_CACHE = 'ems-field-api';

export function useLogout() {
  const qc = useQueryClient();
  return async () => {
    // Both calls of the spec; a failure is only logged (the user is sent to / whatever happens).
    const results = await Promise.allSettled([
      api.post('/api/auth/logout'),
      api.get('/api/logout'),
    ]);
    for (const r of results)
      if (r.status === 'rejected') console.warn('Logout request failed', r.reason);
    const lang = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    qc.clear();
    localStorage.clear();
    sessionStorage.clear();
    if (lang) localStorage.setItem(LANGUAGE_STORAGE_KEY, lang);
    // The operator screen's offline copies of the API (vite.config.ts runtimeCaching).
    if (typeof caches !== 'undefined') await caches.delete(FIELD_API_CACHE).catch(() => false);
    window.location.assign('/');
  };
}
