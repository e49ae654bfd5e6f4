import { timingSafeEqual, createHash } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { type OperatorLoginInput } from '@domain/schemas/operators';
import { company, user } from '../../db/schema/index';
import type { Deps } from '../../deps';
import { AppError, isUniqueViolation } from '../../lib/errors';
import type { DeviceCheck } from '../../lib/device-cookie';
import { assertNotThrottled, clearFailures, recordFailure, signInKeys } from '../../lib/throttle';
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
 * The subject of an operator's device cookie (lib/device-cookie.ts): the operator, or for "business
 * name + shared password" the company's shared operator login.
 */
export const operatorDeviceSubject = (who: { userId?: string; companyId?: string }) =>
  who.userId ? `user:${who.userId}` : `company:${who.companyId}`;

/**
 * Operator sign-in: username (case-insensitive) + the company's shared password (case-sensitive),
 * or business name + shared password (an operator-level session, never owner rights).
 * Rate limited like the owner's sign-in (lib/throttle.ts signInKeys): a phone that signed in to that
 * operator before (device cookie) keeps its own allowance; anyone else counts per account and address,
 * all strangers of the account together, and per address.
 */
export async function operatorLogin(
  deps: Deps,
  input: OperatorLoginInput,
  ip: string,
  device?: DeviceCheck,
): Promise<{ account: UserRow; subject: string }> {
  const { db, now } = deps;
  const key = input.operatorName.trim().toLowerCase();

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
  const byName = hit
    ? undefined
    : (
        await db
          .select()
          .from(company)
          .where(sql`lower(${company.name}) = ${key}`)
          .limit(1)
      )[0];
  const subject = hit
    ? operatorDeviceSubject({ userId: hit.u.id })
    : byName
      ? operatorDeviceSubject({ companyId: byName.id })
      : null;
  const keys = signInKeys('operator-login', input.operatorName, ip, {
    subject,
    device: subject && device ? device(subject) : null,
  });
  await assertNotThrottled(db, keys, now());

  let account: UserRow | null = null;
  if (hit) {
    const shared = sharedPasswordOf(deps, hit.c);
    if (shared !== null && samePassword(input.password, shared)) account = hit.u;
  } else {
    const shared = sharedPasswordOf(deps, byName);
    if (byName && shared !== null && samePassword(input.password, shared))
      account = await sharedOperatorOf(deps, byName);
  }
  if (!account || !subject) {
    await recordFailure(db, keys, now());
    throw new AppError('unauthenticated', 'operators.invalidLogin');
  }
  await clearFailures(db, keys);
  return { account, subject };
}
