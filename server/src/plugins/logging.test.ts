import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unsubscribeUrl } from '../modules/digest/digest.service';
import { cookieFrom, createTestApp, type TestApp } from '../test/helpers';
import {
  call,
  createEquipmentViaApi,
  setupSecurityQuestions,
  signupOwner,
  statusOf,
} from '../test/factories';

/**
 * Request logs are structured (one JSON object a line) and never carry a secret: passwords, the
 * shared operator password, security answers, session cookies, Authorization headers, the metrics
 * token, nor the parameters of a failed SQL statement (a session id). The whole log stream of a real
 * app, at the most verbose level, is captured and searched.
 */
const rand = () => randomBytes(6).toString('hex');
const METRICS_TOKEN = `metrics-${randomBytes(24).toString('base64url')}`;

let t: TestApp;
const lines: string[] = [];
beforeAll(async () => {
  t = await createTestApp(
    { LOG_LEVEL: 'trace', METRICS_TOKEN },
    { logStream: { write: (line: string) => void lines.push(line) } },
  );
  // This test closes the database on purpose; closing it again at the end must be harmless.
  const close = t.database.close;
  let closed: Promise<void> | null = null;
  t.database.close = () => (closed ??= close());
});
afterAll(async () => {
  await t?.close();
});

const sidOf = (cookie: string) => cookie.slice('ems_sid='.length);

describe('request logs', () => {
  it('are JSON lines that name requests, and carry no password, answer, cookie, token or SQL parameter', async () => {
    const secrets: Record<string, string> = {};
    const password = (secrets.signupPassword = `Sunrise-Harbor-${rand()}`);
    const owner = await signupOwner(t.app, { password });
    secrets.signupSession = sidOf(owner.cookie);

    // A failed and a good sign-in.
    secrets.wrongPassword = `Wrong-Lantern-${rand()}`;
    const bad = await call(t.app, null, 'POST', '/api/auth/login', {
      emailOrBusinessName: owner.email,
      password: secrets.wrongPassword,
    });
    expect(bad.statusCode).toBe(401);
    const login = await call(t.app, null, 'POST', '/api/auth/login', {
      emailOrBusinessName: owner.email,
      password,
    });
    expect(login.statusCode, login.body).toBe(200);
    const cookie = cookieFrom(login);
    secrets.loginSession = sidOf(cookie);

    // Security answers, a reset with them, a password change.
    secrets.answer1 = `Pet${rand()}`;
    secrets.answer2 = `City${rand()}`;
    await setupSecurityQuestions(t.app, cookie, [secrets.answer1, secrets.answer2]);
    secrets.resetPassword = `Copper-Valley-${rand()}`;
    const reset = await call(t.app, null, 'POST', '/api/auth/reset-password', {
      emailOrBusinessName: owner.email,
      securityAnswer1: secrets.answer1,
      securityAnswer2: secrets.answer2,
      newPassword: secrets.resetPassword,
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const again = await call(t.app, null, 'POST', '/api/auth/login', {
      emailOrBusinessName: owner.email,
      password: secrets.resetPassword,
    });
    const cookie2 = cookieFrom(again);
    secrets.session2 = sidOf(cookie2);
    secrets.changedPassword = `Maple-Engine-${rand()}`;
    const change = await call(t.app, cookie2, 'PATCH', '/api/user/change-password', {
      currentPassword: secrets.resetPassword,
      newPassword: secrets.changedPassword,
    });
    expect(change.statusCode, change.body).toBe(200);

    // The shared operator password, an operator's sign-in with it and an operator update.
    secrets.shared = `Tractor-Green-${rand()}`;
    const settings = await call(t.app, cookie2, 'POST', '/api/company-settings', {
      masterPassword: secrets.shared,
    });
    expect(settings.statusCode, settings.body).toBe(200);
    const machine = await createEquipmentViaApi(t.app, cookie2);
    const op = await call(t.app, cookie2, 'POST', '/api/employees', {
      firstName: 'Lena',
      lastName: 'Ortiz',
    });
    const opLogin = await call(t.app, null, 'POST', '/api/employee/login', {
      operatorName: op.json<{ operatorUsername: string }>().operatorUsername,
      password: secrets.shared,
    });
    expect(opLogin.statusCode, opLogin.body).toBe(200);
    const opCookie = cookieFrom(opLogin);
    secrets.operatorSession = sidOf(opCookie);
    const update = await t.app.inject({
      method: 'POST',
      url: '/api/operator-updates',
      headers: { cookie: opCookie, 'idempotency-key': `key-${rand()}` },
      payload: { equipmentId: machine.id, fuelAdded: 12 },
    });
    expect(update.statusCode, update.body).toBe(201);

    // Secrets in addresses: the calendar feed's key (the path) and a digest unsubscribe link's
    // signature (the query string) are used, and then looked for in the log like the others.
    const feed = await call(t.app, cookie2, 'GET', '/api/company/calendar');
    expect(feed.statusCode, feed.body).toBe(200);
    const feedPath = new URL(feed.json<{ url: string }>().url).pathname;
    secrets.calendarKey = feedPath.slice('/api/calendar/'.length, -'.ics'.length);
    expect(await statusOf(t.app, null, 'GET', feedPath)).toBe(200);
    const ownerId = (await call(t.app, cookie2, 'GET', '/api/auth/user')).json<{ id: string }>().id;
    const link = new URL(unsubscribeUrl(t.deps, ownerId));
    secrets.unsubscribeSignature = link.searchParams.get('t') ?? '';
    const ask = await call(t.app, null, 'GET', `${link.pathname}${link.search}`);
    expect(ask.statusCode).toBe(200);

    // Authorization headers: a stray bearer token on an API call, the metrics token on /metrics.
    secrets.bearer = `bearer-${rand()}${rand()}`;
    const user = await t.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { cookie: cookie2, authorization: `Bearer ${secrets.bearer}` },
    });
    expect(user.statusCode).toBe(200);
    secrets.metricsToken = METRICS_TOKEN;
    const metrics = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(metrics.statusCode).toBe(200);

    // A database failure while looking a session up (a session not yet seen, so not cached): the
    // failed statement's parameter is the session id.
    const last = await call(t.app, null, 'POST', '/api/auth/login', {
      emailOrBusinessName: owner.email,
      password: secrets.changedPassword,
    });
    const lastCookie = cookieFrom(last);
    secrets.lastSession = sidOf(lastCookie);
    await t.database.close();
    const failed = await call(t.app, lastCookie, 'GET', '/api/auth/user');
    expect(failed.statusCode).toBe(500);
    expect(failed.body).not.toContain(secrets.lastSession);

    // Structured: every line is one JSON object; requests are logged with their route and status.
    const records = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(records.length).toBeGreaterThan(20);
    const completed = records.filter((r) => r.msg === 'request completed');
    expect(completed.some((r) => r.statusCode === 201)).toBe(true);
    // One line per request, naming the route; the feed's line names its pattern, not its key.
    expect(records.filter((r) => r.msg === 'incoming request')).toEqual([]);
    const feedLine = completed.find((r) => r.route === '/api/calendar/:file');
    expect(feedLine).toMatchObject({ method: 'GET', url: '/api/calendar/:file', statusCode: 200 });
    expect(typeof feedLine?.responseTime).toBe('number');
    expect(completed.some((r) => r.url === '/api/digest/unsubscribe')).toBe(true);
    const unhandled = records.find((r) => r.msg === 'unhandled error');
    expect(unhandled, 'the database failure is logged').toBeDefined();
    expect(JSON.stringify(unhandled)).toMatch(/Failed query: select .*from \\"session\\"/);

    const all = lines.join('\n');
    for (const [name, value] of Object.entries(secrets)) {
      expect(all.includes(value), `${name} appears in the logs`).toBe(false);
    }
  });
});
