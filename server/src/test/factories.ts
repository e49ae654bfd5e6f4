import type { FastifyInstance } from 'fastify';
import type { CurrentUser } from '../../../domain/schemas/auth';
import { cookieFrom, unique } from './helpers';

export const DEFAULT_PASSWORD = 'Harvest-Moon-42';

export type SignedIn = { cookie: string; user: CurrentUser; companyId: string; email: string; businessName: string; password: string };

/** Signs up a new owner (a new company on trial) and returns its session cookie. */
export async function signupOwner(app: FastifyInstance, overrides: Partial<{ businessName: string; email: string; password: string }> = {}): Promise<SignedIn> {
  const businessName = overrides.businessName ?? unique('Acme ');
  const email = overrides.email ?? `${unique('owner')}@example.com`;
  const password = overrides.password ?? DEFAULT_PASSWORD;
  const res = await app.inject({ method: 'POST', url: '/api/auth/signup', payload: { businessName, email, password } });
  if (res.statusCode !== 201) throw new Error(`signup failed: ${res.statusCode} ${res.body}`);
  const user = res.json<CurrentUser>();
  return { cookie: cookieFrom(res), user, companyId: user.companyId!, email, businessName, password };
}

/** inject() with a session cookie and a JSON body. */
export function call(app: FastifyInstance, cookie: string | null, method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
  return app.inject({
    method,
    url,
    headers: cookie ? { cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

/** (equipment) A company user of any role with a live session, written straight to the database. */
export async function sessionForRole(db: import('../db/client').Db, companyId: string, role: 'manager' | 'operator', firstName = 'Test'): Promise<{ cookie: string; userId: string }> {
  const { randomBytes } = await import('node:crypto');
  const { session, user } = await import('../db/schema/index');
  const [u] = await db
    .insert(user)
    .values({ companyId, role, firstName, lastName: role, email: role === 'manager' ? `${unique('mgr')}@example.com` : null, operatorUsername: role === 'operator' ? unique(firstName) : null })
    .returning();
  if (!u) throw new Error('user insert failed');
  const sid = randomBytes(32).toString('base64url');
  await db.insert(session).values({ sid, userId: u.id, sess: { remember: false }, expire: new Date(Date.now() + 3_600_000) });
  return { cookie: `ems_sid=${sid}`, userId: u.id };
}

/** (equipment) Adds a machine through the API; returns the created record. */
export async function createEquipmentViaApi(app: FastifyInstance, cookie: string, overrides: Record<string, unknown> = {}) {
  const res = await call(app, cookie, 'POST', '/api/equipment', { name: unique('Loader '), type: 'machinery', unit: 'hours', currentUsage: 100, serviceInterval: 250, ...overrides });
  if (res.statusCode !== 201) throw new Error(`create equipment failed: ${res.statusCode} ${res.body}`);
  return res.json<import('../../../domain/schemas/equipment').EquipmentDto>();
}
