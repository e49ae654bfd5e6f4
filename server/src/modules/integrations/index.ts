/** The public API's module (issue 29): API keys, the readings batch, webhooks, the OpenAPI document. */
export { apiKeysRoutes } from './api-keys.routes';
export { integrationsRoutes } from './integrations.routes';
export { startWebhookJobs, WEBHOOK_JOB } from './webhooks.jobs';
export { registerOpenApi } from './openapi';
