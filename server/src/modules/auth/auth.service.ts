import { eq, or, sql } from 'drizzle-orm';
import { currentUserSchema, type CurrentUser, type LoginInput, type SignupInput } from '../../../../domain/schemas/auth';
import type { Db } from '../../db/client';
import { company, user } from '../../db/schema/index';
import type { Deps } from '../../deps';
import { AppError } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { isCommonPassword } from '../../lib/common-passwords';
import {
  accountKey,
  addressKey,
  assertNotThrottled,
  clearFailures,
  recordFailure,
} from '../../lib/throttle';

export const COMMON_PASSWORD_MESSAGE = 'This password is too common. Please choose a less predictable one.';

export function assertStrongPassword(password: string, field = 'password') {
  if (isCommonPassword(password)) {
    throw new AppError('validation', COMMON_PASSWORD_MESSAGE, { [field]: COMMON_PASSWORD_MESSAGE });
  }
}

type UserRow = typeof user.$inferSelect;

export function toCurrentUser(u: UserRow, businessName: string | null): CurrentUser {
  return currentUserSchema.parse({
    ...u,
    businessName,
    hasSecurityQuestions: Boolean(u.securityAnswer1Hash && u.securityAnswer2Hash),
  });
}

export async function signup(deps: Deps, input: SignupInput): Promise<UserRow> {
  assertStrongPassword(input.password);
  const { db, now, config } = deps;
  const email = input.email.toLowerCase();
  const taken = await db
    .select({ email: user.email, name: company.name })
    .from(user)
    .leftJoin(company, eq(company.id, user.companyId))
    .where(or(sql`lower(${user.email}) = ${email}`, sql`lower(${company.name}) = lower(${input.businessName})`))
    .limit(5);
  if (taken.some((t) => t.email?.toLowerCase() === email)) {
    throw new AppError('conflict', 'An account with this email already exists.', { email: 'An account with this email already exists.' });
  }
  if (taken.length > 0 || (await businessNameTaken(db, input.businessName))) {
    throw new AppError('conflict', 'This business name is already registered.', {
      businessName: 'This business name is already registered.',
    });
  }
  const passwordHash = await hashPassword(input.password);
  const start = now();
  const trialEnd = new Date(start.getTime() + config.TRIAL_DAYS * 24 * 60 * 60 * 1000);
  try {
    return await db.transaction(async (tx) => {
      const [c] = await tx
        .insert(company)
        .values({
          name: input.businessName,
          subscriptionStatus: 'trial',
          subscriptionTier: 'basic',
          equipmentLimit: 15,
          trialStartDate: start,
          trialEndDate: trialEnd,
        })
        .returning();
      const [u] = await tx
        .insert(user)
        .values({ companyId: c!.id, email, passwordHash, role: 'owner' })
        .returning();
      return u!;
    });
  } catch (err) {
    // A concurrent signup took the name or email between the check and the insert.
    if (String((err as { code?: string; cause?: { code?: string } }).cause?.code ?? (err as { code?: string }).code) === '23505') {
      throw new AppError('conflict', 'An account with this email or business name already exists.');
    }
    throw err;
  }
}

async function businessNameTaken(db: Db, name: string) {
  const rows = await db.select({ id: company.id }).from(company).where(sql`lower(${company.name}) = lower(${name})`).limit(1);
  return rows.length > 0;
}

/** Finds an owner/manager/admin by email or business name (case-insensitive). */
export async function findAccount(db: Db, emailOrBusinessName: string): Promise<UserRow | null> {
  const key = emailOrBusinessName.trim().toLowerCase();
  const byEmail = await db.select().from(user).where(sql`lower(${user.email}) = ${key}`).limit(1);
  if (byEmail[0]) return byEmail[0];
  const byName = await db
    .select({ u: user })
    .from(user)
    .innerJoin(company, eq(company.id, user.companyId))
    .where(sql`lower(${company.name}) = ${key} and ${user.role} = 'owner'`)
    .limit(1);
  return byName[0]?.u ?? null;
}

export const INVALID_LOGIN = 'Invalid email/business name or password.';

export async function login(deps: Deps, input: LoginInput, ip: string): Promise<UserRow> {
  const { db, now } = deps;
  const keys = [accountKey('login', input.emailOrBusinessName), addressKey('login', ip)];
  await assertNotThrottled(db, keys, now());
  const account = await findAccount(db, input.emailOrBusinessName);
  const ok = await verifyPassword(account?.role === 'operator' ? null : account?.passwordHash, input.password);
  if (!account || !ok) {
    await recordFailure(db, keys, now());
    throw new AppError('unauthenticated', INVALID_LOGIN);
  }
  await clearFailures(db, keys[0]!);
  return account;
}

export async function businessNameOf(db: Db, companyId: string | null): Promise<string | null> {
  if (!companyId) return null;
  const rows = await db.select({ name: company.name }).from(company).where(eq(company.id, companyId)).limit(1);
  return rows[0]?.name ?? null;
}

export async function getUser(db: Db, userId: string): Promise<UserRow | null> {
  const rows = await db.select().from(user).where(eq(user.id, userId)).limit(1);
  return rows[0] ?? null;
}
