import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser, SignupInput } from '@domain/schemas/auth';
import { api } from '@/lib/api';
import { authKeys, browserTimeZone } from '@/lib/auth';
import { currentLanguage } from '@/lib/i18n';

/** The company starts in the browser's time zone (editable in Company Settings). */
export const signup = (input: SignupInput) =>
  api.post<CurrentUser>('/api/auth/signup', {
    ...input,
    timeZone: input.timeZone ?? browserTimeZone(),
    language: input.language ?? currentLanguage(),
  });

export function useSignup() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: signup,
    onSuccess: (user) => qc.setQueryData(authKeys.user, user),
  });
}
