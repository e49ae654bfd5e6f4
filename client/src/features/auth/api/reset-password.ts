import { useMutation } from '@tanstack/react-query';
import type { ResetPasswordInput } from '@domain/schemas/auth';
import { api } from '@/lib/api';

export const resetPassword = (input: ResetPasswordInput) =>
  api.post<{ ok: true }>('/api/auth/reset-password', input);

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
