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
  /** A service with the tasks it did (issue 40); service.recorded is kept for existing endpoints. */
  'service.completed',
  'defect.opened',
  'work_order.completed',
  'service_task.due',
  /** A document's expiry is 30 days away, and again on the day (issue 42). */
  'document.expiring',
] as const;
export type WebhookEvent = (typeof webhookEvents)[number];

/**
 * How far a webhook request's signed timestamp (`t`) may be from the receiver's clock, in seconds: a
 * receiver rejects an older (or later) one as a replay (docs/api.md).
 */
export const WEBHOOK_TOLERANCE_S = 300;
