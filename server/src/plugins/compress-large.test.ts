import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/helpers';
import { call, signupOwner } from '../test/factories';
import { makePaying } from '../test/reports';
import { LARGE_ANSWER_BYTES } from './compress-large';

/** Large JSON answers are gzipped for a client that accepts it; small ones and others are not. */
const t = useTestApp();

describe('large answers gzipped', () => {
  it('gzips a large JSON answer when accepted, the same JSON once inflated; plain otherwise', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(plain.statusCode).toBe(200);
    expect(plain.body.length).toBeGreaterThan(LARGE_ANSWER_BYTES);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('accept-encoding');

    const zipped = await t.app.inject({
      method: 'GET',
      url: '/api/openapi.json',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(zipped.statusCode).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers['content-type']).toContain('application/json');
    const inflated = zlib.gunzipSync(zipped.rawPayload).toString('utf8');
    expect(JSON.parse(inflated)).toEqual(JSON.parse(plain.body));
    expect(zipped.rawPayload.length).toBeLessThan(plain.body.length / 4);
  });

  it('leaves a small answer as it is, and one that chose its own encoding', async () => {
    const o = await signupOwner(t.app);
    const small = await t.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { cookie: o.cookie, 'accept-encoding': 'gzip' },
    });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toMatchObject({ role: 'owner' });
    // Due soon gzips its kept answer itself: once, not twice.
    const due = await t.app.inject({
      method: 'GET',
      url: '/api/maintenance/due?within=30',
      headers: { cookie: o.cookie, 'accept-encoding': 'gzip' },
    });
    expect([due.statusCode, due.headers['content-encoding']]).toEqual([200, 'gzip']);
    expect(JSON.parse(zlib.gunzipSync(due.rawPayload).toString('utf8'))).toBeTruthy();
  });

  it('gzips a large answer a route sends itself from the read cache, whole (not an empty body)', async () => {
    const o = await signupOwner(t.app);
    await makePaying(t, o.companyId, '2099-12-31', 'enterprise');
    for (let i = 0; i < 60; i++) {
      const res = await call(t.app, o.cookie, 'POST', '/api/equipment', {
        name: `Pump ${String(i).padStart(2, '0')}`,
        type: 'machinery',
        unit: 'hours',
        currentUsage: 10,
        serviceInterval: 100,
        lastServiceUsage: 0,
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const url = '/api/equipment/page?limit=60';
    const plain = await call(t.app, o.cookie, 'GET', url);
    expect(plain.body.length).toBeGreaterThan(LARGE_ANSWER_BYTES);
    // Twice: computed, then answered from the embedded database's read cache.
    for (let i = 0; i < 2; i++) {
      const zipped = await t.app.inject({
        method: 'GET',
        url,
        headers: { cookie: o.cookie, 'accept-encoding': 'gzip' },
      });
      expect([zipped.statusCode, zipped.headers['content-encoding']]).toEqual([200, 'gzip']);
      const page = JSON.parse(zlib.gunzipSync(zipped.rawPayload).toString('utf8'));
      expect(page.items).toHaveLength(60);
    }
  });
});
