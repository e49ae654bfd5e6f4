export const authApiKeys = {
  all: ['auth-api'] as const,
  config: () => ['config'] as const,
  securityQuestions: () => [...authApiKeys.all, 'security-questions'] as const,
};
