/** A company's subscription state: read from its row, moved by time, saved, and refusals as 409s. */
import { and, count, eq, isNull } from 'drizzle-orm';
import { billingIntervalSchema, tierSchema } from '@domain/plans';
import * as sm from '@domain/subscription';
import type { Db } from '../../db/client';
import { company, equipment } from '../../db/schema/index';
import { messageText } from '@domain/messages/catalogue';
import { AppError } from '../../lib/errors';

export type CompanyRow = typeof company.$inferSelect;

/** The company columns `stateOf` reads, to select with other columns in one query. */
export const subscriptionColumns = {
  subscriptionStatus: company.subscriptionStatus,
  subscriptionTier: company.subscriptionTier,
  equipmentLimit: company.equipmentLimit,
  billingInterval: company.billingInterval,
  trialEndDate: company.trialEndDate,
  subscriptionEndDate: company.subscriptionEndDate,
  pauseEndDate: company.pauseEndDate,
  cancelAtPeriodEnd: company.cancelAtPeriodEnd,
};

export function stateOf(
  c: Pick<
    CompanyRow,
    | 'subscriptionStatus'
    | 'subscriptionTier'
    | 'equipmentLimit'
    | 'billingInterval'
    | 'trialEndDate'
    | 'subscriptionEndDate'
    | 'pauseEndDate'
    | 'cancelAtPeriodEnd'
  >,
): sm.SubscriptionState {
  const tier = tierSchema.safeParse(c.subscriptionTier);
  // No interval (trials) is the common case: a failed zod parse builds an error object (costly per request).
  const interval =
    c.billingInterval === null
      ? { success: false as const }
      : billingIntervalSchema.safeParse(c.billingInterval);
  return {
    status: sm.toSubscriptionStatus(c.subscriptionStatus),
    tier: tier.success ? tier.data : 'basic',
    equipmentLimit: c.equipmentLimit,
    billingInterval: interval.success ? interval.data : null,
    trialEndDate: c.trialEndDate,
    subscriptionEndDate: c.subscriptionEndDate,
    pauseEndDate: c.pauseEndDate,
    cancelAtPeriodEnd: c.cancelAtPeriodEnd,
  };
}

export const columnsOf = (s: sm.SubscriptionState, now: Date) => ({
  subscriptionStatus: s.status,
  subscriptionTier: s.tier,
  equipmentLimit: s.equipmentLimit,
  billingInterval: s.billingInterval,
  trialEndDate: s.trialEndDate,
  subscriptionEndDate: s.subscriptionEndDate,
  pauseEndDate: s.pauseEndDate,
  cancelAtPeriodEnd: s.cancelAtPeriodEnd,
  updatedAt: now,
});

/**
 * Reads the company and applies the transitions time alone causes (trial end, automatic
 * reactivation at pauseEndDate, end of a canceled period), writing them when due.
 */
export async function refreshCompany(
  db: Db,
  companyId: string,
  now: Date,
): Promise<{ row: CompanyRow; state: sm.SubscriptionState }> {
  const row = (await db.select().from(company).where(eq(company.id, companyId)).limit(1))[0];
  if (!row) throw new AppError('not_found', 'common.notFound');
  const before = stateOf(row);
  const state = sm.advance(before, now);
  if (state !== before) {
    // Guarded by the status read: a concurrent change wins over this time-based one.
    const updated = await db
      .update(company)
      .set(columnsOf(state, now))
      .where(and(eq(company.id, companyId), eq(company.subscriptionStatus, row.subscriptionStatus)))
      .returning();
    if (updated[0]) return { row: updated[0], state };
    return refreshCompany(db, companyId, now);
  }
  return { row, state };
}

export async function saveState(db: Db, companyId: string, state: sm.SubscriptionState, now: Date) {
  await db.update(company).set(columnsOf(state, now)).where(eq(company.id, companyId));
}

export async function equipmentCount(db: Db, companyId: string): Promise<number> {
  const r = await db
    .select({ n: count() })
    .from(equipment)
    .where(and(eq(equipment.companyId, companyId), isNull(equipment.retiredAt)));
  return Number(r[0]?.n ?? 0);
}

export const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The DTO's message fields of a refusal (English text, key and parameters). */
export function refusalMessage(m: ReturnType<typeof sm.notEntitledMessage>) {
  if (!m) return { message: null, messageKey: null, messageParams: null };
  const key = `subscription.${m.name}` as const;
  return { message: messageText(key, m.params), messageKey: key, messageParams: m.params ?? null };
}

/** Runs a state-machine transition, turning a refusal into a 409 with its message. */
export function transition<T>(fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    if (err instanceof sm.SubscriptionRefusal)
      throw new AppError('conflict', `subscription.${err.messageName}`);
    throw err;
  }
}
