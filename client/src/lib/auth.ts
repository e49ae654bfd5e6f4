import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import type { CurrentUser } from '@domain/schemas/auth';
import { todayIn } from '@domain/dates';
import { ApiError, api, getOrNullOn401 } from './api';
import { setTimeZoneSource } from './format';
import { LANGUAGE_STORAGE_KEY } from './i18n';
import { OFFLINE_API_CACHES } from './offline-caches';
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

/**
 * The last operator session the server confirmed, kept on the device (issue 25): the current-user
 * answer only (id, role, names, company), never a password. A network failure is not a sign-out
 * (decisions.md "Sign-out"): while the server cannot be reached, an operator whose hint cookie is still
 * there keeps the operator screen and its queue. Removed on a 401, with no hint, and on sign-out.
 */
const DEVICE_SESSION_KEY = 'ems.operator.session';

export function keepDeviceSession(user: CurrentUser) {
  try {
    if (user.role === 'operator') localStorage.setItem(DEVICE_SESSION_KEY, JSON.stringify(user));
    else localStorage.removeItem(DEVICE_SESSION_KEY);
  } catch {
    // storage full or blocked: the screen then needs the server to open
  }
}
function forgetDeviceSession() {
  try {
    localStorage.removeItem(DEVICE_SESSION_KEY);
  } catch {
    // nothing kept
  }
}
function deviceSession(): CurrentUser | null {
  try {
    const raw = localStorage.getItem(DEVICE_SESSION_KEY);
    const user = raw ? (JSON.parse(raw) as CurrentUser) : null;
    return user?.role === 'operator' && typeof user.id === 'string' ? user : null;
  } catch {
    return null;
  }
}

/**
 * Whether the user shown is the device's copy because the server could not be reached (the operator
 * screen then says "Offline"). Set by the current-user call, cleared by its next answer.
 */
let unconfirmed = false;
const unconfirmedListeners = new Set<() => void>();
function setUnconfirmed(v: boolean) {
  if (unconfirmed === v) return;
  unconfirmed = v;
  for (const l of unconfirmedListeners) l();
}
export function useSessionUnconfirmed(): boolean {
  return useSyncExternalStore(
    (cb) => {
      unconfirmedListeners.add(cb);
      return () => unconfirmedListeners.delete(cb);
    },
    () => unconfirmed,
    () => false,
  );
}

/**
 * The service worker's copies of API answers are dropped with the session (a 401): the current user,
 * and the operator screen's answers, documents' thumbnails and files, as sign-out drops them. A session
 * the server ended (expired, the operator removed) must not leave the company's manuals on the phone.
 */
function dropOfflineCopies() {
  if (typeof caches === 'undefined') return;
  for (const name of OFFLINE_API_CACHES) void caches.delete(name).catch(() => false);
}

async function fetchCurrentUser(): Promise<CurrentUser | null> {
  if (!signedInHint()) {
    forgetDeviceSession();
    setUnconfirmed(false);
    return null;
  }
  let user: CurrentUser | null;
  try {
    user = await getOrNullOn401<CurrentUser>('/api/auth/user');
  } catch (err) {
    // No answer (no signal, or the server is down): the operator kept on the device, if any.
    const noAnswer = err instanceof ApiError && (err.status === 0 || err.status >= 500);
    const kept = noAnswer && signedInHint() === 'operator' ? deviceSession() : null;
    if (!kept) throw err;
    setUnconfirmed(true);
    return kept;
  }
  setUnconfirmed(false);
  if (user) keepDeviceSession(user);
  else {
    clearSignedInHint();
    forgetDeviceSession();
    dropOfflineCopies();
  }
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
    // Asked even when the browser says it is offline: the service worker or the device's copy answers.
    networkMode: 'offlineFirst',
    // The device's copy is shown and the browser says it is online (a weak signal: the check made when
    // the signal came back got no answer): asked again every few seconds until the server answers, so
    // "Offline" does not stay on a phone that is back online.
    refetchInterval: () => (unconfirmed && navigator.onLine ? SESSION_RECHECK_MS : false),
  });

/** How often an unconfirmed session is asked again while the browser says it is online. */
export const SESSION_RECHECK_MS = 5_000;

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
        : role === 'technician'
          ? 'roles.technician'
          : role === 'platform_admin'
            ? 'roles.platform_admin'
            : 'roles.user';

/**
 * Logout: ends the session on the server (POST /api/auth/logout; no GET signs out), clears every
 * client cache and storage except the chosen language, then goes to / whatever the server said.
 */
export function useLogout() {
  const qc = useQueryClient();
  return async () => {
    // A failure is only logged (the user is sent to / whatever happens).
    await api.post('/api/auth/logout').catch((err: unknown) => {
      console.warn('Logout request failed', err);
    });
    const lang = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    qc.clear();
    localStorage.clear();
    sessionStorage.clear();
    if (lang) localStorage.setItem(LANGUAGE_STORAGE_KEY, lang);
    // The offline copies of the API: the operator screen's answers, documents' thumbnails and files.
    if (typeof caches !== 'undefined')
      await Promise.all(OFFLINE_API_CACHES.map((name) => caches.delete(name).catch(() => false)));
    window.location.assign('/');
  };
}
