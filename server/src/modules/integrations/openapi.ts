import { z } from 'zod';
import {
  equipmentCountDtoSchema,
  equipmentDtoSchema,
  equipmentInputSchema,
  equipmentListQuerySchema,
  equipmentPageQuerySchema,
  equipmentPageSchema,
  equipmentUpdateSchema,
  historyPageQuerySchema,
  historyPageSchema,
  noteDtoSchema,
  noteInputSchema,
  retiredEquipmentDtoSchema,
  serviceInputSchema,
  serviceLogDtoSchema,
  usageIncreaseSchema,
  voidInputSchema,
} from '../../../../domain/schemas/equipment';
import {
  fuelSummarySchema,
  historyEntrySchema,
  historyListQuerySchema,
} from '../../../../domain/schemas/dashboard';
import {
  apiKeyListDto,
  createApiKeySchema,
  createdApiKeyDto,
  createdWebhookDto,
  createWebhookSchema,
  readingsBatchDto,
  readingsBatchSchema,
  webhookDeliveryDto,
  webhookDeliveryListDto,
  webhookListDto,
  webhookPayloadSchema,
} from '../../../../domain/schemas/integrations';
import { dueListSchema, dueQuerySchema } from '../../../../domain/schemas/maintenance';
import { fuelExportRow, operatorUpdateDto } from '../../../../domain/schemas/operators';

/**
 * The OpenAPI 3.1 document of the v1 public surface (issue 29), generated from the zod schemas in
 * domain/schemas with zod 4's own `z.toJSONSchema` (JSON Schema 2020-12, OpenAPI 3.1's dialect).
 * Routes still parse with `parse(schema, ...)`; this table names the same schemas for each v1 route.
 * `openapi.test.ts` checks that every route listed here exists in the app and every v1 route is listed.
 */

export type V1Route = {
  method: 'get' | 'post' | 'patch' | 'delete';
  /** Fastify's pattern (`:id`); written `{id}` in the document. */
  path: string;
  tag: string;
  summary: string;
  /** What an API key needs (docs/api.md); null: people only (the owner, signed in). */
  scope: 'read' | 'readings' | 'write' | null;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The answer's schema (200, or 201 when `created`). */
  response?: z.ZodType;
  created?: boolean;
  idempotent?: boolean;
};

const ok = z.object({ ok: z.literal(true) });

export const V1_ROUTES: V1Route[] = [
  // Equipment
  {
    method: 'get',
    path: '/api/equipment',
    tag: 'Equipment',
    summary: 'Every active machine with its status',
    scope: 'read',
    query: equipmentListQuerySchema,
    response: z.array(equipmentDtoSchema),
  },
  {
    method: 'get',
    path: '/api/equipment/page',
    tag: 'Equipment',
    summary: 'A page of machines (search, filters, sort)',
    scope: 'read',
    query: equipmentPageQuerySchema,
    response: equipmentPageSchema,
  },
  {
    method: 'get',
    path: '/api/equipment/count',
    tag: 'Equipment',
    summary: 'How many active machines, and the plan limit',
    scope: 'read',
    response: equipmentCountDtoSchema,
  },
  {
    method: 'post',
    path: '/api/equipment',
    tag: 'Equipment',
    summary: 'Add a machine',
    scope: 'write',
    body: equipmentInputSchema,
    response: equipmentDtoSchema,
    created: true,
  },
  {
    method: 'get',
    path: '/api/equipment/:id',
    tag: 'Equipment',
    summary: 'One machine',
    scope: 'read',
    response: equipmentDtoSchema,
  },
  {
    method: 'patch',
    path: '/api/equipment/:id',
    tag: 'Equipment',
    summary: 'Change a machine',
    scope: 'write',
    body: equipmentUpdateSchema,
    response: equipmentDtoSchema,
  },
  {
    method: 'patch',
    path: '/api/equipment/:id/usage',
    tag: 'Readings',
    summary: 'Add an increase to the usage',
    scope: 'write',
    body: usageIncreaseSchema,
    response: equipmentDtoSchema,
  },
  {
    method: 'get',
    path: '/api/retired-equipment',
    tag: 'Equipment',
    summary: 'Retired machines',
    scope: 'read',
    response: z.array(retiredEquipmentDtoSchema),
  },
  // Readings and fuel
  {
    method: 'post',
    path: '/api/readings/batch',
    tag: 'Readings',
    summary: 'Meter readings in bulk (up to 1,000): applied, held, refused or duplicate each',
    scope: 'readings',
    body: readingsBatchSchema,
    response: readingsBatchDto,
    idempotent: true,
  },
  {
    method: 'get',
    path: '/api/operator-updates',
    tag: 'Readings',
    summary: 'Readings held for review and the latest applied ones',
    scope: 'read',
    response: z.array(operatorUpdateDto),
  },
  {
    method: 'get',
    path: '/api/dashboard/fuel-summary',
    tag: 'Fuel',
    summary: 'Fuel totals by type',
    scope: 'read',
    response: fuelSummarySchema,
  },
  {
    method: 'get',
    path: '/api/fuel-usage/export',
    tag: 'Fuel',
    summary: 'Every fuel entry',
    scope: 'read',
    response: z.array(fuelExportRow),
  },
  // History
  {
    method: 'get',
    path: '/api/equipment/:id/history',
    tag: 'History',
    summary: "A machine's history, newest first, paged",
    scope: 'read',
    query: historyPageQuerySchema,
    response: historyPageSchema,
  },
  {
    method: 'get',
    path: '/api/equipment-history',
    tag: 'History',
    summary: 'The latest history entries of every machine',
    scope: 'read',
    query: historyListQuerySchema,
    response: z.array(historyEntrySchema),
  },
  {
    method: 'get',
    path: '/api/equipment/:id/notes',
    tag: 'History',
    summary: "A machine's notes and history",
    scope: 'read',
    response: z.array(noteDtoSchema),
  },
  {
    method: 'post',
    path: '/api/equipment/:id/notes',
    tag: 'History',
    summary: 'Add a note',
    scope: 'write',
    body: noteInputSchema,
    response: noteDtoSchema,
    created: true,
  },
  {
    method: 'post',
    path: '/api/equipment/:id/history/:entryId/void',
    tag: 'History',
    summary: 'Void a reading (it stays, struck through)',
    scope: 'write',
    body: voidInputSchema,
  },
  // Service log and due list
  {
    method: 'patch',
    path: '/api/equipment/:id/reset-service',
    tag: 'Service',
    summary: 'Record a service (Mark as Serviced)',
    scope: 'write',
    body: serviceInputSchema,
    response: equipmentDtoSchema,
  },
  {
    method: 'get',
    path: '/api/equipment/:id/services',
    tag: 'Service',
    summary: "A machine's service log",
    scope: 'read',
    response: serviceLogDtoSchema,
  },
  {
    method: 'get',
    path: '/api/maintenance/due',
    tag: 'Service',
    summary: 'Machines due soon, by date or usage forecast',
    scope: 'read',
    query: dueQuerySchema,
    response: dueListSchema,
  },
  // API keys (people only)
  {
    method: 'post',
    path: '/api/api-keys',
    tag: 'API keys',
    summary: 'Create a key (the token is answered once)',
    scope: null,
    body: createApiKeySchema,
    response: createdApiKeyDto,
    created: true,
  },
  {
    method: 'get',
    path: '/api/api-keys',
    tag: 'API keys',
    summary: 'Keys with their last use',
    scope: null,
    response: apiKeyListDto,
  },
  {
    method: 'delete',
    path: '/api/api-keys/:id',
    tag: 'API keys',
    summary: 'Revoke a key (401 from its next request)',
    scope: null,
    response: ok,
  },
  // Webhooks (people only)
  {
    method: 'post',
    path: '/api/webhooks',
    tag: 'Webhooks',
    summary: 'Register an endpoint (the secret is answered once)',
    scope: null,
    body: createWebhookSchema,
    response: createdWebhookDto,
    created: true,
  },
  {
    method: 'get',
    path: '/api/webhooks',
    tag: 'Webhooks',
    summary: 'Registered endpoints',
    scope: null,
    response: webhookListDto,
  },
  {
    method: 'delete',
    path: '/api/webhooks/:id',
    tag: 'Webhooks',
    summary: 'Remove an endpoint',
    scope: null,
    response: ok,
  },
  {
    method: 'get',
    path: '/api/webhooks/:id/deliveries',
    tag: 'Webhooks',
    summary: "An endpoint's delivery log (the last 100)",
    scope: null,
    response: webhookDeliveryListDto,
  },
  {
    method: 'post',
    path: '/api/webhooks/:id/deliveries/:deliveryId/resend',
    tag: 'Webhooks',
    summary: 'Send a delivery again (same event id)',
    scope: null,
    response: webhookDeliveryDto,
  },
];

const errorSchema = z.object({
  code: z.string(),
  key: z.string(),
  message: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  fieldErrors: z.record(z.string(), z.string()).optional(),
});

type Json = Record<string, unknown>;

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Json {
  const s = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as Json;
  delete s.$schema;
  return s;
}

/** Query parameters from an object schema (one parameter per property). */
function queryParameters(schema: z.ZodType): Json[] {
  const s = jsonSchema(schema, 'input');
  const props = (s.properties ?? {}) as Record<string, Json>;
  const required = new Set((s.required ?? []) as string[]);
  return Object.entries(props).map(([name, p]) => ({
    name,
    in: 'query',
    required: required.has(name),
    schema: p,
  }));
}

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

/** `/api/equipment/:id` -> `/api/equipment/{id}` */
export const openApiPath = (p: string) => p.replace(/:(\w+)/g, '{$1}');

let cached: Json | null = null;

/** The document (built once per process). */
export function openApiDocument(serverUrl: string): Json {
  if (cached) return { ...cached, servers: [{ url: serverUrl }] };
  const paths: Record<string, Record<string, Json>> = {};
  for (const r of V1_ROUTES) {
    const params = [...r.path.matchAll(/:(\w+)/g)].map((m) => ({
      name: m[1],
      in: 'path',
      required: true,
      schema: { type: 'string', format: 'uuid' },
    }));
    const op: Json = {
      operationId: `${r.method}${openApiPath(r.path)
        .replace(/^\/api/, '')
        .split(/[/{}-]+/)
        .filter(Boolean)
        .map((w) => w[0]!.toUpperCase() + w.slice(1))
        .join('')}`,
      tags: [r.tag],
      summary: r.summary,
      'x-api-key-scope': r.scope,
      security: r.scope ? [{ apiKey: [] }, { session: [] }] : [{ session: [] }],
      parameters: [
        ...params,
        ...(r.query ? queryParameters(r.query) : []),
        ...(r.idempotent
          ? [
              {
                name: 'Idempotency-Key',
                in: 'header',
                required: false,
                description:
                  'The same key and body replay the first answer; another body answers 422.',
                schema: { type: 'string', maxLength: 200 },
              },
            ]
          : []),
      ],
      ...(r.body
        ? {
            requestBody: {
              required: true,
              content: { 'application/json': { schema: jsonSchema(r.body, 'input') } },
            },
          }
        : {}),
      responses: {
        [r.created ? '201' : '200']: {
          description: 'OK',
          ...(r.response
            ? { content: { 'application/json': { schema: jsonSchema(r.response, 'output') } } }
            : {}),
        },
        '400': errorResponse('Validation failed (fieldErrors by field)'),
        '401': errorResponse('Not signed in, or the API key is unknown or revoked'),
        '403': errorResponse(
          "The role or the key's scopes do not allow it, or the subscription does not",
        ),
        '404': errorResponse('Not found (another company’s ids too)'),
        '429': errorResponse('Too many requests (Retry-After says when to try again)'),
      },
    };
    const key = openApiPath(r.path);
    (paths[key] ??= {})[r.method] = op;
  }
  cached = {
    openapi: '3.1.0',
    info: {
      title: 'Equipment Management Suite API',
      version: '1.0.0',
      description:
        'The v1 public surface: equipment, readings, fuel, history, service log, due list, API keys and webhooks. ' +
        'Authenticate with `Authorization: Bearer <token>` (an API key an owner creates in Company Settings). ' +
        'See docs/api.md for what may change and how changes are announced.',
    },
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    tags: [...new Set(V1_ROUTES.map((r) => r.tag))].map((name) => ({ name })),
    paths,
    webhooks: {
      event: {
        post: {
          summary:
            'An event, signed: `Webhook-Signature: t=<unix>,v1=<hex HMAC-SHA256(secret, t + "." + body)>`; `Webhook-Id` is the event id.',
          requestBody: {
            content: { 'application/json': { schema: jsonSchema(webhookPayloadSchema, 'output') } },
          },
          responses: {
            '200': { description: 'Any 2xx acknowledges; anything else is retried for 24 hours.' },
          },
        },
      },
    },
    components: {
      schemas: { Error: jsonSchema(errorSchema, 'output') },
      securitySchemes: {
        apiKey: { type: 'http', scheme: 'bearer', description: 'An API key: ems_…' },
        session: { type: 'apiKey', in: 'cookie', name: 'ems_sid' },
      },
    },
  };
  return { ...cached, servers: [{ url: serverUrl }] };
}

/** A small, self-contained reference page that renders the document (no renderer package). */
export const DOCS_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Equipment Management Suite API</title>
<link rel="stylesheet" href="/api/docs/style.css">
</head><body><main id="doc"><h1>Equipment Management Suite API</h1><p>Loading <a href="/api/openapi.json">openapi.json</a>…</p></main>
<script src="/api/docs/app.js"></script></body></html>`;

export const DOCS_CSS = `body{font:15px/1.5 system-ui,sans-serif;margin:0;color:#1f2937;background:#f9fafb}
main{max-width:60rem;margin:0 auto;padding:1.5rem}h2{margin-top:2rem;border-bottom:1px solid #e5e7eb}
details{background:#fff;border:1px solid #e5e7eb;border-radius:.5rem;margin:.5rem 0;padding:.5rem .75rem}
summary{cursor:pointer}code,pre{font-family:ui-monospace,monospace;font-size:13px}
pre{background:#f3f4f6;padding:.75rem;overflow:auto;border-radius:.375rem}
.m{display:inline-block;min-width:4.5rem;font-weight:700;text-transform:uppercase}
.get{color:#047857}.post{color:#1d4ed8}.patch{color:#b45309}.delete{color:#b91c1c}.s{color:#6b7280;font-size:13px}`;

/** Renders paths, parameters and schemas as text (textContent only: nothing from the document is HTML). */
export const DOCS_JS = `(async function () {
  var main = document.getElementById('doc');
  var doc = await (await fetch('/api/openapi.json')).json();
  function el(tag, cls, text) { var e = document.createElement(tag); if (cls) e.className = cls; if (text !== undefined) e.textContent = text; return e; }
  main.textContent = '';
  main.append(el('h1', '', doc.info.title + ' ' + doc.info.version), el('p', '', doc.info.description));
  var byTag = {};
  Object.keys(doc.paths).forEach(function (p) { Object.keys(doc.paths[p]).forEach(function (m) {
    var op = doc.paths[p][m]; (byTag[op.tags[0]] = byTag[op.tags[0]] || []).push([m, p, op]); }); });
  Object.keys(byTag).forEach(function (tag) {
    main.append(el('h2', '', tag));
    byTag[tag].forEach(function (x) {
      var d = el('details'); var s = el('summary');
      s.append(el('span', 'm ' + x[0], x[0]), el('code', '', x[1]), document.createTextNode(' ' + x[2].summary + ' '),
        el('span', 's', x[2]['x-api-key-scope'] ? 'key scope: ' + x[2]['x-api-key-scope'] : 'owner, signed in'));
      d.append(s);
      if (x[2].parameters && x[2].parameters.length) { d.append(el('h4', '', 'Parameters'), el('pre', '', JSON.stringify(x[2].parameters, null, 2))); }
      if (x[2].requestBody) { d.append(el('h4', '', 'Body'), el('pre', '', JSON.stringify(x[2].requestBody.content['application/json'].schema, null, 2))); }
      Object.keys(x[2].responses).forEach(function (code) { var r = x[2].responses[code]; if (r.content) { d.append(el('h4', '', 'Answer ' + code), el('pre', '', JSON.stringify(r.content['application/json'].schema, null, 2))); } });
      main.append(d);
    });
  });
  main.append(el('h2', '', 'Webhooks'), el('pre', '', JSON.stringify(doc.webhooks, null, 2)));
})();`;
