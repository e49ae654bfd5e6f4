import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { createTestApp, type TestApp } from './test/helpers';
import { signupOwner } from './test/factories';

// A built client in miniature: the page, one asset and the first-screen preload map the build writes.
const clientDir = mkdtempSync(path.join(os.tmpdir(), 'ems-client-'));
mkdirSync(path.join(clientDir, 'assets'));
mkdirSync(path.join(clientDir, '.vite'));
writeFileSync(
  path.join(clientDir, 'index.html'),
  '<!doctype html><html><head><title>EMS</title></head><body><div id="root"></div></body></html>',
);
writeFileSync(path.join(clientDir, 'assets', 'entry-abc.js'), 'export {};');
const files = (name: string, data: string[] = []) => ({
  modules: {
    en: [`/assets/${name}.js`, `/assets/${name}-en.js`],
    es: [`/assets/${name}.js`, `/assets/${name}-es.js`],
  },
  data,
});
writeFileSync(
  path.join(clientDir, '.vite', 'route-preloads.json'),
  JSON.stringify({
    signedOut: [
      ['/login', files('login')],
      ['*', files('landing')],
    ],
    manager: [
      ['/', files('dashboard', ['/api/auth/user', '/api/dashboard/overview?limit=50'])],
      ['/equipment/:status', files('by-status')],
      [
        '/machines/:id',
        files('machine', [
          '/api/auth/user',
          '/api/equipment/:id/page',
          '/api/equipment/:id/history?limit=20',
        ]),
      ],
      ['*', files('not-found')],
    ],
    operator: [['*', files('operator-screen', ['/api/auth/user', '/api/field/machines'])]],
    platformAdmin: [['/admin-accounts', files('admin')]],
  }),
);

let t: TestApp;
let web: FastifyInstance;
beforeAll(async () => {
  t = await createTestApp();
  web = (await buildApp({ config: t.deps.config, database: t.database, clientDir, logger: false }))
    .app;
  await web.ready();
});
afterAll(async () => {
  await web?.close();
  await t?.close();
});

const page = async (url: string, headers: Record<string, string> = {}) => {
  const res = await web.inject({ method: 'GET', url, headers });
  return {
    res,
    html: res.body,
    preloads: [
      ...res.body.matchAll(/rel="modulepreload" fetchpriority="low" crossorigin href="([^"]+)"/g),
    ].map((m) => m[1]),
    data: [
      ...res.body.matchAll(
        /rel="preload" as="fetch" crossorigin="use-credentials" href="([^"]+)"/g,
      ),
    ].map((m) => m[1]),
  };
};

describe('the app page announces its first screen', () => {
  it('preloads the page a visitor lands on, in the browser language', async () => {
    expect((await page('/')).preloads).toEqual(['/assets/landing.js', '/assets/landing-en.js']);
    expect((await page('/login?next=1')).preloads).toEqual([
      '/assets/login.js',
      '/assets/login-en.js',
    ]);
    const es = await page('/login', { 'accept-language': 'es-MX,es;q=0.9,en;q=0.8' });
    expect(es.preloads).toEqual(['/assets/login.js', '/assets/login-es.js']);
    const frFirst = await page('/login', { 'accept-language': 'fr-CA, es;q=0.5' });
    expect(frFirst.preloads).toContain('/assets/login-es.js');
    expect((await page('/login', { 'accept-language': 'de' })).preloads).toContain(
      '/assets/login-en.js',
    );
  });

  it('follows the signed-in hint: the role names the route table, anything else counts as signed out', async () => {
    expect((await page('/', { cookie: 'ems_signed_in=owner' })).preloads[0]).toBe(
      '/assets/dashboard.js',
    );
    expect(
      (await page('/equipment/overdue', { cookie: 'ems_signed_in=manager' })).preloads[0],
    ).toBe('/assets/by-status.js');
    expect((await page('/simple-operator', { cookie: 'ems_signed_in=operator' })).preloads[0]).toBe(
      '/assets/operator-screen.js',
    );
    expect((await page('/', { cookie: 'ems_signed_in=superuser' })).preloads[0]).toBe(
      '/assets/landing.js',
    );
    // No match in the table (the platform admin's has no catch-all): the plain page.
    expect((await page('/elsewhere', { cookie: 'ems_signed_in=platform_admin' })).preloads).toEqual(
      [],
    );
  });

  it("announces a signed-in first screen's data calls, never a visitor's", async () => {
    const owner = await page('/', { cookie: 'ems_signed_in=owner' });
    expect(owner.data).toEqual(['/api/auth/user', '/api/dashboard/overview?limit=50']);
    // Before the code: the calls wait on the server, the code only on bytes.
    expect(owner.html.indexOf('as="fetch"')).toBeLessThan(owner.html.indexOf('modulepreload'));
    expect((await page('/simple-operator', { cookie: 'ems_signed_in=operator' })).data).toEqual([
      '/api/auth/user',
      '/api/field/machines',
    ]);
    expect((await page('/')).data).toEqual([]);
    expect((await page('/equipment/overdue', { cookie: 'ems_signed_in=manager' })).data).toEqual(
      [],
    );
  });

  it("fills a data URL's path parameters with the path's id, per request, and never with anything else", async () => {
    const owner = { cookie: 'ems_signed_in=owner' };
    const one = await page('/machines/0b6f-41aa', owner);
    expect(one.data).toEqual([
      '/api/auth/user',
      '/api/equipment/0b6f-41aa/page',
      '/api/equipment/0b6f-41aa/history?limit=20',
    ]);
    expect(one.preloads[0]).toBe('/assets/machine.js');
    // Another machine: its own calls (the page is not the first one's, cached).
    expect((await page('/machines/77c2', owner)).data).toEqual([
      '/api/auth/user',
      '/api/equipment/77c2/page',
      '/api/equipment/77c2/history?limit=20',
    ]);
    // A path that is not an id: nothing of it reaches the HTML; the page still loads.
    const odd = await page('/machines/%22%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E', owner);
    expect(odd.res.statusCode).toBe(200);
    expect(odd.data).toEqual(['/api/auth/user']);
    expect(odd.html).not.toMatch(/alert|%3Cscript/i);
    // Compressed like the others.
    const br = await web.inject({
      method: 'GET',
      url: '/machines/0b6f-41aa',
      headers: { ...owner, 'accept-encoding': 'br' },
    });
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(one.html);
  });

  it('is the same page otherwise, compressed when accepted, never cached, and keeps the security headers', async () => {
    const { res, html } = await page('/login');
    expect(html).toContain('<div id="root"></div>');
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(String(res.headers.vary)).toMatch(/Cookie/);
    expect(res.headers['content-security-policy']).toMatch(/script-src 'self'/);
    const br = await web.inject({
      method: 'GET',
      url: '/login',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(html);
  });

  it('is only a hint: the page never grants access, and the API still answers 401 without a session', async () => {
    const owner = await signupOwner(t.app);
    expect((await page('/', { cookie: 'ems_signed_in=owner' })).res.statusCode).toBe(200);
    const api = await web.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { cookie: 'ems_signed_in=owner' },
    });
    expect(api.statusCode).toBe(401);
    const real = await web.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { cookie: owner.cookie },
    });
    expect(real.statusCode).toBe(200);
  });

  it('serves assets but not the build metadata', async () => {
    expect((await web.inject({ method: 'GET', url: '/assets/entry-abc.js' })).statusCode).toBe(200);
    const meta = await web.inject({ method: 'GET', url: '/.vite/route-preloads.json' });
    expect(meta.body).not.toContain('signedOut');
  });
});
