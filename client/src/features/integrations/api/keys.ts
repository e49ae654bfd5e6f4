/** Query keys of the integrations feature (API keys and webhooks, issue 29). */
export const integrationKeys = {
  all: ['integrations'] as const,
  apiKeys: () => [...integrationKeys.all, 'api-keys'] as const,
  webhooks: () => [...integrationKeys.all, 'webhooks'] as const,
  deliveries: (webhookId: string) =>
    [...integrationKeys.webhooks(), webhookId, 'deliveries'] as const,
};
