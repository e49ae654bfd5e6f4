/**
 * The public API's fixed lists (issue 29), plain constants (no zod) for the owner's screen; the schemas
 * in domain/schemas/integrations.ts build on them.
 */

/** What an API key may do (docs/api.md). */
export const apiScopes = ['read', 'readings', 'write'] as const;
export type ApiScope = (typeof apiScopes)[number];

/** The events a webhook endpoint can receive; work_order.completed is sent once work orders exist. */
export const webhookEvents = [
  'reading.created',
  'reading.held',
  'equipment.status_changed',
  'service.recorded',
  'defect.opened',
  'work_order.completed',
] as const;
export type WebhookEvent = (typeof webhookEvents)[number];
