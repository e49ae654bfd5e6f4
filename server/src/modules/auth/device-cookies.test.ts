import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { DEVICE_COOKIE_PREFIX, deviceCookieName } from '../../lib/device-cookie';
import { useTestApp } from '../../test/helpers';
import { call, signupOwner } from '../../test/factories';

/**
 * Issue 25, item 12 (docs/decisions/sign-in-device-cookies.md): strangers' wrong passwords cannot lock
 * the owner's own browser out. A browser that signed in to the account before carries a signed device
 * cookie and keeps its own allowance; strangers count per account and address.
 */

const t = useTestApp();

const OWNER_HOME = '192.0.2.10';
const STRANGER = '198.51.100.20';

/** The device cookie a response set ("name=value"), else null. */
function deviceCookieOf(res: LightMyRequestResponse): string | null {
  const c = res.cookies.find((x) => x.name.startsWith(DEVICE_COOKIE_PREFIX));
  return c ? `${c.name}=${c.value}` : null;
}

const post = (url: string, payload: object, remoteAddress: string, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url,
    remoteAddress,
    headers: cookie ? { cookie } : {},
    payload,
  });

describe('owner sign-in with device cookies', () => {
  it('keeps the owner’s own browser signed in while a stranger is locked out', async () => {
    const owner = await signupOwner(t.app);
    const login = (password: string, from: string, cookie?: string) =>
      post('/api/auth/login', { emailOrBusinessName: owner.email, password }, from, cookie);

    // The owner's browser signs in: it gets a long-lived, HttpOnly device cookie for /api.
    const first = await login(owner.password, OWNER_HOME);
    expect(first.statusCode).toBe(200);
    const device = deviceCookieOf(first);
    expect(device).not.toBeNull();
    const set = first.cookies.find((c) => c.name.startsWith(DEVICE_COOKIE_PREFIX))!;
    expect(set).toMatchObject({ httpOnly: true, path: '/api', sameSite: 'Strict' });
    expect(set.maxAge).toBeGreaterThan(300 * 24 * 3600);
    // Signing out keeps it (it is not a session).
    const out = await call(t.app, null, 'POST', '/api/auth/logout');
    expect(out.cookies.some((c) => c.name.startsWith(DEVICE_COOKIE_PREFIX))).toBe(false);

    // A stranger tries passwords: after 5 failures the stranger is locked, even with the right one.
    for (let i = 0; i < 6; i++) await login(`guess-${i}-password`, STRANGER);
    const stranger = await login(owner.password, STRANGER);
    expect(stranger.statusCode).toBe(429);
    expect(stranger.json()).toMatchObject({ key: 'common.tooManyAttempts' });

    // The owner's browser still signs in, from home and even from the stranger's address.
    expect((await login(owner.password, OWNER_HOME, device!)).statusCode).toBe(200);
    expect((await login(owner.password, STRANGER, device!)).statusCode).toBe(200);
    // A new browser of the owner at another address is not held by the stranger's failures either.
    expect((await login(owner.password, '203.0.113.50')).statusCode).toBe(200);
  });

  it('does not honour a forged device cookie, or another account’s', async () => {
    const owner = await signupOwner(t.app);
    const other = await signupOwner(t.app);
    const login = (cookie?: string, password = owner.password) =>
      post('/api/auth/login', { emailOrBusinessName: owner.email, password }, STRANGER, cookie);
    const real = deviceCookieOf(await login())!;
    const [name, value] = real.split('=') as [string, string];
    const [nonce] = value.split('.');
    const theirs = deviceCookieOf(
      await post(
        '/api/auth/login',
        { emailOrBusinessName: other.email, password: other.password },
        STRANGER,
      ),
    )!;
    for (let i = 0; i < 5; i++) await login(undefined, `guess-${i}-password`);
    expect((await login()).statusCode).toBe(429);
    const forged = [
      `${name}=${nonce}.${'A'.repeat(43)}`, // a made-up signature
      `${name}=${theirs.split('=')[1]}`, // another account's valid cookie under this one's name
      `${deviceCookieName('not-the-app-secret-but-long-enough-000', `user:${owner.user.id}`)}=${value}`,
      `${name}=${nonce}`,
    ];
    for (const cookie of forged) expect((await login(cookie)).statusCode).toBe(429);
    // The real one is honoured.
    expect((await login(real)).statusCode).toBe(200);
  });

  it('gives the owner’s browser its own allowance: its own failures lock only itself', async () => {
    const owner = await signupOwner(t.app);
    const login = (password: string, cookie?: string) =>
      post('/api/auth/login', { emailOrBusinessName: owner.email, password }, OWNER_HOME, cookie);
    const device = deviceCookieOf(await login(owner.password))!;
    for (let i = 0; i < 5; i++) await login(`typo-${i}-password`, device);
    expect((await login(owner.password, device)).statusCode).toBe(429);
    // The device's lock is its own: a fresh browser at the same address may still sign in.
    expect((await login(owner.password)).statusCode).toBe(200);
  });
});

describe('operator sign-in with device cookies', () => {
  it('keeps the operator’s own phone signed in while a stranger is locked; a forged cookie is not honoured', async () => {
    const owner = await signupOwner(t.app);
    const shared = 'Tractor-Blue-77';
    expect(
      (await call(t.app, owner.cookie, 'POST', '/api/company-settings', { masterPassword: shared }))
        .statusCode,
    ).toBe(200);
    const op = await call(t.app, owner.cookie, 'POST', '/api/employees', {
      firstName: 'Ana',
      lastName: 'Ruiz',
    });
    const { operatorUsername } = op.json<{ operatorUsername: string }>();
    const login = (password: string, from: string, cookie?: string) =>
      post('/api/employee/login', { operatorName: operatorUsername, password }, from, cookie);
    const phone = deviceCookieOf(await login(shared, OWNER_HOME));
    expect(phone).not.toBeNull();
    for (let i = 0; i < 6; i++) await login(`guess-${i}-password`, STRANGER);
    expect((await login(shared, STRANGER)).statusCode).toBe(429);
    const [name] = phone!.split('=');
    expect((await login(shared, STRANGER, `${name}=forged.${'B'.repeat(43)}`)).statusCode).toBe(
      429,
    );
    expect((await login(shared, STRANGER, phone!)).statusCode).toBe(200);
    expect((await login(shared, OWNER_HOME, phone!)).statusCode).toBe(200);
  });
});
