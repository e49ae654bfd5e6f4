export const subscriptionKeys = {
  all: ['subscription'] as const,
  current: () => [...subscriptionKeys.all, 'current'] as const,
  config: () => [...subscriptionKeys.all, 'config'] as const,
  checkout: (sessionId: string) => [...subscriptionKeys.all, 'checkout', sessionId] as const,
};
