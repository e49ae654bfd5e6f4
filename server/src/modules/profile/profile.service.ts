import { and, eq, ne } from 'drizzle-orm';
import {
  companySettingsSchema,
  type ChangePasswordInput,
  type CompanyDetails,
  type CompanySettingsInput,
  type UpdateProfileInput,
} from '@domain/schemas/profile';
import type { Role } from '@domain/roles';
import type { Db, DbOrTx } from '../../db/client';
import { company, session, user } from '../../db/schema/index';
import type { Deps } from '../../deps';
import { AppError, isUniqueViolation, parse } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { assertNotThrottled, clearFailures, recordFailure } from '../../lib/throttle';
import { assertStrongPassword, getUser, loginKeys } from '../auth/index';

/** Personal details: first and last name, e-mail (unique, case-insensitive), secondary e-mail. */
export async function updateProfile(
  deps: Deps,
  userId: string,
  role: Role,
  input: UpdateProfileInput,
) {
  const { db, now } = deps;
  const email = input.email.toLowerCase();
  if (!email && role !== 'operator') {
    throw new AppError('validation', 'profile.email', { fieldErrors: { email: 'profile.email' } });
  }
  // The unique index on lower(email) decides (no check-then-write race).
  try {
    const [row] = await db
      .update(user)
      .set({
        firstName: input.firstName || null,
        lastName: input.lastName || null,
        email: email || null,
        secondaryEmail: input.secondaryEmail.toLowerCase() || null,
        updatedAt: now(),
      })
      .where(eq(user.id, userId))
      .returning();
    return row!;
  } catch (err) {
    if (isUniqueViolation(err))
      throw new AppError('conflict', 'profile.emailTaken', {
        fieldErrors: { email: 'profile.emailTaken' },
      });
    throw err;
  }
}

/**
 * Checks the current password (a wrong one counts as a failed sign-in), sets the new one and ends
 * every other session of the user; the current session stays signed in.
 */
export async function changePassword(
  deps: Deps,
  userId: string,
  currentSid: string,
  ip: string,
  input: ChangePasswordInput,
) {
  const { db, now } = deps;
  const u = await getUser(db, userId);
  if (!u) throw new AppError('unauthenticated', 'common.signIn');
  const keys = loginKeys(`user:${userId}`, ip, userId);
  await assertNotThrottled(db, keys, now());
  if (!(await verifyPassword(u.passwordHash, input.currentPassword))) {
    await recordFailure(db, keys, now());
    throw new AppError('validation', 'profile.currentPasswordIncorrect', {
      fieldErrors: { currentPassword: 'profile.currentPasswordIncorrect' },
    });
  }
  assertStrongPassword(input.newPassword, 'newPassword');
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await tx.update(user).set({ passwordHash, updatedAt: now() }).where(eq(user.id, userId));
    await tx.delete(session).where(and(eq(session.userId, userId), ne(session.sid, currentSid)));
  });
  await clearFailures(db, keys);
}

export async function companyDetails(db: Db, companyId: string): Promise<CompanyDetails> {
  const [c] = await db.select().from(company).where(eq(company.id, companyId)).limit(1);
  if (!c) throw new AppError('not_found', 'common.notFound');
  return {
    companyName: c.name,
    subscriptionTier: c.subscriptionTier,
    subscriptionStatus: c.subscriptionStatus,
    equipmentLimit: c.equipmentLimit,
    trialEndDate: c.trialEndDate ? c.trialEndDate.toISOString() : null,
    createdAt: c.createdAt.toISOString(),
  };
}

/**
 * The one way to rename a company, used by PATCH /api/company/settings (profile) and
 * POST /api/company-settings (operators, inside its transaction): the name is validated and trimmed
 * by the one schema, and the unique index on lower(name) decides whether another company has it
 * (no check-then-write race; changing only the case of one's own name is allowed).
 * Returns the stored name.
 */
export async function renameCompany(
  db: DbOrTx,
  companyId: string,
  companyName: unknown,
  at: Date,
): Promise<string> {
  const name = parse(companySettingsSchema, { companyName }).companyName;
  try {
    const rows = await db
      .update(company)
      .set({ name, updatedAt: at })
      .where(eq(company.id, companyId))
      .returning({ id: company.id });
    if (rows.length === 0) throw new AppError('not_found', 'common.notFound');
  } catch (err) {
    if (isUniqueViolation(err)) {
      throw new AppError('conflict', 'profile.businessNameTaken', {
        fieldErrors: { companyName: 'profile.businessNameTaken' },
      });
    }
    throw err;
  }
  return name;
}

/** PATCH /api/company/settings: renames the company and answers with its details. */
export async function updateCompanyName(
  deps: Deps,
  companyId: string,
  input: CompanySettingsInput,
): Promise<CompanyDetails> {
  await renameCompany(deps.db, companyId, input.companyName, deps.now());
  return companyDetails(deps.db, companyId);
}
