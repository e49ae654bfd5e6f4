import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '@domain/schemas/auth';
import type { UpdateProfileFormValues } from '@domain/schemas/profile';
import { api } from '@/lib/api';
import { authKeys } from '@/lib/auth';

export const updateProfile = (input: UpdateProfileFormValues) =>
  api.patch<CurrentUser>('/api/user/profile', input);

export function useUpdateProfile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => qc.setQueryData(authKeys.user, user),
  });
}
