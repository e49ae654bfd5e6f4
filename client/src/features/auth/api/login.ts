import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser, LoginInput } from '@domain/schemas/auth';
import { api } from '@/lib/api';
import { authKeys } from '@/lib/auth';

export const login = (input: LoginInput) => api.post<CurrentUser>('/api/auth/login', input);

/** Owner/manager sign-in; on success the current user is known at once (no extra round trip). */
export function useLogin() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (user) => qc.setQueryData(authKeys.user, user),
  });
}
