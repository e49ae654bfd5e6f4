import { timingSafeEqual, createHash } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { type OperatorLoginInput } from '../../../../domain/schemas/operators';
import { company, user } from '../../db/schema/index';
import type { Deps } from '../../deps';
import { AppError, isUniqueViolation } from '../../lib/errors';
import {
  accountKey,
  addressKey,
  assertNotThrottled,
  clearFailures,
  recordFailure,
} from '../../lib/throttle';
import { SHARED_OPERATOR_AUTH_TYPE } from './team.service';

type UserRow = typeof user.$inferSelect;
type CompanyRow = typeof company.$inferSelect;

/** Constant-time comparison of the typed password with the shared one (case-sensitive). */
function samePassword(a: string, b: string): boolean {
  const ha = createHash('sha256').update(a, 'utf8').digest();
  const hb = createHash('sha256').update(b, 'utf8').digest();
  return timingSafeEqual(ha, hb);
}

function sharedPasswordOf(deps: Deps, c: CompanyRow | null | undefined): string | null {
  if (!c?.operatorPasswordEnc) return null;
  try {
    return deps.secretBox.decrypt(c.operatorPasswordEnc);
  } catch {
    return null;
  }
}

/** The company's hidden operator-level user for "business name + shared password" sign-in. */
async function sharedOperatorOf(deps: Deps, c: CompanyRow): Promise<UserRow> {
  const find = () =>
    deps.db
      .select()
      .from(user)
      .where(and(eq(user.companyId, c.id), eq(user.authType, SHARED_OPERATOR_AUTH_TYPE)))
      .limit(1);
  const existing = (await find())[0];
  if (existing) return existing;
  try {
    const [u] = await deps.db
      .insert(user)
      .values({
        companyId: c.id,
        role: 'operator',
        authType: SHARED_OPERATOR_AUTH_TYPE,
        firstName: c.name,
        passwordHash: null,
      })
      .returning();
    return u!;
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    const again = (await find())[0];
    if (!again) throw err;
    return again;
  }
}

/**
 * Operator sign-in: username (case-insensitive) + the company's shared password (case-sensitive),
 * or business name + shared password (an operator-level session, never owner rights).
 * Rate limited per account name and per address.
 */
export async function operatorLogin(
  deps: Deps,
  input: OperatorLoginInput,
  ip: string,
): Promise<UserRow> {
  const { db, now } = deps;
  const keys = [accountKey('operator-login', input.operatorName), addressKey('operator-login', ip)];
  await assertNotThrottled(db, keys, now());
  const key = input.operatorName.trim().toLowerCase();

  let account: UserRow | null = null;
  const byUsername = await db
    .select({ u: user, c: company })
    .from(user)
    .innerJoin(company, eq(company.id, user.companyId))
    .where(
      and(
        sql`lower(${user.operatorUsername}) = ${key}`,
        inArray(user.role, ['operator', 'employee']),
      ),
    )
    .limit(1);
  const hit = byUsername[0];
  if (hit) {
    const shared = sharedPasswordOf(deps, hit.c);
    if (shared !== null && samePassword(input.password, shared)) account = hit.u;
  } else {
    const byName = await db
      .select()
      .from(company)
      .where(sql`lower(${company.name}) = ${key}`)
      .limit(1);
    const c = byName[0];
    const shared = sharedPasswordOf(deps, c);
    if (c && shared !== null && samePassword(input.password, shared))
      account = await sharedOperatorOf(deps, c);
  }
  if (!account) {
    await recordFailure(db, keys, now());
    throw new AppError('unauthenticated', 'operators.invalidLogin');
  }
  await clearFailures(db, keys[0]!);
  return account;
}
