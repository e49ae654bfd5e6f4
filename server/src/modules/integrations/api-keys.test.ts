import { describe, expect, it } from 'vitest';
import type { ApiKeyDto, CreatedApiKeyDto } from '@domain/schemas/integrations';
import {
  addSignedInUser,
  call,
  createEquipmentViaApi,
  signupOwner,
  statusOf,
} from '../../test/factories';
import { useTestApp } from '../../test/helpers';

/** Issue 29: API keys. Owners create them; a key authenticates /api routes as its company's integration. */
const t = useTestApp({ API_KEY_RATE_LIMIT: '30' });

const bearer = (
  token: string,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
  headers: Record<string, string> = {},
) =>
  t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}`, ...headers },
    ...(payload ? { payload } : {}),
  });

async function newKey(cookie: string, name: string, scopes: string[]) {
  const res = await call(t.app, cookie, 'POST', '/api/api-keys', { name, scopes });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<CreatedApiKeyDto>();
}

describe('API keys', () => {
  it('are created by the owner, shown once, listed with their last use, never with the token', async () => {
    const owner = await signupOwner(t.app);
    const key = await newKey(owner.cookie, 'GPS sync', ['read']);
    expect(key.token).toMatch(/^ems_[A-Za-z0-9_-]{40,}$/);

    let list = (await call(t.app, owner.cookie, 'GET', '/api/api-keys')).json<ApiKeyDto[]>();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      id: key.id,
      name: 'GPS sync',
      scopes: ['read'],
      lastUsedAt: null,
    });
    expect(JSON.stringify(list)).not.toContain(key.token);
    expect(key.token.startsWith(list[0]!.prefix)).toBe(true);

    expect((await bearer(key.token, 'GET', '/api/equipment')).statusCode).toBe(200);
    list = (await call(t.app, owner.cookie, 'GET', '/api/api-keys')).json<ApiKeyDto[]>();
    expect(list[0]!.lastUsedAt).not.toBeNull();
  });

  it('are managed by the owner only (a manager, an operator and a key are refused)', async () => {
    const owner = await signupOwner(t.app);
    const manager = await addSignedInUser(t.deps.systemDb, 'manager', owner.companyId);
    const operator = await addSignedInUser(t.deps.systemDb, 'operator', owner.companyId);
    for (const who of [manager, operator]) {
      const res = await call(t.app, who.cookie, 'POST', '/api/api-keys', {
        name: 'x',
        scopes: ['read'],
      });
      expect(res.statusCode).toBe(403);
      expect(await statusOf(t.app, who.cookie, 'GET', '/api/api-keys')).toBe(403);
    }
    const key = await newKey(owner.cookie, 'Everything', ['write']);
    const res = await bearer(key.token, 'POST', '/api/api-keys', { name: 'y', scopes: ['write'] });
    expect(res.statusCode).toBe(403);
    expect((await bearer(key.token, 'GET', '/api/api-keys')).statusCode).toBe(403);
    expect((await bearer(key.token, 'GET', '/api/webhooks')).statusCode).toBe(403);
  });

  it('refuse a bad name or scope with the error contract', async () => {
    const owner = await signupOwner(t.app);
    const res = await call(t.app, owner.cookie, 'POST', '/api/api-keys', {
      name: '',
      scopes: ['admin'],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation', key: 'integrations.keyNameRequired' });
    const none = await call(t.app, owner.cookie, 'POST', '/api/api-keys', {
      name: 'a',
      scopes: [],
    });
    expect(none.json()).toMatchObject({ code: 'validation', key: 'integrations.scopesRequired' });
  });

  it('enforce their scopes: read reads, readings sends readings only, write writes but not billing or the team', async () => {
    const owner = await signupOwner(t.app);
    const m = await createEquipmentViaApi(t.app, owner.cookie, { currentUsage: 100 });
    const read = (await newKey(owner.cookie, 'Reports', ['read'])).token;
    const readings = (await newKey(owner.cookie, 'GPS sync', ['readings'])).token;
    const write = (await newKey(owner.cookie, 'Shop tool', ['write'])).token;
    const reading = { readings: [{ equipmentId: m.id, usage: 101, at: new Date().toISOString() }] };

    expect((await bearer(read, 'GET', `/api/equipment/${m.id}`)).statusCode).toBe(200);
    expect((await bearer(read, 'GET', '/api/maintenance/due')).statusCode).toBe(200);
    const denied = await bearer(read, 'PATCH', `/api/equipment/${m.id}`, { name: 'Renamed' });
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toMatchObject({ code: 'forbidden', key: 'integrations.keyScope' });
    expect((await bearer(read, 'POST', '/api/readings/batch', reading)).statusCode).toBe(403);

    expect((await bearer(readings, 'GET', '/api/equipment')).statusCode).toBe(403);
    expect((await bearer(readings, 'POST', '/api/readings/batch', reading)).statusCode).toBe(200);

    expect(
      (await bearer(write, 'PATCH', `/api/equipment/${m.id}`, { name: 'Renamed' })).statusCode,
    ).toBe(200);
    expect((await bearer(write, 'GET', `/api/equipment/${m.id}`)).json()).toMatchObject({
      name: 'Renamed',
    });
    // Work orders and parts are v1 too: read reads them, write changes them.
    expect((await bearer(read, 'GET', '/api/work-orders')).statusCode).toBe(200);
    expect((await bearer(read, 'GET', '/api/parts')).statusCode).toBe(200);
    const part = { name: 'Oil filter', unit: 'each', unitCost: 12.5, onHand: 4, reorderPoint: 1 };
    expect((await bearer(read, 'POST', '/api/parts', part)).statusCode).toBe(403);
    const made = await bearer(write, 'POST', '/api/parts', part);
    expect(made.statusCode, made.body).toBe(201);
    // Billing, the team, the company's settings and sign-in are not a key's.
    for (const [method, url, body] of [
      ['POST', '/api/subscription/cancel', {}],
      ['GET', '/api/subscription', undefined],
      ['GET', '/api/employees', undefined],
      [
        'POST',
        '/api/managers',
        { firstName: 'a', lastName: 'b', email: 'm@example.com', password: 'x' },
      ],
      ['GET', '/api/company-settings', undefined],
      ['GET', '/api/auth/user', undefined],
    ] as const) {
      const res = await bearer(write, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it('write history entries that name the key', async () => {
    const owner = await signupOwner(t.app);
    const m = await createEquipmentViaApi(t.app, owner.cookie, { currentUsage: 100 });
    const token = (await newKey(owner.cookie, 'GPS sync', ['readings'])).token;
    const res = await bearer(token, 'POST', '/api/readings/batch', {
      readings: [{ equipmentId: m.id, usage: 104, at: new Date().toISOString() }],
    });
    expect(res.json()).toMatchObject({ counts: { applied: 1 } });
    const history = await call(t.app, owner.cookie, 'GET', `/api/equipment/${m.id}/history`);
    const text = history.body;
    expect(text).toContain('via GPS sync');
  });

  it('answer 401 at once when revoked, and for an unknown token', async () => {
    const owner = await signupOwner(t.app);
    const key = await newKey(owner.cookie, 'Old tracker', ['read']);
    expect((await bearer(key.token, 'GET', '/api/equipment')).statusCode).toBe(200);
    const del = await call(t.app, owner.cookie, 'DELETE', `/api/api-keys/${key.id}`);
    expect(del.statusCode).toBe(200);
    const after = await bearer(key.token, 'GET', '/api/equipment');
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ code: 'unauthenticated', key: 'integrations.invalidKey' });
    const list = (await call(t.app, owner.cookie, 'GET', '/api/api-keys')).json<ApiKeyDto[]>();
    expect(list[0]!.revokedAt).not.toBeNull();
    expect((await bearer('ems_not-a-key', 'GET', '/api/equipment')).statusCode).toBe(401);
    expect((await bearer('something', 'GET', '/api/equipment')).statusCode).toBe(401);
  });

  it("of company B never see company A's machines (404 for A's ids, only B's in lists)", async () => {
    const a = await signupOwner(t.app);
    const b = await signupOwner(t.app);
    const ma = await createEquipmentViaApi(t.app, a.cookie, { name: 'A machine' });
    const mb = await createEquipmentViaApi(t.app, b.cookie, { name: 'B machine' });
    const keyB = (await newKey(b.cookie, 'B sync', ['write'])).token;
    const list = await bearer(keyB, 'GET', '/api/equipment');
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain(mb.id);
    expect(list.body).not.toContain(ma.id);
    expect((await bearer(keyB, 'GET', `/api/equipment/${ma.id}`)).statusCode).toBe(404);
    expect((await bearer(keyB, 'PATCH', `/api/equipment/${ma.id}`, { name: 'x' })).statusCode).toBe(
      404,
    );
    const batch = await bearer(keyB, 'POST', '/api/readings/batch', {
      readings: [{ equipmentId: ma.id, usage: 500, at: new Date().toISOString() }],
    });
    expect(batch.json()).toMatchObject({
      results: [{ verdict: 'refused', key: 'equipment.notFound' }],
    });
    // A's machine is untouched.
    expect((await call(t.app, a.cookie, 'GET', `/api/equipment/${ma.id}`)).json()).toMatchObject({
      currentUsage: 100,
      name: 'A machine',
    });
  });

  it('ignore cookies and skip the cross-site check on bearer requests', async () => {
    const a = await signupOwner(t.app);
    const b = await signupOwner(t.app);
    const mb = await createEquipmentViaApi(t.app, b.cookie);
    const keyA = (await newKey(a.cookie, 'A', ['write'])).token;
    // B's session cookie sent with A's key: the key decides (A cannot see B's machine).
    const res = await bearer(keyA, 'GET', `/api/equipment/${mb.id}`, undefined, {
      cookie: b.cookie,
    });
    expect(res.statusCode).toBe(404);
    const cross = await bearer(
      keyA,
      'POST',
      '/api/equipment',
      {
        name: 'From a server',
        type: 'machinery',
        unit: 'hours',
        currentUsage: 1,
      },
      { origin: 'https://elsewhere.example' },
    );
    expect(cross.statusCode).toBe(201);
    // Without a key the same request from a browser on another site is refused.
    const cookieCross = await t.app.inject({
      method: 'POST',
      url: '/api/equipment',
      headers: { cookie: a.cookie, origin: 'https://elsewhere.example' },
      payload: { name: 'x', type: 'machinery', unit: 'hours', currentUsage: 1 },
    });
    expect(cookieCross.statusCode).toBe(403);
  });

  it('are rate limited per key: 429 with Retry-After, other keys unaffected', async () => {
    const owner = await signupOwner(t.app);
    const busy = (await newKey(owner.cookie, 'Busy', ['read'])).token;
    const calm = (await newKey(owner.cookie, 'Calm', ['read'])).token;
    const codes: number[] = [];
    for (let i = 0; i < 31; i++)
      codes.push((await bearer(busy, 'GET', '/api/equipment/count')).statusCode);
    expect(codes.slice(0, 30).every((c) => c === 200)).toBe(true);
    const limited = await bearer(busy, 'GET', '/api/equipment/count');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
    // The IETF RateLimit-* headers, on the refusal as on every answer to a key.
    expect(limited.headers['ratelimit-limit']).toBe('30');
    expect(limited.headers['ratelimit-remaining']).toBe('0');
    expect(Number(limited.headers['ratelimit-reset'])).toBe(Number(limited.headers['retry-after']));
    expect(limited.json()).toMatchObject({
      code: 'rate_limited',
      key: 'common.rateLimited',
    });
    const calmAnswer = await bearer(calm, 'GET', '/api/equipment/count');
    expect(calmAnswer.statusCode).toBe(200);
    expect(calmAnswer.headers['ratelimit-remaining']).toBe('29');
    expect(Number(calmAnswer.headers['ratelimit-reset'])).toBeGreaterThan(0);
    // A person's session answers carry none.
    const person = await call(t.app, owner.cookie, 'GET', '/api/equipment/count');
    expect(person.headers['ratelimit-limit']).toBeUndefined();
    // A minute later the key may go on.
    t.clock.set(new Date(Date.now() + 61_000));
    try {
      expect((await bearer(busy, 'GET', '/api/equipment/count')).statusCode).toBe(200);
    } finally {
      t.clock.reset();
    }
  });

  it('follow the entitlement rules: a company whose trial ended can read but not write', async () => {
    const owner = await signupOwner(t.app);
    const m = await createEquipmentViaApi(t.app, owner.cookie);
    const token = (await newKey(owner.cookie, 'Sync', ['write'])).token;
    t.clock.set(new Date(Date.now() + 40 * 86_400_000));
    try {
      expect((await bearer(token, 'GET', `/api/equipment/${m.id}`)).statusCode).toBe(200);
      const res = await bearer(token, 'PATCH', `/api/equipment/${m.id}`, { name: 'Late' });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'not_entitled' });
    } finally {
      t.clock.reset();
    }
  });
});
