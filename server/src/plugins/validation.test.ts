import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { signupSchema } from '@domain/schemas/auth';
import { equipmentInputSchema, equipmentPageQuerySchema } from '@domain/schemas/equipment';
import { readingsBatchSchema } from '@domain/schemas/integrations';
import { idParamSchema } from '@domain/schemas/operators';
import { fieldMachineParamsSchema } from '@domain/schemas/field';
import { commonMessages } from '@domain/messages/common';
import { notFound, parse } from '../lib/errors';
import { idOf } from '../lib/request';
import { idsParams } from '../lib/route-schemas';
import { registerErrorHandler } from './errors';
import { registerValidation } from './validation';

/**
 * Issue 29: a route that declares its schemas (fastify-type-provider-zod) answers a bad request byte for
 * byte as the same route parsing by hand did: the same status, key, message, params and fieldErrors.
 */
let app: FastifyInstance;
const schemas = {
  signup: signupSchema,
  equipment: equipmentInputSchema,
  batch: readingsBatchSchema,
} as const;

beforeAll(async () => {
  app = Fastify({ logger: false });
  registerErrorHandler(app);
  registerValidation(app);
  await app.register(cookie);
  const typed = app.withTypeProvider<ZodTypeProvider>();
  for (const [name, schema] of Object.entries(schemas)) {
    typed.post(
      `/declared/${name}/:id`,
      { schema: { body: schema, params: idParamSchema } },
      (req) => ({
        id: req.params.id,
        body: req.body,
      }),
    );
    app.post(`/by-hand/${name}/:id`, (req) => {
      const id = idOf(req.params);
      return { id, body: parse(schema as z.ZodType, req.body) };
    });
  }
  typed.get(
    '/declared/page',
    { schema: { querystring: equipmentPageQuerySchema } },
    (req) => req.query,
  );
  app.get('/by-hand/page', (req) => parse(equipmentPageQuerySchema, req.query));
  await app.ready();
});
afterAll(async () => {
  await app?.close();
});

const id = '6f1c0b5e-2a4d-4c3b-9e8f-0a1b2c3d4e5f';

async function both(name: string, payload: unknown, path = id) {
  const send = (prefix: string) =>
    app.inject({
      method: 'POST',
      url: `/${prefix}/${name}/${path}`,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  return [await send('declared'), await send('by-hand')] as const;
}

describe('a declared schema answers as parse(...) did', () => {
  const cases: [keyof typeof schemas, unknown][] = [
    ['signup', undefined],
    ['signup', {}],
    ['signup', { businessName: 'A', email: 'x@example.com', password: 'Harvest-Moon-42' }],
    ['signup', { businessName: 'Acme', email: 'not an email', password: 'short' }],
    ['signup', { businessName: 'Acme\u0000', email: 'a@example.com', password: 'Harvest-Moon-42' }],
    ['equipment', { name: '', type: 'boats', unit: 'hours', currentUsage: -1 }],
    ['equipment', { name: 'Loader', type: 'machinery', unit: 'hours', serviceInterval: 'x' }],
    ['equipment', { name: 'x'.repeat(500), type: 'machinery', unit: 'hours' }],
    ['equipment', []],
    ['batch', { readings: [] }],
    [
      'batch',
      {
        readings: [
          { usage: 1, at: 'yesterday' },
          { equipmentId: id, usage: -5 },
        ],
      },
    ],
    ['batch', { readings: Array.from({ length: 1001 }, () => ({ equipmentId: id, usage: 1 })) }],
  ];
  it.each(cases)('%s %j', async (name, payload) => {
    const [declared, byHand] = await both(name, payload);
    expect(byHand.statusCode).toBe(400);
    expect(declared.statusCode).toBe(byHand.statusCode);
    expect(declared.body).toBe(byHand.body);
  });

  it('valid input reaches the handler as parsed (defaults and transforms applied)', async () => {
    const body = { name: ' Loader ', type: 'machinery', unit: 'hours', currentUsage: 10 };
    const [declared, byHand] = await both('equipment', body);
    expect(declared.statusCode).toBe(200);
    expect(declared.body).toBe(byHand.body);
  });

  it('a malformed id is not found (404), as idOf answered', async () => {
    const [declared, byHand] = await both('equipment', {}, 'not-a-uuid');
    expect(byHand.statusCode).toBe(404);
    expect(declared.statusCode).toBe(404);
    expect(declared.body).toBe(byHand.body);
  });

  it("a path id's own not-found key (the field machine's) is kept; any other rule is common.notFound", async () => {
    const own = Fastify({ logger: false });
    registerErrorHandler(own);
    registerValidation(own);
    const typed = own.withTypeProvider<ZodTypeProvider>();
    typed.get('/machine/:id', { schema: { params: fieldMachineParamsSchema } }, () => 'ok');
    own.get('/machine-by-hand/:id', (req) => {
      // What the route did by hand before it declared its params.
      if (!z.object({ id: z.uuid() }).safeParse(req.params).success)
        throw notFound('equipment.notFound');
      return 'ok';
    });
    typed.get('/photo/:id/:photoId', { schema: { params: idsParams('photoId') } }, () => 'ok');
    // A catalogue key that is not a not-found one: still common.notFound.
    typed.get(
      '/other/:id',
      { schema: { params: z.object({ id: z.uuid(commonMessages.invalid) }) } },
      () => 'ok',
    );
    try {
      const get = (url: string) => own.inject({ method: 'GET', url });
      const declared = await get('/machine/not-a-uuid');
      expect(declared.statusCode).toBe(404);
      expect(declared.json()).toEqual({
        code: 'not_found',
        key: 'equipment.notFound',
        message: 'Equipment not found',
      });
      expect(declared.body).toBe((await get('/machine-by-hand/not-a-uuid')).body);
      expect((await get(`/machine/${id}`)).body).toBe('ok');
      const notFoundBody = { code: 'not_found', key: 'common.notFound', message: 'Not found' };
      for (const url of [`/photo/${id}/x`, `/photo/x/${id}`, '/other/abcd'])
        expect((await get(url)).json(), url).toEqual(notFoundBody);
      expect((await get(`/photo/${id}/${id}`)).body).toBe('ok');
    } finally {
      await own.close();
    }
  });

  it('in tests, a response schema that would drop a field fails the request', async () => {
    const strict = Fastify({ logger: false });
    registerErrorHandler(strict);
    registerValidation(strict, { strictResponses: true });
    await strict.register(cookie);
    const answer = z.object({ id: z.string() });
    strict
      .withTypeProvider<ZodTypeProvider>()
      .get('/same', { schema: { response: { 200: answer } } }, () => ({ id: 'a' }));
    strict.get('/more', { schema: { response: { 200: answer } } }, () => ({
      id: 'a',
      secret: 'b',
    }));
    try {
      expect((await strict.inject({ method: 'GET', url: '/same' })).json()).toEqual({ id: 'a' });
      expect((await strict.inject({ method: 'GET', url: '/more' })).statusCode).toBe(500);
      // Outside tests the provider's serializer drops it.
      const lax = Fastify({ logger: false });
      registerValidation(lax);
      lax.get('/more', { schema: { response: { 200: answer } } }, () => ({ id: 'a', secret: 'b' }));
      expect((await lax.inject({ method: 'GET', url: '/more' })).json()).toEqual({ id: 'a' });
      await lax.close();
    } finally {
      await strict.close();
    }
  });

  it('a query string: coerced numbers, limits and choices', async () => {
    for (const q of ['', 'limit=101', 'limit=abc', 'status=shiny', 'offset=-1&limit=5', 'q=x']) {
      const declared = await app.inject({ method: 'GET', url: `/declared/page?${q}` });
      const byHand = await app.inject({ method: 'GET', url: `/by-hand/page?${q}` });
      expect(declared.statusCode, q).toBe(byHand.statusCode);
      expect(declared.body, q).toBe(byHand.body);
    }
  });
});
