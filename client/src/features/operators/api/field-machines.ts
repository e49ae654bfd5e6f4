import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '@domain/schemas/auth';
import type { EquipmentOptions } from '@domain/schemas/equipment';
import { ApiError, api } from '@/lib/api';
import { authKeys } from '@/lib/auth';
import { queryClient, refetchOnMountUnlessFresh } from '@/lib/query-client';
import { operatorKeys } from './keys';

/**
 * The last list the server gave, kept on the phone for the signed-in company (issue 25): the service
 * worker keeps it too, but only for answers it saw, and the first answers after sign-in may come before
 * it controls the page. Removed with everything else on sign-out (lib/auth.ts useLogout).
 */
const KEPT_LIST_KEY = 'ems.operator.machines';
type Kept = { companyId: string; list: EquipmentOptions };

const companyOfUser = () =>
  queryClient.getQueryData<CurrentUser | null>(authKeys.user)?.companyId ?? null;

function keepList(list: EquipmentOptions) {
  const companyId = companyOfUser();
  if (!companyId) return;
  try {
    localStorage.setItem(KEPT_LIST_KEY, JSON.stringify({ companyId, list } satisfies Kept));
  } catch {
    // storage full: the service worker's copy is the only one
  }
}

function keptList(): EquipmentOptions | null {
  try {
    const raw = localStorage.getItem(KEPT_LIST_KEY);
    const kept = raw ? (JSON.parse(raw) as Kept) : null;
    return kept && kept.companyId === companyOfUser() ? kept.list : null;
  } catch {
    return null;
  }
}

async function fetchFieldMachines(): Promise<EquipmentOptions> {
  try {
    const list = await api.get<EquipmentOptions>('/api/field/machines');
    keepList(list);
    return list;
  } catch (err) {
    // No answer (no signal, server down): the copy on the phone. A 4xx is the server's answer.
    const offline = err instanceof ApiError && (err.status === 0 || err.status >= 500);
    const kept = offline ? keptList() : null;
    if (!kept) throw err;
    return kept;
  }
}

/**
 * GET /api/field/machines: every machine of the company (bounded, FIELD_LIST_MAX) with what the picker
 * needs. The service worker and the phone's storage keep its last answer, so the picker searches the
 * whole list on the phone, also with no signal; it is fetched again on every opening of the screen,
 * when the connection returns and after each recorded update (same key family as the picker's searches).
 */
export const fieldMachinesQueryOptions = () =>
  queryOptions({
    queryKey: [...operatorKeys.equipmentOptions(), 'all'] as const,
    queryFn: fetchFieldMachines,
    // Asked even when the browser says it is offline: the service worker answers from its copy.
    networkMode: 'offlineFirst',
  });

export const useFieldMachines = () =>
  useQuery({
    ...fieldMachinesQueryOptions(),
    refetchOnMount: refetchOnMountUnlessFresh,
    refetchOnReconnect: 'always',
  });
