import { webhookEvents, WEBHOOK_TOLERANCE_S } from '@domain/integrations';
import { webhookEventName, webhookEventSummaries } from '@domain/schemas/webhook-events';

/**
 * The document's `webhooks` section (issue 41): one entry per event type, its body the event's named
 * component `WebhookEvent<Type>` (registered from domain/schemas/webhook-events.ts in
 * openapi-components.ts: the same schemas the server's events are typed with), signed with the
 * `webhookSignature` scheme.
 */

const SIGNED =
  'Signed like Stripe: `Webhook-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, t + "." + body)>`, ' +
  'computed over the raw body exactly as received (compact JSON). Compare in constant time, and reject a ' +
  `request whose \`t\` is more than ${WEBHOOK_TOLERANCE_S} seconds from your clock (a replayed request). ` +
  "Sent at least once: de-duplicate by the event id (`Webhook-Id`, the body's `id`). See docs/api.md for " +
  'verification in Node and in Python.';

export const webhookSecurityScheme = {
  type: 'apiKey',
  in: 'header',
  name: 'Webhook-Signature',
  description:
    'Not a key to send: the signature the server puts on every webhook request, with the secret shown once ' +
    `when the endpoint was registered. ${SIGNED}`,
} as const;

const headerParam = (name: string, description: string, schema: Record<string, unknown>) => ({
  in: 'header',
  name,
  required: true,
  description,
  schema,
});

export function webhooksSection(): Record<string, unknown> {
  return Object.fromEntries(
    webhookEvents.map((type) => {
      const name = webhookEventName(type);
      return [
        type,
        {
          post: {
            operationId: `webhook${name}`,
            tags: ['Webhooks'],
            summary: webhookEventSummaries[type],
            description: `Sent to the endpoints subscribed to \`${type}\`. ${SIGNED}`,
            security: [{ webhookSignature: [] }],
            parameters: [
              headerParam('Webhook-Id', "The event's id (the same on every attempt)", {
                type: 'string',
              }),
              headerParam('Webhook-Event', "The event's type", { type: 'string', const: type }),
            ],
            requestBody: {
              required: true,
              content: {
                'application/json': {
                  schema: { $ref: `#/components/schemas/WebhookEvent${name}` },
                },
              },
            },
            responses: {
              '200': {
                description:
                  'Any 2xx acknowledges; anything else (or no answer in 10 s, or a redirect) is retried for 24 hours.',
              },
            },
          },
        },
      ];
    }),
  );
}
