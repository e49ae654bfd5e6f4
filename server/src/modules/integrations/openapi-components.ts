import { z } from 'zod';
import { equipmentDtoSchema, historyRecordDtoSchema } from '@domain/schemas/equipment';
import { defectDtoSchema, inspectionDtoSchema } from '@domain/schemas/inspections';
import {
  apiKeyDto,
  batchReadingSchema,
  batchResultDto,
  webhookDto,
  webhookEvents,
} from '@domain/schemas/integrations';
import { programDtoSchema, taskDtoSchema } from '@domain/schemas/schedule';
import { webhookEventName, webhookEventPayloads } from '@domain/schemas/webhook-events';
import { machineStatusSchema } from '@domain/schemas/status';
import { strictSchema } from '../../lib/strict-schema';
import { partDtoSchema, stockMoveDtoSchema, workOrderDtoSchema } from '@domain/schemas/work-orders';

/**
 * The document's named schemas (issue 41): the domain's own zod schemas registered under a name, so
 * every route that declares one refers to `#/components/schemas/<Name>` (fastify-type-provider-zod's
 * transform with this registry); nothing is written twice.
 */
export const errorSchema = z.object({
  code: z.string(),
  key: z.string().describe('The message key (domain/messages), translated by clients'),
  message: z.string().describe('The English text'),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  fieldErrors: z
    .record(z.string(), z.string())
    .optional()
    .describe('By field (a dotted path); an unknown field is named with its message'),
});

export const componentRegistry = z.registry<{ id: string }>();
const named: [string, z.ZodType][] = [
  ['Equipment', equipmentDtoSchema],
  ['Status', machineStatusSchema],
  ['HistoryEntry', historyRecordDtoSchema],
  // As the readings batch reads it: strict (plugins/api-keys.ts), the same copy the route declares.
  ['Reading', strictSchema(batchReadingSchema)],
  ['BatchResult', batchResultDto],
  ['ServiceTask', taskDtoSchema],
  ['Program', programDtoSchema],
  ['WorkOrder', workOrderDtoSchema],
  ['Part', partDtoSchema],
  ['StockMove', stockMoveDtoSchema],
  ['Inspection', inspectionDtoSchema],
  ['Defect', defectDtoSchema],
  ['Webhook', webhookDto],
  ['ApiKey', apiKeyDto],
  ['Error', errorSchema],
  // One per event type: the webhook request's body (the document's `webhooks`, openapi-webhooks.ts).
  ...webhookEvents.map((type): [string, z.ZodType] => [
    `WebhookEvent${webhookEventName(type)}`,
    webhookEventPayloads[type],
  ]),
];
for (const [id, schema] of named) componentRegistry.add(schema, { id });

type Json = Record<string, unknown>;
const REF = '#/components/schemas/';

/** The names a JSON value refers to with `$ref`. */
function refsOf(value: unknown, out: Set<string>): Set<string> {
  if (Array.isArray(value)) for (const v of value) refsOf(v, out);
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) {
      if (k === '$ref' && typeof v === 'string' && v.startsWith(REF)) out.add(v.slice(REF.length));
      else refsOf(v, out);
    }
  return out;
}

/**
 * The components the document uses, no others: the transform writes every registered schema twice (as
 * read, `X`, and as sent, `XInput`); a schema only ever sent is named `X` too (Reading).
 */
export function tidyComponents(document: Json): Json {
  const components = (document.components ?? {}) as Json;
  const schemas = (components.schemas ?? {}) as Record<string, unknown>;
  const rest: Json = { ...document, components: { ...components, schemas: {} } };
  const used = refsOf(rest, new Set());
  // Follow references inside the used components too.
  for (let grew = true; grew;) {
    grew = false;
    for (const name of [...used])
      for (const inner of refsOf(schemas[name], new Set()))
        if (!used.has(inner)) {
          used.add(inner);
          grew = true;
        }
  }
  const renames = new Map<string, string>();
  for (const name of used) {
    const plain = name.replace(/Input$/, '');
    if (plain !== name && !used.has(plain) && schemas[plain] !== undefined)
      renames.set(name, plain);
  }
  const kept: Record<string, unknown> = {};
  for (const name of [...used].sort()) kept[renames.get(name) ?? name] = schemas[name];
  let text = JSON.stringify({ ...rest, components: { ...components, schemas: kept } });
  for (const [from, to] of renames) text = text.split(`"${REF}${from}"`).join(`"${REF}${to}"`);
  return JSON.parse(text) as Json;
}
