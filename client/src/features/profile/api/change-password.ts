import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordInput } from '@domain/schemas/profile';
import { api } from '@/lib/api';

export const changePassword = (input: ChangePasswordInput) =>
  api.patch<{ ok: true }>('/api/user/change-password', input);

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
