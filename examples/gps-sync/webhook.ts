import { createHmac, timingSafeEqual } from 'node:crypto';
import type { components, webhooks } from './schema';

/**
 * Receiving our webhooks: check the signature over the raw body (docs/api.md, "Webhooks"), then read
 * the event as the document types it, one type per event.
 */

export const TOLERANCE_S = 300;

type EventSchemaName = Extract<keyof components['schemas'], `WebhookEvent${string}`>;
export type WebhookEvent = components['schemas'][EventSchemaName];
export type EventType = keyof webhooks;

/** The event types this receiver knows (the document's `webhooks` section; a new one is a type error). */
const EVENT_TYPES = [
  'reading.created',
  'reading.held',
  'equipment.status_changed',
  'service.recorded',
  'service.completed',
  'defect.opened',
  'work_order.completed',
  'service_task.due',
  'document.expiring',
] as const satisfies readonly EventType[];
type Known = (typeof EVENT_TYPES)[number];
/** Compiles only while EVENT_TYPES names every event type of the document. */
export const everyEventTypeKnown: Exclude<EventType, Known> extends never ? true : never = true;

/** True when `rawBody` was signed with `secret` within the tolerance. Compare in constant time. */
export function verifySignature(
  secret: string,
  signatureHeader: string | undefined,
  rawBody: string,
  nowS = Math.floor(Date.now() / 1000),
): boolean {
  const m = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(signatureHeader ?? '');
  if (!m?.[1] || !m[2] || Math.abs(nowS - Number(m[1])) > TOLERANCE_S) return false;
  const expected = createHmac('sha256', secret).update(`${m[1]}.${rawBody}`).digest();
  return timingSafeEqual(expected, Buffer.from(m[2], 'hex'));
}

function isEvent(value: unknown): value is WebhookEvent {
  if (typeof value !== 'object' || value === null) return false;
  if (!('type' in value) || !('data' in value) || !('id' in value)) return false;
  const { type, data } = value;
  return (
    EVENT_TYPES.some((t) => t === type) &&
    typeof value.id === 'string' &&
    typeof data === 'object' &&
    data !== null
  );
}

/** A received request: its event when the signature holds and the body is an event we know. */
export function receive(
  secret: string,
  signatureHeader: string | undefined,
  rawBody: string,
  nowS?: number,
): { ok: true; event: WebhookEvent } | { ok: false; reason: 'signature' | 'body' } {
  if (!verifySignature(secret, signatureHeader, rawBody, nowS))
    return { ok: false, reason: 'signature' };
  const parsed: unknown = JSON.parse(rawBody);
  return isEvent(parsed) ? { ok: true, event: parsed } : { ok: false, reason: 'body' };
}

/** What an integrator does with one: each branch sees its own `data` type. */
export function describe(event: WebhookEvent): string {
  switch (event.type) {
    case 'reading.created':
    case 'reading.held':
      return `${event.type}: machine ${event.data.equipmentId} at ${event.data.usage}`;
    case 'equipment.status_changed':
      return `status of ${event.data.equipmentId}: ${event.data.from} -> ${event.data.to}`;
    case 'service_task.due':
      return `${event.data.taskName} on ${event.data.equipmentName} is ${event.data.status}`;
    case 'work_order.completed':
      return `work order ${event.data.number} completed`;
    case 'document.expiring':
      return `${event.data.title} expires on ${event.data.expiresOn}`;
    default:
      return event.type;
  }
}
