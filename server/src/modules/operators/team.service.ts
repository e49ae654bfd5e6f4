import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  companySettingsDto,
  employeeDto,
  usernameBase,
  type CompanySettingsDto,
  type CompanySettingsInput,
  type EmployeeDto,
  type EmployeeInput,
  type ManagerInput,
  type ResetUserPasswordInput,
} from '@domain/schemas/operators';
import type { Db } from '../../db/client';
import { company, user } from '../../db/schema/index';
import type { Deps } from '../../deps';
import { AppError, isUniqueViolation, notFound } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import type { CompanyContext } from '../../plugins/session';
import { endAllSessionsOf } from '../../plugins/session';
import { assertStrongPassword } from '../auth/index';
import { renameCompany } from '../profile/index';

type UserRow = typeof user.$inferSelect;

/** The hidden per-company user behind "business name + shared password" operator sessions. */
export const SHARED_OPERATOR_AUTH_TYPE = 'company_shared';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toEmployeeDto(u: UserRow): EmployeeDto {
  return employeeDto.parse({ ...u, createdAt: u.createdAt.toISOString() });
}

// ---- Company settings --------------------------------------------------------------------------

export async function getCompanySettings(
  deps: Deps,
  ctx: CompanyContext,
): Promise<CompanySettingsDto> {
  const rows = await deps.db.select().from(company).where(eq(company.id, ctx.companyId)).limit(1);
  const c = rows[0];
  if (!c) throw notFound();
  let masterPassword: string | null = null;
  if (c.operatorPasswordEnc) {
    try {
      masterPassword = deps.secretBox.decrypt(c.operatorPasswordEnc);
    } catch {
      masterPassword = null; // encrypted with another APP_SECRET: treat as not set
    }
  }
  return companySettingsDto.parse({
    id: c.id,
    companyName: c.name,
    timeZone: c.timeZone,
    masterPassword,
    hasMasterPassword: masterPassword !== null,
    subscriptionTier: c.subscriptionTier,
    subscriptionStatus: c.subscriptionStatus,
    equipmentLimit: c.equipmentLimit,
    trialStartDate: iso(c.trialStartDate),
    trialEndDate: iso(c.trialEndDate),
    subscriptionEndDate: iso(c.subscriptionEndDate),
    pauseEndDate: iso(c.pauseEndDate),
    cancelAtPeriodEnd: c.cancelAtPeriodEnd,
    billingInterval: c.billingInterval,
  });
}

/**
 * The shared operator password, the company name and/or its time zone, in one transaction (never one without the
 * other). The name goes through the profile module's renameCompany, the one rename rule.
 */
export async function updateCompanySettings(
  deps: Deps,
  ctx: CompanyContext,
  input: CompanySettingsInput,
): Promise<CompanySettingsDto> {
  if (input.masterPassword !== undefined)
    assertStrongPassword(input.masterPassword, 'masterPassword');
  const { masterPassword, companyName, timeZone } = input;
  await deps.db.transaction(async (tx) => {
    if (companyName !== undefined) await renameCompany(tx, ctx.companyId, companyName, deps.now());
    if (timeZone !== undefined) {
      await tx
        .update(company)
        .set({ timeZone, updatedAt: deps.now() })
        .where(eq(company.id, ctx.companyId));
      // The dashboard's cached overview is keyed by the company's "today" (decisions/0010): a new zone
      // with another date simply misses it.
    }
    if (masterPassword !== undefined) {
      await tx
        .update(company)
        .set({ operatorPasswordEnc: deps.secretBox.encrypt(masterPassword), updatedAt: deps.now() })
        .where(eq(company.id, ctx.companyId));
    }
  });
  return getCompanySettings(deps, ctx);
}

// ---- Operators ---------------------------------------------------------------------------------

export async function listOperators(db: Db, ctx: CompanyContext): Promise<EmployeeDto[]> {
  const rows = await db
    .select()
    .from(user)
    .where(
      and(
        eq(user.companyId, ctx.companyId),
        inArray(user.role, ['operator', 'employee']),
        sql`${user.authType} <> ${SHARED_OPERATOR_AUTH_TYPE}`,
      ),
    )
    .orderBy(asc(user.createdAt))
    .limit(1000);
  return rows.map(toEmployeeDto);
}

/** Picks the first free username base, base2, base3... (case-insensitive, across the whole service). */
async function nextFreeUsername(db: Db, base: string): Promise<string> {
  const rows = await db
    .select({ u: user.operatorUsername })
    .from(user)
    .where(sql`lower(${user.operatorUsername}) ~ ${`^${base.toLowerCase()}[0-9]*$`}`);
  const taken = new Set(rows.map((r) => (r.u ?? '').toLowerCase()));
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? base : `${base}${n}`;
    if (!taken.has(candidate.toLowerCase())) return candidate;
  }
}

export async function createOperator(
  deps: Deps,
  ctx: CompanyContext,
  input: EmployeeInput,
): Promise<EmployeeDto> {
  const base = usernameBase(input.firstName);
  // Two concurrent creations may pick the same name: the unique index refuses one, which tries again.
  for (let attempt = 0; attempt < 8; attempt++) {
    // Usernames are unique across the whole service: looked up across companies (row-level security).
    const username = await nextFreeUsername(deps.systemDb, base);
    try {
      const [u] = await deps.db
        .insert(user)
        .values({
          companyId: ctx.companyId,
          role: 'operator',
          firstName: input.firstName,
          lastName: input.lastName,
          operatorUsername: username,
          passwordHash: null,
          managerId: ctx.userId,
        })
        .returning();
      return toEmployeeDto(u!);
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
    }
  }
  throw new AppError('conflict', 'operators.usernameUnavailable');
}

async function findCompanyUser(
  db: Db,
  ctx: CompanyContext,
  id: string,
  roles: string[],
): Promise<UserRow> {
  const rows = await db
    .select()
    .from(user)
    .where(and(eq(user.id, id), eq(user.companyId, ctx.companyId), inArray(user.role, roles)))
    .limit(1);
  const u = rows[0];
  if (!u || u.authType === SHARED_OPERATOR_AUTH_TYPE) throw notFound('operators.operatorNotFound');
  return u;
}

/** Edits the names only: the username never changes after creation. */
export async function updateOperator(
  deps: Deps,
  ctx: CompanyContext,
  id: string,
  input: EmployeeInput,
): Promise<EmployeeDto> {
  await findCompanyUser(deps.db, ctx, id, ['operator', 'employee']);
  const [u] = await deps.db
    .update(user)
    .set({ firstName: input.firstName, lastName: input.lastName, updatedAt: deps.now() })
    .where(and(eq(user.id, id), eq(user.companyId, ctx.companyId)))
    .returning();
  return toEmployeeDto(u!);
}

export async function removeOperator(deps: Deps, ctx: CompanyContext, id: string): Promise<void> {
  await findCompanyUser(deps.db, ctx, id, ['operator', 'employee']);
  await endAllSessionsOf(deps.db, id);
  await deps.db.delete(user).where(and(eq(user.id, id), eq(user.companyId, ctx.companyId)));
}

// ---- Managers ----------------------------------------------------------------------------------

export async function listManagers(
  db: Db,
  ctx: CompanyContext,
  role: 'manager' | 'technician' = 'manager',
): Promise<EmployeeDto[]> {
  const rows = await db
    .select()
    .from(user)
    .where(and(eq(user.companyId, ctx.companyId), eq(user.role, role)))
    .orderBy(asc(user.createdAt))
    .limit(500);
  return rows.map(toEmployeeDto);
}

/** A manager, or (issue 27) a technician: added the same way, with an email and a password. */
export async function createManager(
  deps: Deps,
  ctx: CompanyContext,
  input: ManagerInput,
  role: 'manager' | 'technician' = 'manager',
): Promise<EmployeeDto> {
  assertStrongPassword(input.password);
  const email = input.email.toLowerCase();
  // E-mail addresses are unique across the whole service: looked up across companies (row-level security).
  const taken = await deps.systemDb
    .select({ id: user.id })
    .from(user)
    .where(sql`lower(${user.email}) = ${email}`)
    .limit(1);
  const conflict = () =>
    new AppError('conflict', 'operators.emailTaken', {
      fieldErrors: { email: 'operators.emailTaken' },
    });
  if (taken.length > 0) throw conflict();
  const passwordHash = await hashPassword(input.password);
  try {
    const [u] = await deps.db
      .insert(user)
      .values({
        companyId: ctx.companyId,
        role,
        email,
        firstName: input.firstName,
        lastName: input.lastName,
        passwordHash,
        managerId: ctx.userId,
      })
      .returning();
    return toEmployeeDto(u!);
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict();
    throw err;
  }
}

export async function removeManager(
  deps: Deps,
  ctx: CompanyContext,
  id: string,
  role: 'manager' | 'technician' = 'manager',
): Promise<void> {
  await findCompanyUser(deps.db, ctx, id, [role]);
  await endAllSessionsOf(deps.db, id);
  await deps.db.delete(user).where(and(eq(user.id, id), eq(user.companyId, ctx.companyId)));
}

// ---- Password reset by an owner or manager --------------------------------------------------------

/**
 * Owners reset managers' passwords; managers reset other managers'. Nobody resets the owner's here
 * (the owner uses Change Password or the security questions), nor their own.
 * Operators have no password of their own: they sign in with the company's shared operator
 * password, so a reset for an operator is refused with a message that says where to change it.
 */
export async function resetUserPassword(
  deps: Deps,
  ctx: CompanyContext,
  input: ResetUserPasswordInput,
): Promise<void> {
  if (!UUID_RE.test(input.targetUserId)) throw notFound('operators.userNotFound');
  const rows = await deps.db
    .select()
    .from(user)
    .where(and(eq(user.id, input.targetUserId), eq(user.companyId, ctx.companyId)))
    .limit(1);
  const target = rows[0];
  if (!target) throw notFound('operators.userNotFound');
  if (target.id === ctx.userId) {
    throw new AppError('validation', 'operators.ownPassword');
  }
  if (target.role === 'operator' || target.role === 'employee') {
    throw new AppError('validation', 'operators.operatorPasswordShared');
  }
  if (target.role === 'owner') throw new AppError('forbidden', 'operators.ownerPasswordOwnerOnly');
  assertStrongPassword(input.newPassword, 'newPassword');
  const passwordHash = await hashPassword(input.newPassword);
  await deps.db
    .update(user)
    .set({ passwordHash, updatedAt: deps.now() })
    .where(eq(user.id, target.id));
  await endAllSessionsOf(deps.db, target.id);
}
