import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/helpers';
import { call, signupOwner } from '../test/factories';

/**
 * Issue 25, items 10 and 11: cross-site state-changing requests are refused whatever header tells
 * it (Origin, or without one Sec-Fetch-Site or the Referer), and only POST signs out.
 */

const t = useTestApp();

const status = async (cookie: string) =>
  (await call(t.app, cookie, 'GET', '/api/auth/user')).statusCode;

/** A note added with these headers (the owner's session), and whether it was written. */
async function noteWith(headers: Record<string, string>) {
  const owner = await signupOwner(t.app);
  const machine = await call(t.app, owner.cookie, 'POST', '/api/equipment', {
    name: 'Loader',
    type: 'machinery',
    unit: 'hours',
  });
  const id = machine.json<{ id: string }>().id;
  const count = async () =>
    (await call(t.app, owner.cookie, 'GET', `/api/equipment/${id}/notes`)).json<unknown[]>().length;
  const before = await count();
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/equipment/${id}/notes`,
    headers: { host: 'app.example', cookie: owner.cookie, ...headers },
    payload: { content: 'from somewhere' },
  });
  return { res, written: (await count()) > before };
}

describe('cross-site requests (item 10)', () => {
  it.each([
    ['a foreign Origin', { origin: 'https://evil.example' }],
    ['an unreadable Origin', { origin: 'null' }],
    ['no Origin and Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['no Origin and a foreign Referer', { referer: 'https://evil.example/page' }],
    [
      'no Origin, a same-origin fetch site but a foreign Referer',
      { 'sec-fetch-site': 'same-origin', referer: 'https://evil.example/' },
    ],
  ])('refuses a write with %s (403, nothing written)', async (_what, headers) => {
    const { res, written } = await noteWith(headers);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'forbidden', key: 'common.crossSite' });
    expect(written).toBe(false);
  });

  it.each([
    ['its own Origin', { origin: 'https://app.example' }],
    [
      'no Origin, same-origin and its own Referer',
      { 'sec-fetch-site': 'same-origin', referer: 'https://app.example/equipment' },
    ],
    ['no Origin, no Sec-Fetch-Site, no Referer (a script)', {}],
  ])('accepts a write with %s', async (_what, headers) => {
    const { res, written } = await noteWith(headers);
    expect(res.statusCode, res.body).toBe(201);
    expect(written).toBe(true);
  });

  it('refuses a cross-site sign-out and sign-in without an Origin', async () => {
    const owner = await signupOwner(t.app);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: owner.cookie, 'sec-fetch-site': 'cross-site' },
    });
    expect(out.statusCode).toBe(403);
    expect(await status(owner.cookie)).toBe(200);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { host: 'app.example', referer: 'https://evil.example/' },
      payload: { emailOrBusinessName: owner.email, password: owner.password },
    });
    expect(login.statusCode).toBe(403);
  });
});

describe('sign-out (item 11)', () => {
  it('is POST only: GET /api/logout is not served and signs nobody out', async () => {
    const owner = await signupOwner(t.app);
    for (const url of ['/api/logout', '/api/auth/logout']) {
      const res = await call(t.app, owner.cookie, 'GET', url);
      expect(res.statusCode).toBe(404);
      expect(res.headers['set-cookie']).toBeUndefined();
      expect(await status(owner.cookie)).toBe(200);
    }
    const out = await call(t.app, owner.cookie, 'POST', '/api/auth/logout');
    expect(out.statusCode).toBe(200);
    expect(await status(owner.cookie)).toBe(401);
  });
});
