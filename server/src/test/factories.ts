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

// ---- auth / profile (issue #2) ----

/** Saves two security questions ("first_pet" / "birth_city") with the given answers. */
export async function setupSecurityQuestions(app: FastifyInstance, cookie: string, answers: [string, string] = ['Rex', 'Springfield']) {
  const res = await call(app, cookie, 'POST', '/api/auth/setup-security-questions', {
    securityQuestion1: 'first_pet',
    securityAnswer1: answers[0],
    securityQuestion2: 'birth_city',
    securityAnswer2: answers[1],
  });
  if (res.statusCode !== 200) throw new Error(`setup security questions failed: ${res.statusCode} ${res.body}`);
}

/**
 * Adds a user of the given role to a company straight in the database (with a password for managers)
 * and returns a signed-in cookie for it, for permission tests before the operator/manager screens exist.
 */
export async function addCompanyUser(
  deps: { db: import('../db/client').Db },
  companyId: string,
  role: 'manager' | 'operator',
  password = DEFAULT_PASSWORD,
): Promise<{ cookie: string; userId: string; email: string | null }> {
  const { user, session } = await import('../db/schema/index');
  const { hashPassword } = await import('../lib/passwords');
  const { randomBytes } = await import('node:crypto');
  const tag = unique(role);
  const email = role === 'manager' ? `${tag}@example.com` : null;
  const [u] = await deps.db
    .insert(user)
    .values({
      companyId,
      role,
      email,
      firstName: role === 'operator' ? 'Maria' : 'Manny',
      lastName: 'Tester',
      operatorUsername: role === 'operator' ? tag : null,
      passwordHash: role === 'manager' ? await hashPassword(password) : null,
    })
    .returning();
  const sid = randomBytes(32).toString('base64url');
  await deps.db.insert(session).values({ sid, userId: u!.id, sess: { remember: false }, expire: new Date(Date.now() + 3_600_000) });
  return { cookie: `ems_sid=${sid}`, userId: u!.id, email };
}
