import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseTrustProxy } from '../config';
import { ADDRESS_POLICY } from '../lib/throttle';
import { createTestApp, unique, type TestApp } from '../test/helpers';
import { signupOwner } from '../test/factories';

/**
 * X-Forwarded-For / -Host / -Proto come from whoever sends the request. The client's address is taken
 * from them only when TRUST_PROXY names the proxy (issue 25, item 6), and absolute links never follow
 * them: they start with PUBLIC_URL, else the configured host (item 9).
 */
/**
 * Each wrong sign-in hashes a password (Argon2id): a limit's worth of them takes a while on a busy
 * machine, as does opening (and migrating) a new embedded database.
 */
const SLOW_MS = 240_000;

/** Two app servers (each a new database): one reached directly, with PUBLIC_URL; one behind a proxy at 127.0.0.1. */
let direct: TestApp;
let proxied: TestApp;
beforeAll(async () => {
  direct = await createTestApp({ PUBLIC_URL: 'https://ems.example.test/' });
}, SLOW_MS);
beforeAll(async () => {
  proxied = await createTestApp({ TRUST_PROXY: '127.0.0.1', PORT: '5203' });
}, SLOW_MS);
afterAll(async () => {
  await direct?.close();
  await proxied?.close();
});

/** One wrong sign-in to a new, unknown account, as coming from `remoteAddress` with these headers. */
const wrongSignIn = (app: FastifyInstance, remoteAddress: string, forwardedFor?: string) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    payload: { emailOrBusinessName: `${unique('spray')}@example.com`, password: 'Wrong-pass-1' },
  });

/** Wrong sign-ins (a password sprayed over accounts) until the address limit answers 429; how many it took. */
async function sprayUntilLimited(send: (i: number) => ReturnType<typeof wrongSignIn>) {
  for (let i = 1; i <= ADDRESS_POLICY.maxFailures + 1; i++) {
    const res = await send(i);
    if (res.statusCode === 429) return i;
    expect(res.statusCode).toBe(401);
  }
  throw new Error(`no 429 after ${ADDRESS_POLICY.maxFailures + 1} wrong sign-ins`);
}

describe('the per-address sign-in limit behind (or without) a proxy', () => {
  it(
    'without TRUST_PROXY: a new X-Forwarded-For on every attempt gives no fresh allowance',
    async () => {
      const { app } = direct;
      const attempts = await sprayUntilLimited((i) =>
        wrongSignIn(app, '192.0.2.10', `198.51.100.${i}`),
      );
      expect(attempts).toBe(ADDRESS_POLICY.maxFailures + 1);
      expect((await wrongSignIn(app, '192.0.2.10', '203.0.113.99')).statusCode).toBe(429);
      // Another connection's address is another allowance.
      expect((await wrongSignIn(app, '192.0.2.11')).statusCode).toBe(401);
    },
    SLOW_MS,
  );

  it(
    "with TRUST_PROXY set to the proxy's address: the address it forwards is the client's",
    async () => {
      const { app } = proxied;
      // Through the proxy: one client sprays until it is limited; another client behind it is not.
      await sprayUntilLimited(() => wrongSignIn(app, '127.0.0.1', '198.51.100.7'));
      expect((await wrongSignIn(app, '127.0.0.1', '198.51.100.7')).statusCode).toBe(429);
      expect((await wrongSignIn(app, '127.0.0.1', '198.51.100.8')).statusCode).toBe(401);
      // A client reaching the server directly cannot pose as another one: its header is not believed.
      await sprayUntilLimited((i) => wrongSignIn(app, '192.0.2.20', `198.51.100.${100 + i}`));
      expect((await wrongSignIn(app, '192.0.2.20', '198.51.100.200')).statusCode).toBe(429);
    },
    SLOW_MS,
  );
});

describe('absolute links', () => {
  let cookie: string;
  const forged = {
    host: 'evil.example',
    'x-forwarded-host': 'evil.example',
    'x-forwarded-proto': 'https',
  };
  beforeAll(async () => {
    cookie = (await signupOwner(proxied.app)).cookie;
  });

  it('never follow a forged Host or X-Forwarded-Host: the calendar feed is on the configured host', async () => {
    for (const url of ['/api/company/calendar', '/api/company/calendar/regenerate']) {
      // Even trusting the proxy's headers for addresses, links do not follow its Host.
      const res = await proxied.app.inject({
        method: url.endsWith('regenerate') ? 'POST' : 'GET',
        url,
        headers: { cookie, ...forged },
      });
      expect(res.statusCode).toBe(200);
      const feed = res.json<{ url: string }>().url;
      expect(feed).toMatch(/^http:\/\/localhost:5203\/api\/calendar\/[^/]+\.ics$/);
      expect(feed).not.toContain('evil.example');
    }
  });

  it(
    'start with PUBLIC_URL when it is set',
    async () => {
      const t = direct;
      const owner = await signupOwner(t.app);
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/company/calendar',
        headers: { cookie: owner.cookie, ...forged },
      });
      expect(res.json<{ url: string }>().url).toMatch(
        /^https:\/\/ems\.example\.test\/api\/calendar\/[^/]+\.ics$/,
      );
    },
    SLOW_MS,
  );
});

describe('TRUST_PROXY and PUBLIC_URL settings', () => {
  it('take a hop count or addresses, and refuse anything else with a message', () => {
    const base = {
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'ems-config-')),
      APP_SECRET: 'x'.repeat(40),
    };
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy('0')).toBe(false);
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy('10.0.0.5, 10.0.0.0/24,::1,loopback')).toEqual([
      '10.0.0.5',
      '10.0.0.0/24',
      '::1',
      'loopback',
    ]);
    for (const bad of ['true', 'evil.example', '10.0.0.0/33', '10.0.0.300', '99'])
      expect(parseTrustProxy(bad)).toBeNull();
    expect(() => loadConfig({ TRUST_PROXY: 'true', ...base })).toThrow(
      /TRUST_PROXY must be the number of proxies/,
    );
    expect(loadConfig({ PUBLIC_URL: 'https://ems.example.com/', ...base })).toMatchObject({
      PUBLIC_URL: 'https://ems.example.com',
    });
    for (const bad of ['ems.example.com', 'https://ems.example.com/app', 'ftp://ems.example.com'])
      expect(() => loadConfig({ PUBLIC_URL: bad, ...base })).toThrow(ConfigError);
  });
});
