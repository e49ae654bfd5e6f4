import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { CurrentUser } from '@domain/schemas/auth';
import { templateDtoSchema } from '@domain/schemas/inspections';
import { equipment } from '../db/schema/index';
import type { Db } from '../db/client';
import { cookieFrom, unique } from './helpers';

export const DEFAULT_PASSWORD = 'Harvest-Moon-42';

/** The fields of a machine in the operator's picker (equipment options, the field machine list), sorted. */
export const PICKER_FIELDS = [
  'currentUsage',
  'fuelType',
  'id',
  'name',
  'outOfService',
  'serialNumber',
  'type',
  'unit',
];

/** A photo's bytes as the API takes them (base64): the start of a JPEG, enough for its type check. */
export const JPEG = Buffer.from([
  0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1,
]).toString('base64');

export type SignedIn = {
  cookie: string;
  user: CurrentUser;
  companyId: string;
  email: string;
  businessName: string;
  password: string;
};

/** Signs up a new owner (a new company on trial) and returns its session cookie. */
export async function signupOwner(
  app: FastifyInstance,
  overrides: Partial<{ businessName: string; email: string; password: string }> = {},
): Promise<SignedIn> {
  const businessName = overrides.businessName ?? unique('Acme ');
  const email = overrides.email ?? `${unique('owner')}@example.com`;
  const password = overrides.password ?? DEFAULT_PASSWORD;
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: { businessName, email, password },
  });
  if (res.statusCode !== 201) throw new Error(`signup failed: ${res.statusCode} ${res.body}`);
  const user = res.json<CurrentUser>();
  return {
    cookie: cookieFrom(res),
    user,
    companyId: user.companyId!,
    email,
    businessName,
    password,
  };
}

/**
 * Signs an owner or manager in again: a new session, valid from the app's clock (for tests that move
 * the clock past the expiry of the session they started with). Returns the session cookie.
 */
export async function signInAgain(
  app: FastifyInstance,
  who: { email: string; password: string },
  rememberMe = false,
): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { emailOrBusinessName: who.email, password: who.password, rememberMe },
  });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  return cookieFrom(res);
}

/** The status a sign-in with this email (or business name) and password answers. */
export async function signInStatus(
  app: FastifyInstance,
  emailOrBusinessName: string,
  password: string,
): Promise<number> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { emailOrBusinessName, password },
  });
  return res.statusCode;
}

/**
 * After a password change or reset: the sessions in `sessions` answer GET /api/auth/user with the status
 * given (kept 200, ended 401), the old password (who.password) signs in no more and `newPassword` does.
 */
export async function expectNewPassword(
  app: FastifyInstance,
  who: { email: string; password: string },
  newPassword: string,
  sessions: [cookie: string, status: 200 | 401][],
) {
  for (const [cookie, status] of sessions)
    expect(await statusOf(app, cookie, 'GET', '/api/auth/user')).toBe(status);
  expect(await signInStatus(app, who.email, who.password)).toBe(401);
  expect(await signInStatus(app, who.email, newPassword)).toBe(200);
}

/** inject() with a session cookie and a JSON body. */
export function call(
  app: FastifyInstance,
  cookie: string | null,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
) {
  return app.inject({
    method,
    url,
    headers: cookie ? { cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

/** The status code of call()'s answer, for `expect(await statusOf(...)).toBe(n)`. */
export async function statusOf(
  app: FastifyInstance,
  cookie: string | null,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
): Promise<number> {
  return (await call(app, cookie, method, url, payload)).statusCode;
}

/**
 * call() that must succeed: a 2xx, or exactly `status` when given. Returns the parsed body (undefined
 * when the answer has none).
 */
export async function callOk<T>(
  app: FastifyInstance,
  cookie: string | null,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
  status?: number,
): Promise<T> {
  const res = await call(app, cookie, method, url, payload);
  if (status === undefined)
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  else expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
  return (res.body ? res.json<T>() : undefined) as T;
}

/**
 * (operator readings) A manager's word on an operator's update, POST /api/operator-updates/<id>/<action>:
 * approve or reject a held reading.
 */
export function reviewUpdate(
  app: FastifyInstance,
  cookie: string,
  id: string,
  action: 'approve' | 'reject',
) {
  return call(app, cookie, 'POST', `/api/operator-updates/${id}/${action}`);
}

/** (equipment) Voids an entry of a machine's history with the reason given, as `cookie`. */
export function voidHistoryEntry(
  app: FastifyInstance,
  cookie: string,
  equipmentId: string,
  entryId: string,
  reason: string,
) {
  return call(app, cookie, 'POST', `/api/equipment/${equipmentId}/history/${entryId}/void`, {
    reason,
  });
}

/** (equipment) Adds a machine through the API; returns the created record. */
export async function createEquipmentViaApi(
  app: FastifyInstance,
  cookie: string,
  overrides: Record<string, unknown> = {},
) {
  const res = await call(app, cookie, 'POST', '/api/equipment', {
    name: unique('Loader '),
    type: 'machinery',
    unit: 'hours',
    currentUsage: 100,
    serviceInterval: 250,
    ...overrides,
  });
  if (res.statusCode !== 201)
    throw new Error(`create equipment failed: ${res.statusCode} ${res.body}`);
  return res.json<import('@domain/schemas/equipment').EquipmentDto>();
}

/**
 * (equipment) A machine inserted straight into the company's table, for tests of other modules (no API,
 * no ledger, no version raise): machinery in hours at 100 h unless `values` says otherwise.
 */
export async function insertMachine(
  t: { deps: { systemDb: Db } },
  companyId: string,
  values: Partial<typeof equipment.$inferInsert> = {},
) {
  const [row] = await t.deps.systemDb
    .insert(equipment)
    .values({
      companyId,
      name: unique('Loader '),
      type: 'machinery',
      unit: 'hours',
      currentUsage: 100,
      ...values,
    })
    .returning();
  return row!;
}

type UserRole = 'owner' | 'manager' | 'operator' | 'technician' | 'platform_admin';

/**
 * The one factory for a user of any role signed in directly (a user row with a password for
 * owners/managers/admins and a live session row): for permission tests without sign-in screens.
 */
export async function addSignedInUser(
  db: import('../db/client').Db,
  role: UserRole,
  companyId: string | null,
  /** now: the app's clock (t.deps.now()) when a test has moved it; the session lasts an hour from then. */
  opts: { firstName?: string; password?: string; now?: Date } = {},
): Promise<{ cookie: string; userId: string; email: string | null }> {
  const { randomBytes } = await import('node:crypto');
  const { session, user } = await import('../db/schema/index');
  const { hashPassword } = await import('../lib/passwords');
  const tag = unique(opts.firstName ?? role);
  const email =
    role === 'operator' ? null : `${tag.toLowerCase().replace(/[^a-z0-9]/g, '')}@example.com`;
  const [u] = await db
    .insert(user)
    .values({
      companyId,
      role,
      email,
      operatorUsername: role === 'operator' ? tag : null,
      firstName: opts.firstName ?? role,
      lastName: 'Test',
      passwordHash:
        role === 'operator' ? null : await hashPassword(opts.password ?? DEFAULT_PASSWORD),
    })
    .returning({ id: user.id });
  if (!u) throw new Error('user insert failed');
  const sid = randomBytes(32).toString('base64url');
  await db.insert(session).values({
    sid,
    userId: u.id,
    sess: { remember: false },
    expire: new Date((opts.now ?? new Date()).getTime() + 3_600_000),
  });
  return { cookie: `ems_sid=${sid}`, userId: u.id, email };
}

/** (equipment tests) A manager or operator of a company with a live session. */
export const sessionForRole = (
  db: import('../db/client').Db,
  companyId: string,
  role: 'manager' | 'operator' | 'technician',
  firstName = 'Test',
) => addSignedInUser(db, role, companyId, { firstName });

/** (auth tests) A manager (with a password) or operator of a company with a live session. */
export const addCompanyUser = (
  deps: { systemDb: import('../db/client').Db },
  companyId: string,
  role: 'manager' | 'operator',
  password = DEFAULT_PASSWORD,
) =>
  addSignedInUser(deps.systemDb, role, companyId, {
    password,
    firstName: role === 'operator' ? 'Maria' : 'Manny',
  });

// ---- auth / profile (issue #2) ----

/** Saves two security questions ("first_pet" / "birth_city") with the given answers. */
export async function setupSecurityQuestions(
  app: FastifyInstance,
  cookie: string,
  answers: [string, string] = ['Rex', 'Springfield'],
) {
  const res = await call(app, cookie, 'POST', '/api/auth/setup-security-questions', {
    securityQuestion1: 'first_pet',
    securityAnswer1: answers[0],
    securityQuestion2: 'birth_city',
    securityAnswer2: answers[1],
  });
  if (res.statusCode !== 200)
    throw new Error(`setup security questions failed: ${res.statusCode} ${res.body}`);
}

/**
 * (field, inspections) Sets the company's shared operator password, adds an operator and signs them
 * in through the operator login; returns the operator's session cookie.
 */
export async function signInOperatorViaApi(
  app: FastifyInstance,
  owner: SignedIn,
  shared = 'Tractor-Blue-77',
): Promise<string> {
  const set = await call(app, owner.cookie, 'POST', '/api/company-settings', {
    masterPassword: shared,
  });
  if (set.statusCode !== 200) throw new Error(`settings failed: ${set.statusCode} ${set.body}`);
  const op = await call(app, owner.cookie, 'POST', '/api/employees', {
    firstName: 'Ana',
    lastName: 'Ruiz',
  });
  if (op.statusCode !== 201) throw new Error(`operator failed: ${op.statusCode} ${op.body}`);
  const { operatorUsername } = op.json<{ operatorUsername: string }>();
  const res = await call(app, null, 'POST', '/api/employee/login', {
    operatorName: operatorUsername,
    password: shared,
  });
  if (res.statusCode !== 200)
    throw new Error(`operator login failed: ${res.statusCode} ${res.body}`);
  return cookieFrom(res);
}

/**
 * (inspections) Where an operator's inspection starts: an operator of the owner's company signed in
 * (signInOperatorViaApi), a truck (a vehicle in miles, at 1,000 unless `truckFields` says otherwise)
 * and the "Daily truck check" every vehicle takes, with `items`. Returns the operator's cookie, the
 * truck and the check's id.
 */
export async function operatorWithTruckCheck(
  app: FastifyInstance,
  owner: SignedIn,
  items: object[],
  truckFields: Record<string, unknown> = { currentUsage: 1000 },
) {
  const op = await signInOperatorViaApi(app, owner);
  const truck = await createEquipmentViaApi(app, owner.cookie, {
    type: 'vehicle',
    unit: 'miles',
    ...truckFields,
  });
  const tpl = await call(app, owner.cookie, 'POST', '/api/inspection-templates', {
    name: 'Daily truck check',
    equipmentTypes: ['vehicle'],
    daily: true,
    items,
  });
  expect(tpl.statusCode, tpl.body).toBe(201);
  return { op, truck, templateId: templateDtoSchema.parse(tpl.json()).id };
}

/** Mónica, a manager of the company who reads the daily digest in Spanish: the digest tests' second reader. */
export async function spanishDigestManager(
  t: { app: FastifyInstance; deps: { systemDb: import('../db/client').Db } },
  companyId: string,
) {
  const m = await addSignedInUser(t.deps.systemDb, 'manager', companyId, { firstName: 'Mónica' });
  await call(t.app, m.cookie, 'PUT', '/api/user/digest', {
    frequency: 'daily',
    weekday: 1,
    language: 'es',
  });
  return m;
}
