import { asVolumeUnit } from '@domain/fuel';
import { createHmac, randomBytes } from 'node:crypto';
import { eq, or, sql } from 'drizzle-orm';
import {
  currentUserSchema,
  SECURITY_QUESTIONS,
  securityQuestionById,
  type CurrentUser,
  type ForgotPasswordResponse,
  type LoginInput,
  type ResetPasswordInput,
  type SetupSecurityQuestionsInput,
  type SignupInput,
} from '@domain/schemas/auth';
import type { Db } from '../../db/client';
import { company, session, user } from '../../db/schema/index';
import type { Deps } from '../../deps';
import type { AuthContext } from '../../plugins/session';
import { AppError, isUniqueViolation } from '../../lib/errors';
import { hashPassword, normaliseAnswer, verifyPassword } from '../../lib/passwords';
import { isCommonPassword } from '../../lib/common-passwords';
import type { DeviceCheck } from '../../lib/device-cookie';
import {
  addressKey,
  assertNotThrottled,
  clearFailures,
  recordFailure,
  signInKeys,
  type ThrottleKey,
} from '../../lib/throttle';

export function assertStrongPassword(password: string, field = 'password') {
  if (isCommonPassword(password)) {
    throw new AppError('validation', 'auth.commonPassword', {
      fieldErrors: { [field]: 'auth.commonPassword' },
    });
  }
}

type UserRow = typeof user.$inferSelect;

/**
 * GET /api/auth/user from the signed-in context alone (the session lookup read every field). Built field by
 * field (the same fields as currentUserSchema, nothing else: no hash can slip in), without a zod pass.
 */
export function currentUserOf(a: AuthContext): CurrentUser {
  return {
    id: a.userId,
    email: a.email,
    secondaryEmail: a.profile.secondaryEmail,
    firstName: a.firstName,
    lastName: a.lastName,
    profileImageUrl: a.profile.profileImageUrl,
    role: a.role,
    operatorUsername: a.operatorUsername,
    companyId: a.companyId,
    businessName: a.company?.name ?? null,
    timeZone: a.company?.timeZone ?? null,
    volumeUnit: a.company ? asVolumeUnit(a.company.volumeUnit) : null,
    hasSecurityQuestions: a.profile.hasSecurityQuestions,
    createdAt: a.profile.createdAt.toISOString(),
  };
}

export function toCurrentUser(
  u: UserRow,
  company: { name: string; timeZone: string; volumeUnit?: string } | null,
): CurrentUser {
  return currentUserSchema.parse({
    ...u,
    businessName: company?.name ?? null,
    timeZone: company?.timeZone ?? null,
    volumeUnit: company ? asVolumeUnit(company.volumeUnit) : null,
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
    .where(
      or(
        sql`lower(${user.email}) = ${email}`,
        sql`lower(${company.name}) = lower(${input.businessName})`,
      ),
    )
    .limit(5);
  if (taken.some((t) => t.email?.toLowerCase() === email)) {
    throw new AppError('conflict', 'auth.emailTaken', {
      fieldErrors: { email: 'auth.emailTaken' },
    });
  }
  if (taken.length > 0 || (await businessNameTaken(db, input.businessName))) {
    throw new AppError('conflict', 'auth.businessNameTaken', {
      fieldErrors: { businessName: 'auth.businessNameTaken' },
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
          timeZone: input.timeZone ?? 'UTC',
        })
        .returning();
      const [u] = await tx
        .insert(user)
        .values({
          companyId: c!.id,
          email,
          passwordHash,
          role: 'owner',
          language: input.language ?? null,
        })
        .returning();
      return u!;
    });
  } catch (err) {
    // A concurrent signup took the name or email between the check and the insert.
    if (isUniqueViolation(err)) {
      throw new AppError('conflict', 'auth.accountExists');
    }
    throw err;
  }
}

async function businessNameTaken(db: Db, name: string) {
  const rows = await db
    .select({ id: company.id })
    .from(company)
    .where(sql`lower(${company.name}) = lower(${name})`)
    .limit(1);
  return rows.length > 0;
}

/** Finds an owner/manager/admin by email or business name (case-insensitive). */
export async function findAccount(db: Db, emailOrBusinessName: string): Promise<UserRow | null> {
  const key = emailOrBusinessName.trim().toLowerCase();
  const byEmail = await db
    .select()
    .from(user)
    .where(sql`lower(${user.email}) = ${key}`)
    .limit(1);
  if (byEmail[0]) return byEmail[0];
  const byName = await db
    .select({ u: user })
    .from(user)
    .innerJoin(company, eq(company.id, user.companyId))
    .where(sql`lower(${company.name}) = ${key} and ${user.role} = 'owner'`)
    .limit(1);
  return byName[0]?.u ?? null;
}

/** The subject an owner's, manager's or admin's device cookie names (lib/device-cookie.ts). */
export const deviceSubject = (userId: string) => `user:${userId}`;

/**
 * Sign-in throttle keys (lib/throttle.ts signInKeys): a browser with the account's device cookie
 * counts against its own allowance; anyone else against the account from that address (by the
 * identifier typed and by the account, so both spellings share one counter), all strangers of the
 * account, and the address. Wrong security answers and wrong current passwords count here too.
 */
export const loginKeys = (
  identifier: string,
  ip: string,
  userId?: string,
  device?: DeviceCheck,
): ThrottleKey[] => {
  const subject = userId ? deviceSubject(userId) : null;
  return signInKeys('login', identifier, ip, {
    subject,
    device: subject && device ? device(subject) : null,
  });
};

/** An owner's, manager's or admin's sign-in (device: the request's device cookies). */
export async function login(
  deps: Deps,
  input: LoginInput,
  ip: string,
  device?: DeviceCheck,
): Promise<UserRow> {
  const { db, now } = deps;
  const account = await findAccount(db, input.emailOrBusinessName);
  const keys = loginKeys(input.emailOrBusinessName, ip, account?.id, device);
  await assertNotThrottled(db, keys, now());
  const ok = await verifyPassword(
    account?.role === 'operator' ? null : account?.passwordHash,
    input.password,
  );
  if (!account || !ok) {
    await recordFailure(db, keys, now());
    throw new AppError('unauthenticated', 'auth.invalidLogin');
  }
  await clearFailures(db, keys);
  return account;
}

// ---------------------------------------------------------------------------------------------
// Security questions, forgot and reset password
// ---------------------------------------------------------------------------------------------

export async function setupSecurityQuestions(
  db: Db,
  userId: string,
  input: SetupSecurityQuestionsInput,
  at: Date,
): Promise<void> {
  const [a1, a2] = await Promise.all([
    hashPassword(normaliseAnswer(input.securityAnswer1)),
    hashPassword(normaliseAnswer(input.securityAnswer2)),
  ]);
  await db
    .update(user)
    .set({
      securityQuestion1: input.securityQuestion1,
      securityAnswer1Hash: a1,
      securityQuestion2: input.securityQuestion2,
      securityAnswer2Hash: a2,
      updatedAt: at,
    })
    .where(eq(user.id, userId));
}

/** An owner/manager account whose security questions are set up, else null. */
async function recoverableAccount(db: Db, emailOrBusinessName: string): Promise<UserRow | null> {
  const account = await findAccount(db, emailOrBusinessName);
  if (!account || account.role === 'operator' || !account.passwordHash) return null;
  if (!account.securityAnswer1Hash || !account.securityAnswer2Hash) return null;
  if (
    !securityQuestionById(account.securityQuestion1) ||
    !securityQuestionById(account.securityQuestion2)
  )
    return null;
  return account;
}

/**
 * The two questions shown for an address that has no recoverable account (unknown, or without
 * questions): picked from the question list by a keyed hash of the normalised address (HMAC under the
 * app's secret), so the same address always gets the same two and nobody can tell them from an
 * account's real questions without the secret (no account enumeration, decisions.md).
 */
export function decoyQuestions(
  secret: string,
  emailOrBusinessName: string,
): ForgotPasswordResponse['questions'] {
  const digest = createHmac('sha256', secret)
    .update(`recovery-decoy:${emailOrBusinessName.trim().toLowerCase()}`)
    .digest();
  const n = SECURITY_QUESTIONS.length;
  const first = digest.readUInt32BE(0) % n;
  let second = digest.readUInt32BE(4) % (n - 1);
  if (second >= first) second += 1;
  const pick = (i: number) => {
    const q = SECURITY_QUESTIONS[i]!;
    return { id: q.id, en: q.en, es: q.es };
  };
  return { question1: pick(first), question2: pick(second) };
}

/** A hash no answer matches, so an unknown account's reset does the same Argon2 work as a known one's. */
let decoyHash: Promise<string> | null = null;
const decoyAnswerHash = () => (decoyHash ??= hashPassword(randomBytes(32).toString('base64url')));

/**
 * Step 1 of recovery: the account's two questions, or for an address without a recoverable account
 * the same kind of answer (decoy questions, 200), so the answer never tells whether an account exists.
 */
export async function forgotPassword(
  deps: Deps,
  emailOrBusinessName: string,
  ip: string,
): Promise<ForgotPasswordResponse> {
  const { db, now } = deps;
  const keys = [addressKey('forgot', ip)];
  await assertNotThrottled(db, [...keys, ...loginKeys(emailOrBusinessName, ip)], now());
  // Every look-up counts against the address, known account or not (the same work either way).
  await recordFailure(db, keys, now());
  const account = await recoverableAccount(db, emailOrBusinessName);
  if (!account) return { questions: decoyQuestions(deps.config.APP_SECRET, emailOrBusinessName) };
  return {
    questions: {
      question1: securityQuestionById(account.securityQuestion1)!,
      question2: securityQuestionById(account.securityQuestion2)!,
    },
  };
}

/** Checks both answers; a wrong answer counts as a failed sign-in. Success sets the password and ends every session. */
export async function resetPassword(
  deps: Deps,
  input: ResetPasswordInput,
  ip: string,
): Promise<UserRow> {
  const { db, now } = deps;
  const account = await recoverableAccount(db, input.emailOrBusinessName);
  const keys = loginKeys(input.emailOrBusinessName, ip, account?.id);
  await assertNotThrottled(db, keys, now());
  // An unknown account is answered like wrong answers, after the same hashing work (no enumeration).
  const decoy = account ? null : await decoyAnswerHash();
  const [ok1, ok2] = await Promise.all([
    verifyPassword(account?.securityAnswer1Hash ?? decoy, normaliseAnswer(input.securityAnswer1)),
    verifyPassword(account?.securityAnswer2Hash ?? decoy, normaliseAnswer(input.securityAnswer2)),
  ]);
  if (!account || !ok1 || !ok2) {
    await recordFailure(db, keys, now());
    throw new AppError('unauthenticated', 'auth.answersIncorrect');
  }
  assertStrongPassword(input.newPassword, 'newPassword');
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await tx.update(user).set({ passwordHash, updatedAt: now() }).where(eq(user.id, account.id));
    await tx.delete(session).where(eq(session.userId, account.id));
  });
  await clearFailures(db, keys);
  return account;
}

/** The company's name and time zone, for the current-user answer. */
export async function companyOf(
  db: Db,
  companyId: string | null,
): Promise<{ name: string; timeZone: string; volumeUnit: string } | null> {
  if (!companyId) return null;
  const rows = await db
    .select({ name: company.name, timeZone: company.timeZone, volumeUnit: company.volumeUnit })
    .from(company)
    .where(eq(company.id, companyId))
    .limit(1);
  return rows[0] ?? null;
}

export async function getUser(db: Db, userId: string): Promise<UserRow | null> {
  const rows = await db.select().from(user).where(eq(user.id, userId)).limit(1);
  return rows[0] ?? null;
}
