import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { authThrottle } from '../db/schema/index';
import { AppError } from './errors';

/**
 * Rate limits for sign-in and recovery, kept in the database so every app server shares them.
 * A key (an account or an address) that fails too often in a window is blocked for a while: never for good.
 */
export type ThrottlePolicy = { maxFailures: number; windowMs: number; blockMs: number };

export const ACCOUNT_POLICY: ThrottlePolicy = {
  maxFailures: 5,
  windowMs: 15 * 60_000,
  blockMs: 15 * 60_000,
};
export const ADDRESS_POLICY: ThrottlePolicy = {
  maxFailures: 30,
  windowMs: 15 * 60_000,
  blockMs: 15 * 60_000,
};

export type ThrottleKey = { key: string; policy: ThrottlePolicy };

export const accountKey = (scope: string, id: string): ThrottleKey => ({
  key: `acct:${scope}:${id.trim().toLowerCase()}`,
  policy: ACCOUNT_POLICY,
});
export const addressKey = (scope: string, ip: string): ThrottleKey => ({
  key: `ip:${scope}:${ip}`,
  policy: ADDRESS_POLICY,
});

export async function assertNotThrottled(db: Db, keys: ThrottleKey[], now: Date): Promise<void> {
  const rows = await db
    .select()
    .from(authThrottle)
    .where(
      inArray(
        authThrottle.key,
        keys.map((k) => k.key),
      ),
    );
  const blocked = rows.filter((r) => r.blockedUntil && r.blockedUntil > now);
  if (blocked.length === 0) return;
  const until = Math.max(...blocked.map((r) => r.blockedUntil!.getTime()));
  const minutes = Math.max(1, Math.ceil((until - now.getTime()) / 60_000));
  throw new AppError('rate_limited', 'common.tooManyAttempts', {
    params: { count: minutes },
    headers: { 'retry-after': String(Math.ceil((until - now.getTime()) / 1000)) },
  });
}

export async function recordFailure(db: Db, keys: ThrottleKey[], now: Date): Promise<void> {
  for (const { key, policy } of keys) {
    const windowStartCutoff = new Date(now.getTime() - policy.windowMs);
    // One statement per key: start a new window when the old one has passed, count atomically.
    await db
      .insert(authThrottle)
      .values({ key, failures: 1, windowStart: now })
      .onConflictDoUpdate({
        target: authThrottle.key,
        set: {
          failures: sql`case when ${authThrottle.windowStart} < ${windowStartCutoff.toISOString()}::timestamptz then 1 else ${authThrottle.failures} + 1 end`,
          windowStart: sql`case when ${authThrottle.windowStart} < ${windowStartCutoff.toISOString()}::timestamptz then ${now.toISOString()}::timestamptz else ${authThrottle.windowStart} end`,
        },
      });
    await db
      .update(authThrottle)
      .set({
        blockedUntil: new Date(now.getTime() + policy.blockMs),
        failures: 0,
        windowStart: now,
      })
      .where(
        sql`${authThrottle.key} = ${key} and ${authThrottle.failures} >= ${policy.maxFailures}`,
      );
  }
}

/** A successful sign-in clears the account's failures (not the address's). */
export async function clearFailures(db: Db, key: ThrottleKey): Promise<void> {
  await db.delete(authThrottle).where(eq(authThrottle.key, key.key));
}
