import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { MIN_PASSWORD } from '@domain/schemas/auth';
import { user } from '../../db/schema/index';
import type { Deps } from '../../deps';
import { hashPassword } from '../../lib/passwords';

/** Creates (or updates the password of) a platform admin. Used by the CLI and by ADMIN_EMAIL/ADMIN_PASSWORD. */
export async function upsertPlatformAdmin(
  deps: Deps,
  email: string,
  password: string,
): Promise<'created' | 'updated'> {
  if (!/^\S+@\S+\.\S+$/.test(email)) throw new Error('A valid --email is required');
  if (password.length < MIN_PASSWORD)
    throw new Error(`The password must be at least ${MIN_PASSWORD} characters`);
  const passwordHash = await hashPassword(password);
  const lower = email.trim().toLowerCase();
  const existing = await deps.db
    .select()
    .from(user)
    .where(sql`lower(${user.email}) = ${lower}`)
    .limit(1);
  if (existing[0]) {
    if (existing[0].role !== 'platform_admin')
      throw new Error('That email belongs to a business account');
    await deps.db
      .update(user)
      .set({ passwordHash, updatedAt: new Date() })
      .where(sql`${user.id} = ${existing[0].id}`);
    return 'updated';
  }
  await deps.db.insert(user).values({
    email: lower,
    passwordHash,
    role: 'platform_admin',
    companyId: null,
    firstName: 'Platform',
    lastName: 'Admin',
  });
  return 'created';
}

export async function ensureAdminFromEnv(deps: Deps, log: FastifyBaseLogger) {
  const { ADMIN_EMAIL, ADMIN_PASSWORD } = deps.config;
  if (!ADMIN_EMAIL || !ADMIN_PASSWORD) return;
  const result = await upsertPlatformAdmin(deps, ADMIN_EMAIL, ADMIN_PASSWORD);
  log.info({ email: ADMIN_EMAIL, result }, 'platform admin from environment');
}
