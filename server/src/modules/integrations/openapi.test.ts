import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';
import { openApiPath, V1_ROUTES } from './openapi';

/** Issue 29: GET /api/openapi.json is OpenAPI 3.1 and lists every v1 route; /api/docs renders it. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

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
      if (body) out.push(body.content['application/json']!.schema);
      for (const r of Object.values(
        op.responses as Record<string, { content?: Record<string, { schema: unknown }> }>,
      ))
        if (r.content && !('$ref' in (r.content['application/json']!.schema as object)))
          out.push(r.content['application/json']!.schema);
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
    expect(doc.webhooks).toHaveProperty('event');

    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    for (const s of schemasOf(doc)) expect(() => ajv.compile(s as object)).not.toThrow();

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

    // Every v1 route is in the document and is a route of the app.
    for (const r of V1_ROUTES) {
      expect(doc.paths[openApiPath(r.path)]?.[r.method], `${r.method} ${r.path}`).toBeDefined();
      expect(
        t.app.hasRoute({ method: r.method.toUpperCase() as 'GET', url: r.path }),
        `${r.method} ${r.path}`,
      ).toBe(true);
    }
    const areas = [
      '/api/equipment',
      '/api/readings/batch',
      '/api/dashboard/fuel-summary',
      '/api/equipment/{id}/history',
      '/api/equipment/{id}/services',
      '/api/maintenance/due',
      '/api/api-keys',
      '/api/webhooks',
    ];
    for (const a of areas) expect(Object.keys(doc.paths)).toContain(a);
    // The readings batch documents its body from the domain schema.
    const batch = doc.paths['/api/readings/batch']!.post!.requestBody as {
      content: Record<string, { schema: { properties: Record<string, { maxItems?: number }> } }>;
    };
    expect(batch.content['application/json']!.schema.properties.readings!.maxItems).toBe(1000);
  });

  it('has a reference page at /api/docs that loads its script and style from this server (CSP)', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('/api/docs/app.js');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const js = await t.app.inject({ method: 'GET', url: '/api/docs/app.js' });
    expect(js.statusCode).toBe(200);
    expect(js.body).toContain('/api/openapi.json');
    expect(js.body).not.toContain('innerHTML');
  });
});
