import { describe, expect, it } from 'vitest';
import { cookieFrom, useTestApp } from '../../test/helpers';
import { call, signupOwner, statusOf } from '../../test/factories';

const t = useTestApp();

describe('signup', () => {
  it('creates an owner on a trial, signs in and never returns a hash', async () => {
    const owner = await signupOwner(t.app);
    expect(owner.user.role).toBe('owner');
    const me = await call(t.app, owner.cookie, 'GET', '/api/auth/user');
    expect(me.statusCode).toBe(200);
    expect(me.body).not.toMatch(/hash|\$argon2/i);
    expect(me.json().businessName).toBe(owner.businessName);
  });

  it('refuses short names and passwords with the spec messages', async () => {
    const res = await call(t.app, null, 'POST', '/api/auth/signup', {
      businessName: 'A',
      email: 'x@y.co',
      password: 'Abcdefgh-1',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Business name must be at least 2 characters');
    const pw = await call(t.app, null, 'POST', '/api/auth/signup', {
      businessName: 'Abc Co',
      email: 'x@y.co',
      password: 'short',
    });
    expect(pw.json().message).toBe('Password must be at least 8 characters');
    const common = await call(t.app, null, 'POST', '/api/auth/signup', {
      businessName: 'Abc Co',
      email: 'x@y.co',
      password: 'password1',
    });
    expect(common.statusCode).toBe(400);
    expect(common.json().message).toMatch(/too common/);
  });

  it('keeps emails and business names unique, case-insensitively', async () => {
    const owner = await signupOwner(t.app);
    const dupEmail = await call(t.app, null, 'POST', '/api/auth/signup', {
      businessName: 'Other Co',
      email: owner.email.toUpperCase(),
      password: 'Harvest-Moon-42',
    });
    expect(dupEmail.statusCode).toBe(409);
    const dupName = await call(t.app, null, 'POST', '/api/auth/signup', {
      businessName: owner.businessName.toLowerCase(),
      email: 'fresh@example.com',
      password: 'Harvest-Moon-42',
    });
    expect(dupName.statusCode).toBe(409);
  });
});

describe('login and logout', () => {
  it('signs in by business name, rotates the session id and destroys it at logout', async () => {
    const owner = await signupOwner(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { cookie: owner.cookie },
      payload: {
        emailOrBusinessName: owner.businessName.toUpperCase(),
        password: owner.password,
        rememberMe: true,
      },
    });
    expect(res.statusCode).toBe(200);
    const fresh = cookieFrom(res);
    expect(fresh).not.toBe(owner.cookie);
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).toMatch(/Max-Age=2592000/);
    expect(await statusOf(t.app, owner.cookie, 'GET', '/api/auth/user')).toBe(401); // old id is gone
    expect(await statusOf(t.app, fresh, 'GET', '/api/auth/user')).toBe(200);
    expect(await statusOf(t.app, fresh, 'POST', '/api/auth/logout')).toBe(200);
    expect(await statusOf(t.app, fresh, 'GET', '/api/auth/user')).toBe(401);
  });

  it('gives a browser-session cookie without remember me', async () => {
    const owner = await signupOwner(t.app);
    const res = await call(t.app, null, 'POST', '/api/auth/login', {
      emailOrBusinessName: owner.email,
      password: owner.password,
    });
    expect(res.statusCode).toBe(200);
    // The session ends with the browser (the device cookie beside it is long-lived by design).
    const sid = res.cookies.find((c) => c.name === 'ems_sid');
    expect(sid).toBeDefined();
    expect(sid?.maxAge).toBeUndefined();
    expect(sid?.expires).toBeUndefined();
  });

  it('sets a readable signed-in hint (the role only) beside the session and clears it at logout and on a 401', async () => {
    const owner = await signupOwner(t.app);
    const res = await call(t.app, null, 'POST', '/api/auth/login', {
      emailOrBusinessName: owner.email,
      password: owner.password,
      rememberMe: true,
    });
    const hint = res.cookies.find((c) => c.name === 'ems_signed_in');
    expect(hint?.value).toBe('owner');
    expect(hint?.httpOnly).not.toBe(true); // the client reads it
    expect(hint?.sameSite).toBe('Lax');
    expect(hint?.maxAge).toBe(2592000); // lives as long as the session cookie
    const sid = cookieFrom(res);

    // The hint alone grants nothing.
    const forged = await call(t.app, 'ems_signed_in=owner', 'GET', '/api/auth/user');
    expect(forged.statusCode).toBe(401);
    const cleared = forged.cookies.find((c) => c.name === 'ems_signed_in');
    expect(cleared?.value).toBe('');
    expect(new Date(cleared?.expires ?? Date.now()).getTime()).toBeLessThan(Date.now());
    // Without the hint a 401 sets no cookie at all.
    expect((await call(t.app, null, 'GET', '/api/auth/user')).cookies).toHaveLength(0);

    const out = await call(t.app, `${sid}; ems_signed_in=owner`, 'POST', '/api/auth/logout');
    const names = out.cookies
      .filter((c) => c.value === '')
      .map((c) => c.name)
      .sort();
    expect(names).toEqual(['ems_sid', 'ems_signed_in']);
  });

  it('validates with the spec messages and refuses a wrong password', async () => {
    const empty = await call(t.app, null, 'POST', '/api/auth/login', {
      emailOrBusinessName: '',
      password: '',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Please enter your email or business name');
    const owner = await signupOwner(t.app);
    const wrong = await call(t.app, null, 'POST', '/api/auth/login', {
      emailOrBusinessName: owner.email,
      password: 'nope-nope-nope',
    });
    expect(wrong.statusCode).toBe(401);
  });

  it('rate-limits an account after repeated failures with a clear 429', async () => {
    const owner = await signupOwner(t.app);
    for (let i = 0; i < 5; i++) {
      await call(t.app, null, 'POST', '/api/auth/login', {
        emailOrBusinessName: owner.email,
        password: `wrong-${i}-password`,
      });
    }
    const blocked = await call(t.app, null, 'POST', '/api/auth/login', {
      emailOrBusinessName: owner.email,
      password: owner.password,
    });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/Too many attempts/);
    // Not for good: after the block the real user gets in.
    t.clock.set(new Date(Date.now() + 16 * 60_000));
    const later = await call(t.app, null, 'POST', '/api/auth/login', {
      emailOrBusinessName: owner.email,
      password: owner.password,
    });
    t.clock.reset();
    expect(later.statusCode).toBe(200);
  });
});

describe('platform', () => {
  it('answers an unknown API path with a JSON 404 and refuses cross-site writes', async () => {
    const res = await call(t.app, null, 'GET', '/api/does-not-exist');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'not_found' });
    const cross = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { origin: 'https://evil.example', host: 'localhost' },
      payload: {},
    });
    expect(cross.statusCode).toBe(403);
    expect(await statusOf(t.app, null, 'GET', '/api/auth/user')).toBe(401);
  });
  it('sends a strict Content-Security-Policy', async () => {
    const res = await call(t.app, null, 'GET', '/api/health');
    expect(res.headers['content-security-policy']).toMatch(/default-src 'self'/);
    expect(res.headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
  });
});
