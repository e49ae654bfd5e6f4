import { inArray, sql } from 'drizzle-orm';
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

/**
 * Failures of browsers without the account's device cookie, from every address together: a brake on
 * guessing spread over many addresses. Only such browsers are held by it; the owner's own browser
 * (device cookie) keeps its allowance (docs/decisions/sign-in-device-cookies.md).
 */
export const STRANGERS_POLICY: ThrottlePolicy = {
  maxFailures: 50,
  windowMs: 15 * 60_000,
  blockMs: 15 * 60_000,
};

/** `kept`: a successful sign-in leaves its count alone (an address's, or all strangers' of an account). */
export type ThrottleKey = { key: string; policy: ThrottlePolicy; kept?: true };

const norm = (id: string) => id.trim().toLowerCase();

export const accountKey = (scope: string, id: string): ThrottleKey => ({
  key: `acct:${scope}:${norm(id)}`,
  policy: ACCOUNT_POLICY,
});
/** One account tried from one address (a stranger's allowance for that account). */
export const accountAddressKey = (scope: string, id: string, ip: string): ThrottleKey => ({
  key: `acct:${scope}:${norm(id)}@${ip}`,
  policy: ACCOUNT_POLICY,
});
/** Every stranger's failures at one account, whatever the address. */
export const strangersKey = (scope: string, id: string): ThrottleKey => ({
  key: `strangers:${scope}:${norm(id)}`,
  policy: STRANGERS_POLICY,
  kept: true,
});
/** One browser that signed in to the account before (its device cookie's nonce): its own allowance. */
export const deviceKey = (scope: string, nonce: string): ThrottleKey => ({
  key: `dev:${scope}:${nonce}`,
  policy: ACCOUNT_POLICY,
});
export const addressKey = (scope: string, ip: string): ThrottleKey => ({
  key: `ip:${scope}:${ip}`,
  policy: ADDRESS_POLICY,
  kept: true,
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

/** A successful sign-in clears its keys' failures, except the `kept` ones (an address's, all strangers'). */
export async function clearFailures(db: Db, keys: ThrottleKey[]): Promise<void> {
  const cleared = keys.filter((k) => !k.kept).map((k) => k.key);
  if (cleared.length > 0) await db.delete(authThrottle).where(inArray(authThrottle.key, cleared));
}

/**
 * The keys one sign-in attempt is counted under (OWASP device cookies): a browser with the account's
 * valid device cookie only under its own device key; anyone else under the account from that address,
 * all strangers of the account together, and the address.
 */
export function signInKeys(
  scope: string,
  identifier: string,
  ip: string,
  opts: { subject?: string | null; device?: string | null } = {},
): ThrottleKey[] {
  if (opts.subject && opts.device) return [deviceKey(scope, opts.device)];
  return [
    accountAddressKey(scope, identifier, ip),
    addressKey(scope, ip),
    ...(opts.subject
      ? [accountAddressKey(scope, opts.subject, ip), strangersKey(scope, opts.subject)]
      : [strangersKey(scope, identifier)]),
  ];
}
