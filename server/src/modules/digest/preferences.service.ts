/** Who gets the digest and how often, and the signed unsubscribe link of its emails. */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { DigestPreferences, UpdateDigestPreferences } from '@domain/schemas/digest';
import { user } from '../../db/schema/index';
import { publicUrlOf } from '../../config';
import type { Deps } from '../../deps';
import { notFound } from '../../lib/errors';
import { mailLanguageOf, type MailLanguage } from './digest-text';

type Frequency = 'daily' | 'weekly' | 'off';

/** Owners get the digest unless they turn it off; managers when they turn it on (issue 14). */
export const effectiveFrequency = (role: string, stored: string | null): Frequency =>
  stored === 'daily' || stored === 'weekly' || stored === 'off'
    ? stored
    : role === 'owner'
      ? 'daily'
      : 'off';

export const FREQUENCY_SQL = sql`coalesce(${user.digestFrequency}, case when ${user.role} = 'owner' then 'daily' else 'off' end)`;

export async function preferences(deps: Deps, userId: string): Promise<DigestPreferences> {
  const [u] = await deps.db
    .select({
      role: user.role,
      email: user.email,
      language: user.language,
      frequency: user.digestFrequency,
      weekday: user.digestWeekday,
      monthlySummary: user.monthlySummary,
    })
    .from(user)
    .where(eq(user.id, userId));
  if (!u) throw notFound();
  return {
    frequency: effectiveFrequency(u.role, u.frequency),
    weekday: u.weekday,
    language: u.language === 'en' || u.language === 'es' ? u.language : null,
    email: u.email ?? '',
    hour: deps.config.DIGEST_HOUR,
    monthlySummary: u.monthlySummary,
  };
}

export async function updatePreferences(
  deps: Deps,
  userId: string,
  input: UpdateDigestPreferences,
): Promise<DigestPreferences> {
  await deps.db
    .update(user)
    .set({
      digestFrequency: input.frequency,
      digestWeekday: input.weekday,
      language: input.language,
      ...(input.monthlySummary !== undefined ? { monthlySummary: input.monthlySummary } : {}),
      updatedAt: deps.now(),
    })
    .where(eq(user.id, userId));
  return preferences(deps, userId);
}

// ---------------------------------------------------------------------------------------------
// Unsubscribe: a link that works without signing in, signed with the app's secret.

/** The two emails a link may stop: the digest, or the monthly fleet summary (issue 45). */
export type MailList = 'digest' | 'monthly';

const signature = (secret: string, userId: string, list: MailList) =>
  createHmac('sha256', secret)
    .update(list === 'digest' ? `digest-unsubscribe:${userId}` : `${list}-unsubscribe:${userId}`)
    .digest('base64url');

export const unsubscribeToken = (deps: Deps, userId: string, list: MailList = 'digest') =>
  signature(deps.config.APP_SECRET, userId, list);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The user a link is for, when its signature is right. */
export async function unsubscribeTarget(
  deps: Deps,
  userId: string,
  token: string,
  list: MailList = 'digest',
): Promise<{ id: string; email: string; language: MailLanguage } | null> {
  if (!UUID.test(userId)) return null;
  const want = Buffer.from(unsubscribeToken(deps, userId, list));
  const got = Buffer.from(token);
  if (want.length !== got.length || !timingSafeEqual(want, got)) return null;
  // A public link: the user is found across companies (system scope), only after its signature checks.
  const [u] = await deps.systemDb
    .select({ id: user.id, email: user.email, language: user.language })
    .from(user)
    .where(eq(user.id, userId));
  if (!u) return null;
  return { id: u.id, email: u.email ?? '', language: mailLanguageOf(u.language) };
}

export async function unsubscribe(
  deps: Deps,
  userId: string,
  list: MailList = 'digest',
): Promise<void> {
  await deps.systemDb
    .update(user)
    .set({
      ...(list === 'digest' ? { digestFrequency: 'off' } : { monthlySummary: false }),
      updatedAt: deps.now(),
    })
    .where(eq(user.id, userId));
}

// ---------------------------------------------------------------------------------------------
// The digest run (a job: lib/job-queue.ts; docs/decisions/digest-and-outbox.md).

export const appUrl = (deps: Deps) => publicUrlOf(deps.config);

export const unsubscribeUrl = (deps: Deps, userId: string, list: MailList = 'digest') =>
  `${appUrl(deps)}/api/digest/unsubscribe?u=${userId}&t=${unsubscribeToken(deps, userId, list)}${list === 'digest' ? '' : `&list=${list}`}`;
