import { z } from 'zod';
import { apiScopes, webhookEvents, type ApiScope, type WebhookEvent } from '../integrations';
import { fuelTypeWords } from '../kinds';
import { fuelMessages } from '../messages/fuel';
import { moneySchema, volumeUnitSchema } from './fuel';
import { commonMessages } from '../messages/common';
import { integrationsMessages as m } from '../messages/integrations';
import { operatorsMessages } from '../messages/operators';
import { text } from './primitives';

/** The public API (issue 29, docs/api.md): API keys, the readings batch and webhooks. */
export { apiScopes, webhookEvents, type ApiScope, type WebhookEvent };

// ---- API keys ------------------------------------------------------------------------------------

export const createApiKeySchema = z.object({
  name: text({ message: m.keyNameRequired })
    .trim()
    .min(1, m.keyNameRequired)
    .max(60, commonMessages.tooLong),
  scopes: z
    .array(z.enum(apiScopes), { message: m.scopesRequired })
    .min(1, m.scopesRequired)
    .max(3)
    .transform((s) => [...new Set(s)]),
});
export type CreateApiKeyInput = z.infer<typeof createApiKeySchema>;

/** The answer to creating a key: the token, shown this once. */
export const createdApiKeyDto = z.object({
  id: z.string(),
  token: z.string(),
});
export type CreatedApiKeyDto = z.infer<typeof createdApiKeyDto>;

export const apiKeyDto = z.object({
  id: z.string(),
  name: z.string(),
  scopes: z.array(z.enum(apiScopes)),
  /** The token's first characters (never the token). */
  prefix: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiKeyDto = z.infer<typeof apiKeyDto>;
export const apiKeyListDto = z.array(apiKeyDto);

// ---- The readings batch --------------------------------------------------------------------------

export const READINGS_BATCH_MAX = 1000;

const num = (message: string) =>
  z.number({ message }).finite({ message }).min(0, message).max(1e11, message);

export const batchReadingSchema = z
  .object({
    equipmentId: z.uuid({ message: m.machineRequired }).optional(),
    serialNumber: text().trim().min(1, m.machineRequired).max(100).optional(),
    /** The meter's total (hours, miles or kilometres, as the machine counts). */
    usage: num(operatorsMessages.invalidUsage),
    fuelAdded: num(operatorsMessages.invalidFuel).optional(),
    fuelType: z.enum(fuelTypeWords).optional(),
    /** The fill-up's own price per `volumeUnit`, or its total cost (issue 45). */
    price: moneySchema(fuelMessages.priceInvalid).optional(),
    cost: moneySchema(fuelMessages.costInvalid).optional(),
    /** gal | L: the unit of `fuelAdded` and `price` (gallons when left out). */
    volumeUnit: volumeUnitSchema.optional(),
    /** When the reading was taken (ISO date-time with its offset). */
    at: z.iso.datetime({ offset: true, message: commonMessages.invalid }),
  })
  .refine((r) => r.equipmentId !== undefined || r.serialNumber !== undefined, {
    message: m.machineRequired,
  });
export type BatchReading = z.infer<typeof batchReadingSchema>;

export const readingsBatchSchema = z.object({
  readings: z
    .array(batchReadingSchema, { message: m.batchEmpty })
    .min(1, m.batchEmpty)
    .max(READINGS_BATCH_MAX, m.batchTooLarge),
});
export type ReadingsBatchInput = z.infer<typeof readingsBatchSchema>;

export const readingVerdicts = ['applied', 'held', 'refused', 'duplicate'] as const;
export type ReadingVerdict = (typeof readingVerdicts)[number];

export const batchResultDto = z.object({
  /** The reading's position in the request. */
  index: z.number().int(),
  equipmentId: z.string().nullable(),
  verdict: z.enum(readingVerdicts),
  /** The operator update it made (applied or held). */
  updateId: z.string().optional(),
  /** Refused: the message's stable key (domain/messages) and its English text. */
  key: z.string().optional(),
  message: z.string().optional(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type BatchResultDto = z.infer<typeof batchResultDto>;

export const readingsBatchDto = z.object({
  results: z.array(batchResultDto),
  counts: z.object({
    applied: z.number().int(),
    held: z.number().int(),
    refused: z.number().int(),
    duplicate: z.number().int(),
  }),
});
export type ReadingsBatchDto = z.infer<typeof readingsBatchDto>;

// ---- Webhooks ------------------------------------------------------------------------------------

export const createWebhookSchema = z.object({
  url: text({ message: m.webhookUrl })
    .trim()
    .max(2000, m.webhookUrl)
    .refine((u) => {
      try {
        const p = new URL(u);
        return (p.protocol === 'https:' || p.protocol === 'http:') && !p.username && !p.password;
      } catch {
        return false;
      }
    }, m.webhookUrl),
  events: z
    .array(z.enum(webhookEvents), { message: m.eventsRequired })
    .min(1, m.eventsRequired)
    .max(webhookEvents.length)
    .transform((s) => [...new Set(s)]),
});
export type CreateWebhookInput = z.infer<typeof createWebhookSchema>;

export const createdWebhookDto = z.object({ id: z.string(), secret: z.string() });
export type CreatedWebhookDto = z.infer<typeof createdWebhookDto>;

export const webhookDto = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.string()),
  createdAt: z.string(),
});
export type WebhookDto = z.infer<typeof webhookDto>;
export const webhookListDto = z.array(webhookDto);

export const webhookDeliveryStatuses = ['pending', 'delivered', 'failed'] as const;

export const webhookDeliveryDto = z.object({
  id: z.string(),
  eventId: z.string(),
  event: z.string(),
  status: z.enum(webhookDeliveryStatuses),
  attempts: z.number().int(),
  lastStatus: z.number().int().nullable(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  createdAt: z.string(),
});
export type WebhookDeliveryDto = z.infer<typeof webhookDeliveryDto>;
export const webhookDeliveryListDto = z.array(webhookDeliveryDto);

/** The body of every webhook request (signed as sent: `Webhook-Signature: t=<unix>,v1=<hex>`). */
export const webhookPayloadSchema = z.object({
  /** The event's id: the same on every attempt and "send again" (de-duplicate by it). */
  id: z.string(),
  type: z.enum(webhookEvents),
  createdAt: z.string(),
  companyId: z.string(),
  data: z.record(z.string(), z.unknown()),
});
export type WebhookPayload = z.infer<typeof webhookPayloadSchema>;
