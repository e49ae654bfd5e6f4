import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantAppRole } from '../../db/app-role';
import { createTestApp, type TestApp } from '../../test/helpers';
import { call, statusOf } from '../../test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // This file stops the database on purpose; closing it again at the end must be harmless.
  const close = t.database.close;
  let closed: Promise<void> | null = null;
  t.database.close = () => (closed ??= close());
});
afterAll(async () => {
  await t?.close();
});

describe('liveness and readiness', () => {
  it('are not ready while the app role cannot write a table; the grant at start puts it back, once', async () => {
    expect(t.database.appRoleGrants).toEqual([]); // a fresh database: the migrations granted everything
    await t.database.ownerSql(`revoke insert on auth_throttle from ems_app`);
    const broken = await call(t.app, null, 'GET', '/api/ready');
    expect(broken.statusCode).toBe(503);
    expect(broken.json()).toMatchObject({ code: 'unavailable', key: 'common.notReady' });

    // What every start runs (db/client.ts): grants only what is missing, then nothing the second time.
    const owner = async (text: string, values?: unknown[]) =>
      (await t.database.ownerSql(text, values)).rows as Record<string, unknown>[];
    expect(await grantAppRole(owner)).toEqual([
      'GRANT SELECT, INSERT, UPDATE, DELETE ON TABLE public.auth_throttle TO ems_app',
    ]);
    expect(await grantAppRole(owner)).toEqual([]);
    expect(await statusOf(t.app, null, 'GET', '/api/ready')).toBe(200);
  });

  it('are ready while the database answers; readiness turns 503 when it stops, liveness stays up', async () => {
    const ready = await call(t.app, null, 'GET', '/api/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ ok: true, database: t.database.kind });
    expect(await statusOf(t.app, null, 'GET', '/api/health')).toBe(200);

    await t.database.close();
    const down = await call(t.app, null, 'GET', '/api/ready');
    expect(down.statusCode).toBe(503);
    expect(down.headers['retry-after']).toBe('1');
    expect(down.json()).toMatchObject({ code: 'unavailable', key: 'common.notReady' });
    const live = await call(t.app, null, 'GET', '/api/health');
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ ok: true, database: t.database.kind });
  });
});
