import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { WEBHOOK_TOLERANCE_S, webhookEvents } from '@domain/integrations';
import { webhookEventName } from '@domain/schemas/webhook-events';
import { useTestApp } from '../../test/helpers';

/**
 * Issue 29: GET /api/openapi.json is OpenAPI 3.1, generated from the routes' declarations
 * (openapi.ts), and lists every v1 route; /api/docs renders it with @fastify/swagger-ui.
 */

/** The v1 surface (docs/api.md): method, route, tag and what a key needs (null: people only). */
const V1: [string, string, string, string | null][] = [
  ['post', '/api/auth/login', 'Sign-in', null],
  ['get', '/api/equipment', 'Equipment', 'read'],
  ['get', '/api/equipment/page', 'Equipment', 'read'],
  ['get', '/api/equipment/count', 'Equipment', 'read'],
  ['post', '/api/equipment', 'Equipment', 'write'],
  ['get', '/api/equipment/:id', 'Equipment', 'read'],
  ['patch', '/api/equipment/:id', 'Equipment', 'write'],
  ['get', '/api/retired-equipment', 'Equipment', 'read'],
  ['post', '/api/equipment/:id/retire', 'Equipment', 'write'],
  ['post', '/api/retired-equipment/:id/restore', 'Equipment', 'write'],
  ['get', '/api/dashboard/overview', 'Dashboard', 'read'],
  ['get', '/api/inspections', 'Inspections', 'read'],
  ['get', '/api/defects', 'Inspections', 'read'],
  ['post', '/api/defects/:id/resolve', 'Inspections', 'write'],
  ['patch', '/api/equipment/:id/usage', 'Readings', 'write'],
  ['post', '/api/readings/batch', 'Readings', 'readings'],
  ['get', '/api/operator-updates', 'Readings', 'read'],
  ['get', '/api/dashboard/fuel-summary', 'Fuel', 'read'],
  ['get', '/api/fuel-usage/export', 'Fuel', 'read'],
  ['get', '/api/fuel-prices', 'Fuel', 'read'],
  ['post', '/api/fuel-prices', 'Fuel', 'write'],
  ['put', '/api/fuel-unit', 'Fuel', null],
  ['get', '/api/equipment/:id/history', 'History', 'read'],
  ['get', '/api/equipment-history', 'History', 'read'],
  ['get', '/api/equipment/:id/notes', 'History', 'read'],
  ['post', '/api/equipment/:id/notes', 'History', 'write'],
  ['post', '/api/equipment/:id/history/:entryId/void', 'History', 'write'],
  ['patch', '/api/equipment/:id/reset-service', 'Service', 'write'],
  ['get', '/api/equipment/:id/services', 'Service', 'read'],
  ['get', '/api/maintenance/due', 'Service', 'read'],
  ['get', '/api/programs', 'Schedule', 'read'],
  ['post', '/api/programs', 'Schedule', 'write'],
  ['patch', '/api/programs/:id', 'Schedule', 'write'],
  ['delete', '/api/programs/:id', 'Schedule', 'write'],
  ['post', '/api/programs/:id/machines', 'Schedule', 'write'],
  ['delete', '/api/programs/:id/machines/:equipmentId', 'Schedule', 'write'],
  ['get', '/api/equipment/:id/tasks', 'Schedule', 'read'],
  ['post', '/api/equipment/:id/tasks', 'Schedule', 'write'],
  ['patch', '/api/equipment/:id/tasks/:taskId', 'Schedule', 'write'],
  ['delete', '/api/equipment/:id/tasks/:taskId', 'Schedule', 'write'],
  ['get', '/api/work-orders', 'Work orders', 'read'],
  ['post', '/api/work-orders', 'Work orders', 'write'],
  ['get', '/api/work-orders/:id', 'Work orders', 'read'],
  ['patch', '/api/work-orders/:id', 'Work orders', 'write'],
  ['post', '/api/work-orders/:id/parts', 'Work orders', 'write'],
  ['post', '/api/work-orders/:id/complete', 'Work orders', 'write'],
  ['get', '/api/costs', 'Work orders', 'read'],
  ['get', '/api/reports/costs', 'Reports', 'read'],
  ['get', '/api/reports/fuel', 'Reports', 'read'],
  ['get', '/api/reports/utilization', 'Reports', 'read'],
  ['get', '/api/reports/downtime', 'Reports', 'read'],
  ['post', '/api/equipment/:id/documents', 'Documents', 'write'],
  ['get', '/api/equipment/:id/documents', 'Documents', 'read'],
  ['post', '/api/work-orders/:id/documents', 'Documents', 'write'],
  ['get', '/api/work-orders/:id/documents', 'Documents', 'read'],
  ['post', '/api/service-entries/:id/documents', 'Documents', 'write'],
  ['get', '/api/service-entries/:id/documents', 'Documents', 'read'],
  ['get', '/api/documents/:id', 'Documents', 'read'],
  ['get', '/api/documents/:id/file', 'Documents', 'read'],
  ['get', '/api/documents/:id/thumbnail', 'Documents', 'read'],
  ['patch', '/api/documents/:id', 'Documents', 'write'],
  ['delete', '/api/documents/:id', 'Documents', 'write'],
  ['post', '/api/documents/:id/machines', 'Documents', 'write'],
  ['get', '/api/parts', 'Parts', 'read'],
  ['post', '/api/parts', 'Parts', 'write'],
  ['patch', '/api/parts/:id', 'Parts', 'write'],
  ['get', '/api/parts/:id/moves', 'Parts', 'read'],
  ['post', '/api/parts/:id/stock', 'Parts', 'write'],
  ['post', '/api/api-keys', 'API keys', null],
  ['get', '/api/api-keys', 'API keys', null],
  ['delete', '/api/api-keys/:id', 'API keys', null],
  ['post', '/api/webhooks', 'Webhooks', null],
  ['get', '/api/webhooks', 'Webhooks', null],
  ['delete', '/api/webhooks/:id', 'Webhooks', null],
  ['get', '/api/webhooks/:id/deliveries', 'Webhooks', null],
  ['post', '/api/webhooks/:id/deliveries/:deliveryId/resend', 'Webhooks', null],
];

/** `/api/equipment/:id` -> `/api/equipment/{id}` */
const openApiPath = (p: string) => p.replace(/:(\w+)/g, '{$1}');
const t = useTestApp();

type Doc = {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, Record<string, unknown>>>;
  components: { schemas: Record<string, unknown>; securitySchemes: Record<string, unknown> };
  webhooks: Record<string, unknown>;
};

/** Every JSON schema in the document (request bodies, answers, parameters). */
function schemasOf(doc: Doc): unknown[] {
  const out: unknown[] = [...Object.values(doc.components.schemas)];
  for (const ops of Object.values(doc.paths))
    for (const op of Object.values(ops)) {
      const body = op.requestBody as { content: Record<string, { schema: unknown }> } | undefined;
      // JSON bodies, and the multipart upload's fields (documents).
      if (body) for (const c of Object.values(body.content)) out.push(c.schema);
      for (const r of Object.values(
        op.responses as Record<string, { content?: Record<string, { schema: unknown }> }>,
      ))
        for (const c of Object.values(r.content ?? {}))
          if (!('$ref' in (c.schema as object))) out.push(c.schema);
      for (const p of (op.parameters ?? []) as { schema: unknown }[]) out.push(p.schema);
    }
  return out;
}

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 in shape, its schemas are valid JSON Schema 2020-12, and it lists every v1 route', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<Doc>();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info).toMatchObject({ title: expect.any(String), version: '1.0.0' });
    expect(doc.components.securitySchemes).toHaveProperty('apiKey');
    // The signature and its tolerance are stated where an integrator reads them (issue 41).
    expect(doc.components.securitySchemes.webhookSignature).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: 'Webhook-Signature',
      description: expect.stringContaining(`more than ${WEBHOOK_TOLERANCE_S} seconds`),
    });
    // Each event type is a webhook whose body is its own component, `data` typed (issue 41).
    expect(Object.keys(doc.webhooks)).toEqual([...webhookEvents]);
    for (const type of webhookEvents) {
      const ref = `#/components/schemas/WebhookEvent${webhookEventName(type)}`;
      expect(doc.webhooks[type], type).toMatchObject({
        post: {
          security: [{ webhookSignature: [] }],
          requestBody: { content: { 'application/json': { schema: { $ref: ref } } } },
        },
      });
      const event = doc.components.schemas[ref.split('/').pop()!] as {
        properties: { type: { const: string }; data: { properties: object; required: string[] } };
      };
      expect(event.properties.type.const).toBe(type);
      expect(event.properties.data.required.length, type).toBeGreaterThan(2);
    }
    // One named schema per resource, generated from the domain's zod schemas.
    for (const name of [
      'Equipment',
      'Status',
      'HistoryEntry',
      'Reading',
      'BatchResult',
      'ServiceTask',
      'Program',
      'WorkOrder',
      'Part',
      'StockMove',
      'Inspection',
      'Defect',
      'Webhook',
      'ApiKey',
      'Error',
    ])
      expect(doc.components.schemas, name).toHaveProperty(name);
    const created = (path: string) =>
      doc.paths[path]!.post!.responses as Record<string, { content?: unknown; headers?: object }>;
    for (const path of [
      '/api/work-orders',
      '/api/parts',
      '/api/parts/{id}/stock',
      '/api/work-orders/{id}/parts',
    ]) {
      expect(created(path)['201']?.content, path).toBeDefined();
      // An Idempotency-Key sent again with another body (not read by POST /api/parts).
      expect(created(path)['422'] === undefined, path).toBe(path === '/api/parts');
      expect(created(path)['201']!.headers, path).toHaveProperty('RateLimit-Remaining');
    }
    expect(created('/api/readings/batch')['429']!.headers).toHaveProperty('Retry-After');

    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    // Each with the document's components beside it, so `#/components/schemas/...` resolves.
    for (const s of schemasOf(doc))
      expect(() => ajv.compile({ ...(s as object), components: doc.components })).not.toThrow();

    const methods = new Set(['get', 'put', 'post', 'delete', 'patch']);
    for (const [path, ops] of Object.entries(doc.paths)) {
      expect(path.startsWith('/api/')).toBe(true);
      for (const [method, op] of Object.entries(ops)) {
        expect(methods.has(method)).toBe(true);
        expect(op.operationId).toEqual(expect.any(String));
        expect(Object.keys(op.responses as object).length).toBeGreaterThan(0);
        // Every {param} of the path is declared.
        for (const [, name] of path.matchAll(/\{(\w+)\}/g))
          expect(
            (op.parameters as { name: string; in: string }[]).some(
              (p) => p.name === name && p.in === 'path',
            ),
          ).toBe(true);
      }
    }
    const ids = Object.values(doc.paths).flatMap((ops) =>
      Object.values(ops).map((o) => o.operationId),
    );
    expect(new Set(ids).size).toBe(ids.length);

    // Every v1 route is in the document with its tag and key scope, and is a route of the app; nothing else is.
    for (const [method, path, tag, scope] of V1) {
      const op = doc.paths[openApiPath(path)]?.[method];
      expect(op, `${method} ${path}`).toBeDefined();
      expect(op!.tags, `${method} ${path}`).toEqual([tag]);
      expect(op!.summary, `${method} ${path}`).toEqual(expect.any(String));
      expect(op!['x-api-key-scope'], `${method} ${path}`).toBe(scope);
      expect(
        t.app.hasRoute({ method: method.toUpperCase() as 'GET', url: path }),
        `${method} ${path}`,
      ).toBe(true);
    }
    const listed = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((m) => `${m} ${path}`),
    );
    expect(listed.sort()).toEqual(V1.map(([m, p]) => `${m} ${openApiPath(p)}`).sort());
    const areas = [
      '/api/equipment',
      '/api/readings/batch',
      '/api/dashboard/fuel-summary',
      '/api/equipment/{id}/history',
      '/api/equipment/{id}/services',
      '/api/maintenance/due',
      '/api/work-orders',
      '/api/parts',
      '/api/api-keys',
      '/api/webhooks',
    ];
    for (const a of areas) expect(Object.keys(doc.paths)).toContain(a);
    // The readings batch documents its body from the domain schema.
    const batch = doc.paths['/api/readings/batch']!.post!.requestBody as {
      content: Record<string, { schema: { properties: Record<string, { maxItems?: number }> } }>;
    };
    expect(batch.content['application/json']!.schema.properties.readings!.maxItems).toBe(1000);
    // A document upload is multipart with its file and fields; the file's answers are bytes.
    const up = doc.paths['/api/equipment/{id}/documents']!.post!;
    const form = (up.requestBody as { content: Record<string, { schema: { required: string[] } }> })
      .content['multipart/form-data']!.schema;
    expect(form.required).toEqual(['file', 'title', 'category']);
    expect(Object.keys(up.responses as object)).toEqual(
      expect.arrayContaining(['201', '413', '415']),
    );
    const file = doc.paths['/api/documents/{id}/file']!.get!.responses as Record<string, object>;
    expect(Object.keys(file)).toEqual(expect.arrayContaining(['200', '206', '304', '416']));
  });

  it('has a reference page at /api/docs: the maintained renderer, its files from this server, its own CSP', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('/api/docs/static/swagger-ui-bundle.js');
    expect(page.body).not.toMatch(/src="https?:/);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    const bundle = await t.app.inject({
      method: 'GET',
      url: '/api/docs/static/swagger-ui-bundle.js',
    });
    expect(bundle.statusCode).toBe(200);
    expect(bundle.headers['content-type']).toMatch(/javascript/);
    // The renderer reads the same document.
    const json = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const doc = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(json.json()).toEqual(doc.json());
    // The renderer is loaded on that page only: the app's pages keep the strict policy.
    const other = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(String(other.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    expect(other.headers['content-security-policy']).not.toBe(csp);
  });
});
