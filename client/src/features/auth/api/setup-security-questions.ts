import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SetupSecurityQuestionsInput } from '@domain/schemas/auth';
import { api } from '@/lib/api';
import { authKeys } from '@/lib/auth';

export const setupSecurityQuestions = (input: SetupSecurityQuestionsInput) =>
  api.post<{ ok: true }>('/api/auth/setup-security-questions', input);

export function useSetupSecurityQuestions() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: setupSecurityQuestions,
    onSuccess: () => qc.invalidateQueries({ queryKey: authKeys.user }),
  });
}
