import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '@domain/schemas/auth';
import type { OperatorLoginInput } from '@domain/schemas/operators';
import { api } from '@/lib/api';
import { authKeys, keepDeviceSession } from '@/lib/auth';

export type OperatorLoginResponse = CurrentUser & { redirect?: string };

export function useOperatorLogin() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: OperatorLoginInput) =>
      api.post<OperatorLoginResponse>('/api/employee/login', body),
    onSuccess: (data) => {
      const { redirect: _redirect, ...user } = data;
      qc.setQueryData(authKeys.user, user);
      // Kept on the phone: a reload with no signal opens the operator screen (issue 25).
      keepDeviceSession(user);
    },
  });
}
