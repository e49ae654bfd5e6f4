import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser, SignupInput } from '@domain/schemas/auth';
import { api } from '@/lib/api';
import { authKeys } from '@/lib/auth';

export const signup = (input: SignupInput) => api.post<CurrentUser>('/api/auth/signup', input);

export function useSignup() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: signup,
    onSuccess: (user) => qc.setQueryData(authKeys.user, user),
  });
}
