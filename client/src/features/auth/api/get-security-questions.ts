import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SecurityQuestionList } from '@domain/schemas/auth';
import { api } from '@/lib/api';
import { authApiKeys } from './keys';

export const securityQuestionsQueryOptions = () =>
  queryOptions({
    queryKey: authApiKeys.securityQuestions(),
    queryFn: () => api.get<SecurityQuestionList>('/api/auth/security-questions'),
    staleTime: Infinity,
  });

export const useSecurityQuestions = () => useQuery(securityQuestionsQueryOptions());
