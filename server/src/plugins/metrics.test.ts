import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createTestApp, type TestApp } from '../test/helpers';
import { call, createEquipmentViaApi, signupOwner, statusOf } from '../test/factories';

const TOKEN = `m-${randomBytes(24).toString('base64url')}`;
const scrape = (t: TestApp, authorization?: string) =>
  t.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: authorization ? { authorization } : {},
  });

describe('/metrics without METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is not found, and nothing is measured', async () => {
    await call(t.app, null, 'GET', '/api/config');
    const res = await scrape(t, `Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'not_found' });
    expect(t.deps.metrics.enabled).toBe(false);
    expect((await t.deps.metrics.registry.metrics()).trim()).toBe('');
  });
});

describe('/metrics with METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN: TOKEN });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('needs the bearer token', async () => {
    const none = await scrape(t);
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toBe('Bearer realm="metrics"');
    expect(none.json()).toMatchObject({ code: 'unauthenticated', key: 'common.metricsToken' });
    expect((await scrape(t, `Bearer ${TOKEN}x`)).statusCode).toBe(401);
    expect((await scrape(t, `Bearer ${TOKEN.slice(0, -1)}`)).statusCode).toBe(401);
    expect((await scrape(t, TOKEN)).statusCode).toBe(401);
    const ok = await scrape(t, `Bearer ${TOKEN}`);
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  });

  it('counts requests per route pattern with latencies, and holds no tenant data', async () => {
    const owner = await signupOwner(t.app);
    const machine = await createEquipmentViaApi(t.app, owner.cookie, { name: 'Secret Digger' });
    for (let i = 0; i < 3; i++)
      expect(await statusOf(t.app, owner.cookie, 'GET', `/api/equipment/${machine.id}`)).toBe(200);
    const strayPath = `/api/no-such-thing/${randomBytes(8).toString('hex')}`;
    expect(await statusOf(t.app, owner.cookie, 'GET', strayPath)).toBe(404);
    expect(await statusOf(t.app, null, 'GET', '/api/auth/user')).toBe(401);

    const text = (await scrape(t, `Bearer ${TOKEN}`)).body;
    expect(text).toContain(
      'http_request_duration_seconds_count{method="GET",route="/api/equipment/:id",status_code="200"} 3',
    );
    expect(text).toContain(
      'http_request_duration_seconds_count{method="POST",route="/api/equipment",status_code="201"} 1',
    );
    expect(text).toContain(
      'http_request_duration_seconds_count{method="GET",route="/api/auth/user",status_code="401"} 1',
    );
    expect(text).toContain(
      'http_request_duration_seconds_count{method="GET",route="not found",status_code="404"} 1',
    );
    expect(text).toMatch(
      /http_request_duration_seconds_bucket\{le="0\.25",method="GET",route="\/api\/equipment\/:id",status_code="200"\} 3/,
    );
    for (const tenantData of [
      machine.id,
      owner.companyId,
      owner.user.id,
      owner.email,
      owner.businessName,
      'Secret Digger',
      strayPath,
    ])
      expect(text).not.toContain(tenantData);
  });

  it('reports the database pool and the process', async () => {
    const text = (await scrape(t, `Bearer ${TOKEN}`)).body;
    if (t.database.kind === 'postgres') {
      const total = Number(/ems_db_pool_connections\{state="total"\} (\d+)/.exec(text)?.[1]);
      expect(total).toBeGreaterThanOrEqual(1);
      expect(text).toMatch(/ems_db_pool_connections\{state="idle"\} \d+/);
      expect(text).toContain('ems_db_pool_waiting 0');
    } else {
      // Nothing runs while /metrics answers: every counted query has been counted out again.
      expect(text).toContain('ems_db_in_flight 0');
    }
    // While a transaction holds the database, the gauges show it.
    let release = () => {};
    const held = new Promise<void>((r) => (release = r));
    const tx = t.database.systemDb.transaction(async (q) => {
      await q.execute(sql`select 1`);
      await held;
    });
    await new Promise((r) => setTimeout(r, 50));
    const busy = (await scrape(t, `Bearer ${TOKEN}`)).body;
    release();
    await tx;
    if (t.database.kind === 'postgres') {
      const total = Number(/ems_db_pool_connections\{state="total"\} (\d+)/.exec(busy)?.[1]);
      const idle = Number(/ems_db_pool_connections\{state="idle"\} (\d+)/.exec(busy)?.[1]);
      expect(total - idle).toBeGreaterThanOrEqual(1);
    } else {
      expect(busy).toContain('ems_db_in_flight 1');
    }
    expect(text).toMatch(/process_cpu_user_seconds_total \d/);
    expect(text).toMatch(/process_resident_memory_bytes \d/);
    expect(text).toMatch(/nodejs_eventloop_lag_seconds \d/);
  });

  it('reports the depth of every queue that registers itself', async () => {
    let depth = 4;
    t.deps.metrics.trackQueue('reminders', () => depth);
    t.deps.metrics.trackQueue('exports', async () => Promise.resolve(1));
    expect((await scrape(t, `Bearer ${TOKEN}`)).body).toContain(
      'ems_queue_depth{queue="reminders"} 4',
    );
    depth = 0;
    const text = (await scrape(t, `Bearer ${TOKEN}`)).body;
    expect(text).toContain('ems_queue_depth{queue="reminders"} 0');
    expect(text).toContain('ems_queue_depth{queue="exports"} 1');
  });
});

describe('METRICS_TOKEN configuration', () => {
  it('refuses a short token or one with spaces, with a clear line', () => {
    const DATA_DIR = mkdtempSync(path.join(os.tmpdir(), 'ems-metrics-cfg-'));
    expect(() => loadConfig({ DATA_DIR, METRICS_TOKEN: 'short' })).toThrow(
      /METRICS_TOKEN must be at least 32 characters/,
    );
    expect(() => loadConfig({ DATA_DIR, METRICS_TOKEN: `${'x'.repeat(32)} y` })).toThrow(
      /METRICS_TOKEN must be printable ASCII without spaces/,
    );
    expect(loadConfig({ DATA_DIR, METRICS_TOKEN: '' }).METRICS_TOKEN).toBeUndefined();
  });
});
