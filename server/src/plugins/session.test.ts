import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { session } from '../db/schema/index';
import { useTestApp, cookieFrom } from '../test/helpers';
import {
  addSignedInUser,
  call,
  createEquipmentViaApi,
  type SignedIn,
  signInAgain,
  signupOwner,
  statusOf,
} from '../test/factories';

const t = useTestApp();
beforeEach(() => t.clock.reset());

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const status = async (cookie: string, app: FastifyInstance = t.app) =>
  (await call(app, cookie, 'GET', '/api/auth/user')).statusCode;
const sidOf = (cookie: string) => cookie.slice('ems_sid='.length);

describe('session expiry follows the app clock', () => {
  const T0 = new Date('2026-11-20T08:00:00Z').getTime();
  const at = (ms: number) => t.clock.set(new Date(T0 + ms));

  it('a browser session ends 12 idle hours after it started', async () => {
    at(0);
    const owner = await signupOwner(t.app);
    at(30 * 60_000);
    expect(await status(owner.cookie)).toBe(200);
    at(12 * HOUR + 60_000);
    expect(await status(owner.cookie)).toBe(401);
    at(30 * 60_000); // the session row is still there: only the clock decided
    expect(await status(owner.cookie)).toBe(200);
  });

  it('a browser session in use slides: a request two hours in keeps it for 12 hours from then', async () => {
    at(0);
    const owner = await signupOwner(t.app);
    at(2 * HOUR);
    expect(await status(owner.cookie)).toBe(200);
    at(13 * HOUR);
    expect(await status(owner.cookie)).toBe(200);
    at(13 * HOUR + 12 * HOUR + 60_000); // 12 idle hours after the last request
    expect(await status(owner.cookie)).toBe(401);
  });

  it('a remembered session lasts 30 days', async () => {
    at(0);
    const owner = await signupOwner(t.app);
    const remembered = await signInAgain(t.app, owner, true);
    at(29 * DAY);
    expect(await status(remembered)).toBe(200);
    expect(await status(owner.cookie)).toBe(401);
    at(30 * DAY + 60_000);
    expect(await status(remembered)).toBe(401);
  });
});

describe('sign-ins cached per process', () => {
  it('a signed-in request is served without the session lookup once the sign-in is cached', async () => {
    const owner = await signupOwner(t.app);
    const queries = async () => {
      const before = t.database.queryCount.value;
      expect(await status(owner.cookie)).toBe(200);
      return t.database.queryCount.value - before;
    };
    const first = await queries(); // session lookup + the user
    const second = await queries(); // the user only
    expect(first - second).toBe(1);
  });

  it('logout (POST) and a new sign-in end the old session at once; a GET never signs out', async () => {
    const owner = await signupOwner(t.app);
    const a = await signInAgain(t.app, owner);
    const b = await signInAgain(t.app, owner);
    const c = await signInAgain(t.app, owner);
    for (const cookie of [owner.cookie, a, b, c]) expect(await status(cookie)).toBe(200);
    expect(await statusOf(t.app, a, 'POST', '/api/auth/logout')).toBe(200);
    expect(await status(a)).toBe(401);
    expect(await statusOf(t.app, b, 'GET', '/api/logout')).toBe(404);
    expect(await statusOf(t.app, b, 'GET', '/api/auth/logout')).toBe(404);
    expect(await status(b)).toBe(200);
    expect(await statusOf(t.app, b, 'POST', '/api/auth/logout')).toBe(200);
    expect(await status(b)).toBe(401);
    const rotated = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { cookie: c },
      payload: { emailOrBusinessName: owner.email, password: owner.password },
    });
    expect(rotated.statusCode).toBe(200);
    expect(await status(c)).toBe(401);
    expect(await status(cookieFrom(rotated))).toBe(200);
    expect(await status(owner.cookie)).toBe(200);
  });

  it('a password change ends the other sessions of that user at once', async () => {
    const owner = await signupOwner(t.app);
    const other = await signInAgain(t.app, owner);
    expect(await status(other)).toBe(200);
    const res = await call(t.app, owner.cookie, 'PATCH', '/api/user/change-password', {
      currentPassword: owner.password,
      newPassword: 'Quiet-River-58',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await status(other)).toBe(401);
    expect(await status(owner.cookie)).toBe(200);
  });

  it('removing an operator or a manager, and resetting a manager password, end their sessions at once', async () => {
    const owner = await signupOwner(t.app);
    const operator = await addSignedInUser(t.deps.systemDb, 'operator', owner.companyId);
    const manager = await addSignedInUser(t.deps.systemDb, 'manager', owner.companyId);
    const reset = await addSignedInUser(t.deps.systemDb, 'manager', owner.companyId);
    for (const u of [operator, manager, reset]) expect(await status(u.cookie)).toBe(200);
    expect(await statusOf(t.app, owner.cookie, 'DELETE', `/api/employees/${operator.userId}`)).toBe(
      200,
    );
    expect(await status(operator.cookie)).toBe(401);
    expect(await statusOf(t.app, owner.cookie, 'DELETE', `/api/managers/${manager.userId}`)).toBe(
      200,
    );
    expect(await status(manager.cookie)).toBe(401);
    const r = await call(t.app, owner.cookie, 'POST', '/api/admin/reset-user-password', {
      targetUserId: reset.userId,
      newPassword: 'Quiet-River-58',
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(await status(reset.cookie)).toBe(401);
  });

  it('profile, company and subscription changes are seen by the next request', async () => {
    const owner: SignedIn = await signupOwner(t.app);
    const e = await createEquipmentViaApi(t.app, owner.cookie);
    // The signed-in name is what history entries are written with.
    expect(
      await statusOf(t.app, owner.cookie, 'PATCH', '/api/user/profile', {
        firstName: 'Renamed',
        lastName: 'Owner',
        email: owner.email,
      }),
    ).toBe(200);
    expect(
      await statusOf(t.app, owner.cookie, 'POST', `/api/equipment/${e.id}/notes`, {
        content: 'Checked',
      }),
    ).toBe(201);
    const notes = await call(t.app, owner.cookie, 'GET', `/api/equipment/${e.id}/notes`);
    expect(notes.json<{ operatorName: string }[]>()[0]!.operatorName).toBe('Renamed Owner');
    // The business name comes from the signed-in company.
    expect(
      await statusOf(t.app, owner.cookie, 'PATCH', '/api/company/settings', {
        companyName: `${owner.businessName} Ltd`,
      }),
    ).toBe(200);
    expect(
      (await call(t.app, owner.cookie, 'GET', '/api/auth/user')).json<{ businessName: string }>()
        .businessName,
    ).toBe(`${owner.businessName} Ltd`);
    // Canceling the trial ends write access with the next request.
    expect(await statusOf(t.app, owner.cookie, 'POST', '/api/subscription/cancel')).toBe(200);
    const refused = await call(t.app, owner.cookie, 'POST', '/api/equipment', {
      name: 'After cancel',
      type: 'tools',
      unit: 'hours',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'not_entitled' });
  });

  it('another app server sees a revocation within SESSION_CACHE_SECONDS (at once with 0)', async () => {
    const make = async (seconds: number) => {
      const built = await buildApp({
        config: { ...t.deps.config, SESSION_CACHE_SECONDS: seconds },
        database: t.database,
        clientDir: null,
        logger: false,
        now: () => t.deps.now(),
      });
      await built.app.ready();
      return built.app;
    };
    const uncached = await make(0);
    const cached = await make(1);
    // The app's clock stands still while the sign-in is cached, then moves on (no real waiting).
    const start = new Date();
    t.clock.set(start);
    const at = (ms: number) => t.clock.set(new Date(start.getTime() + ms));
    try {
      const owner = await signupOwner(t.app);
      for (const app of [uncached, cached]) expect(await status(owner.cookie, app)).toBe(200);
      // Signed out through a third server: here only the database row is gone.
      await t.deps.systemDb.delete(session).where(eq(session.sid, sidOf(owner.cookie)));
      expect(await status(owner.cookie, uncached)).toBe(401);
      expect(await status(owner.cookie, cached)).toBe(200);
      at(999);
      expect(await status(owner.cookie, cached)).toBe(200);
      // SESSION_CACHE_SECONDS (1) later by the app's clock: the cached sign-in is gone.
      at(1000);
      expect(await status(owner.cookie, cached)).toBe(401);
    } finally {
      t.clock.reset();
      await uncached.close();
      await cached.close();
    }
  });
});
