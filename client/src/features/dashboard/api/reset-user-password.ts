import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';

export function useResetUserPassword() {
  return useMutation({
    mutationFn: (input: { targetUserId: string; newPassword: string }) =>
      api.post<unknown>('/api/admin/reset-user-password', input),
  });
}
