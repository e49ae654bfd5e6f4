import { and, count, desc, eq, gt, ilike, isNull, or, sql } from 'drizzle-orm';
import {
  billingIntervalSchema,
  PLANS,
  tierSchema,
  type BillingInterval,
  type Tier,
} from '@domain/plans';
import type {
  AdminAccountsPage,
  AdminAccountsQuery,
  LocalCheckoutView,
  SubscriptionView,
} from '@domain/schemas/subscription';
import * as sm from '@domain/subscription';
import type { Db } from '../../db/client';
import { billingEvent, company, equipment, user } from '../../db/schema/index';
import type { Deps } from '../../deps';
import { messageText } from '@domain/messages/catalogue';
import { AppError } from '../../lib/errors';
import type { CompanyContext } from '../../plugins/session';
import {
  LocalBillingProvider,
  type BillingProvider,
  type ProviderSubscription,
} from './billing-provider';
import { StripeBillingProvider } from './stripe-provider';

type CompanyRow = typeof company.$inferSelect;

export function createBillingProvider(deps: Deps): BillingProvider {
  const { STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, APP_SECRET } = deps.config;
  return STRIPE_SECRET_KEY
    ? new StripeBillingProvider(STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET)
    : new LocalBillingProvider(APP_SECRET);
}

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

const columnsOf = (s: sm.SubscriptionState, now: Date) => ({
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

async function equipmentCount(db: Db, companyId: string): Promise<number> {
  const r = await db
    .select({ n: count() })
    .from(equipment)
    .where(and(eq(equipment.companyId, companyId), isNull(equipment.retiredAt)));
  return Number(r[0]?.n ?? 0);
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export async function getView(
  deps: Deps,
  provider: BillingProvider,
  ctx: CompanyContext,
): Promise<SubscriptionView> {
  const now = deps.now();
  const { row, state } = await refreshCompany(deps.db, ctx.companyId, now);
  const n = await equipmentCount(deps.db, ctx.companyId);
  const ent = sm.entitlement(state, now);
  const actions = sm.availableActions(state, now);
  return {
    status: state.status,
    tier: state.tier,
    equipmentLimit: state.equipmentLimit,
    billingInterval: state.billingInterval,
    trialStartDate: iso(row.trialStartDate),
    trialEndDate: iso(state.trialEndDate),
    subscriptionEndDate: iso(state.subscriptionEndDate),
    pauseEndDate: iso(state.pauseEndDate),
    cancelAtPeriodEnd: state.cancelAtPeriodEnd,
    trialDaysLeft: state.status === 'trial' ? sm.trialDaysLeft(state.trialEndDate, now) : 0,
    equipmentCount: n,
    overLimit: state.equipmentLimit !== -1 && n > state.equipmentLimit,
    entitled: ent.entitled,
    reason: ent.reason,
    ...refusalMessage(ent.entitled ? null : sm.notEntitledMessage(ent.reason, state.pauseEndDate)),
    canManage: ctx.role === 'owner',
    ...actions,
    provider: provider.kind,
  };
}

/** The DTO's message fields of a refusal (English text, key and parameters). */
function refusalMessage(m: ReturnType<typeof sm.notEntitledMessage>) {
  if (!m) return { message: null, messageKey: null, messageParams: null };
  const key = `subscription.${m.name}` as const;
  return { message: messageText(key, m.params), messageKey: key, messageParams: m.params ?? null };
}

/** Runs a state-machine transition, turning a refusal into a 409 with its message. */
function transition<T>(fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    if (err instanceof sm.SubscriptionRefusal)
      throw new AppError('conflict', `subscription.${err.messageName}`);
    throw err;
  }
}

export async function startCheckout(
  deps: Deps,
  provider: BillingProvider,
  ctx: CompanyContext,
  input: { tier: Tier; billingInterval: BillingInterval },
  baseUrl: string,
): Promise<{ url: string }> {
  const now = deps.now();
  const { row, state } = await refreshCompany(deps.db, ctx.companyId, now);
  transition(() => sm.checkout(state, input.tier, input.billingInterval, now));
  const owner = (
    await deps.db.select({ email: user.email }).from(user).where(eq(user.id, ctx.userId)).limit(1)
  )[0];
  return provider.createCheckout({
    companyId: ctx.companyId,
    businessName: row.name,
    email: owner?.email ?? null,
    customerId: row.paymentCustomerId,
    tier: input.tier,
    interval: input.billingInterval,
    successUrl: `${baseUrl}/subscription?success=true`,
    cancelUrl: `${baseUrl}/subscription?canceled=true`,
    now,
  });
}

function localProvider(provider: BillingProvider): LocalBillingProvider {
  if (!(provider instanceof LocalBillingProvider))
    throw new AppError('not_found', 'common.notFound');
  return provider;
}

function readLocalSession(
  provider: BillingProvider,
  ctx: CompanyContext,
  sessionId: string,
  now: Date,
) {
  const local = localProvider(provider);
  const s = local.readSession(sessionId, now);
  // Another company's session, a forged or an expired one: not found (never its content).
  if (!s || s.companyId !== ctx.companyId)
    throw new AppError('not_found', 'subscription.checkoutExpired');
  return { local, s };
}

export async function getLocalCheckout(
  deps: Deps,
  provider: BillingProvider,
  ctx: CompanyContext,
  sessionId: string,
): Promise<LocalCheckoutView> {
  const { s } = readLocalSession(provider, ctx, sessionId, deps.now());
  return {
    sessionId,
    businessName: ctx.company.name,
    tier: s.tier,
    billingInterval: s.interval,
    amountCents:
      s.interval === 'month' ? PLANS[s.tier].monthlyCents : PLANS[s.tier].yearlyPerMonthCents * 12,
  };
}

/** Local "Pay": builds a signed event and hands it to the same handler as the webhook. */
export async function payLocalCheckout(
  deps: Deps,
  provider: BillingProvider,
  ctx: CompanyContext,
  sessionId: string,
) {
  const now = deps.now();
  const { local, s } = readLocalSession(provider, ctx, sessionId, now);
  const { row, state } = await refreshCompany(deps.db, ctx.companyId, now);
  const eventId = local.eventIdFor(sessionId);
  const already = await deps.db
    .select({ id: billingEvent.id })
    .from(billingEvent)
    .where(eq(billingEvent.id, eventId))
    .limit(1);
  if (already[0]) return { ok: true as const, duplicate: true };
  const next = transition(() => sm.checkout(state, s.tier, s.interval, now));
  const { body, signature } = local.sign(
    {
      id: eventId,
      type: 'checkout.session.completed',
      created: now.toISOString(),
      snapshot: {
        id: row.paymentSubscriptionId ?? local.newSubscriptionId(),
        customerId:
          row.paymentCustomerId ?? `cus_local_${ctx.companyId.replace(/-/g, '').slice(0, 16)}`,
        companyId: ctx.companyId,
        status: 'active',
        tier: s.tier,
        interval: s.interval,
        currentPeriodEnd: (next.subscriptionEndDate ?? now).toISOString(),
        cancelAtPeriodEnd: false,
        pauseResumesAt: null,
      },
    },
    now,
  );
  const result = await handleWebhook(deps, provider, Buffer.from(body), signature);
  return { ok: true as const, duplicate: result === 'duplicate' };
}

export type WebhookResult = 'applied' | 'duplicate' | 'stale' | 'ignored';

/**
 * The one event-handling path (Stripe's webhook and the local provider's Pay): verifies the
 * signature on the raw body, ignores an event id already handled, re-reads the subscription from
 * the provider (or, for the local provider, applies the event's snapshot unless a newer event was
 * already applied), and writes the company's state, all in one transaction.
 */
export async function handleWebhook(
  deps: Deps,
  provider: BillingProvider,
  rawBody: Buffer,
  signature: string | undefined,
): Promise<WebhookResult> {
  const now = deps.now();
  const event = provider.verifyEvent(rawBody, signature, now);
  const db = deps.db;
  const seen = await db
    .select({ id: billingEvent.id })
    .from(billingEvent)
    .where(eq(billingEvent.id, event.id))
    .limit(1);
  if (seen[0]) return 'duplicate';

  let sub: ProviderSubscription | null = null;
  let reread = false;
  if (event.subscriptionId) {
    sub = await provider.retrieveSubscription(event.subscriptionId);
    reread = sub !== null;
  }
  sub ??= event.snapshot;
  const claimed =
    sub?.companyId ?? event.companyId ?? (sub ? await companyBySubscription(db, sub.id) : null);
  const companyId = claimed && (await companyExists(db, claimed)) ? claimed : null;

  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(billingEvent)
      .values({ id: event.id, companyId, type: event.type, createdAt: event.created })
      .onConflictDoNothing()
      .returning({ id: billingEvent.id });
    if (!inserted[0]) return 'duplicate';
    if (!sub || !companyId || sub.status === 'incomplete') return 'ignored';
    if (!reread) {
      // Out of order: an event older than one already applied for this company changes nothing.
      const newer = await tx
        .select({ id: billingEvent.id })
        .from(billingEvent)
        .where(
          and(eq(billingEvent.companyId, companyId), gt(billingEvent.createdAt, event.created)),
        )
        .limit(1);
      if (newer[0]) return 'stale';
    }
    const rows = await tx
      .select()
      .from(company)
      .where(eq(company.id, companyId))
      .for('update')
      .limit(1);
    const row = rows[0];
    if (!row) return 'ignored';
    const state = stateFromProvider(stateOf(row), sub);
    await tx
      .update(company)
      .set({
        ...columnsOf(state, now),
        paymentCustomerId: sub.customerId ?? row.paymentCustomerId,
        paymentSubscriptionId: sub.id,
      })
      .where(eq(company.id, companyId));
    return 'applied';
  });
}

async function companyExists(db: Db, id: string) {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return false;
  return (
    (await db.select({ id: company.id }).from(company).where(eq(company.id, id)).limit(1)).length >
    0
  );
}

async function companyBySubscription(db: Db, subscriptionId: string): Promise<string | null> {
  const r = await db
    .select({ id: company.id })
    .from(company)
    .where(eq(company.paymentSubscriptionId, subscriptionId))
    .limit(1);
  return r[0]?.id ?? null;
}

/** The company's state as the provider's subscription says it is. */
export function stateFromProvider(
  prev: sm.SubscriptionState,
  sub: ProviderSubscription,
): sm.SubscriptionState {
  const base: sm.SubscriptionState = {
    ...prev,
    tier: sub.tier,
    equipmentLimit: PLANS[sub.tier].equipmentLimit,
    billingInterval: sub.interval,
    subscriptionEndDate: sub.currentPeriodEnd,
    cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
    pauseEndDate: null,
  };
  switch (sub.status) {
    case 'paused':
      return {
        ...base,
        status: 'paused',
        pauseEndDate: sub.pauseResumesAt,
        cancelAtPeriodEnd: false,
      };
    case 'canceled':
      return { ...base, status: 'canceled', cancelAtPeriodEnd: false };
    case 'expired':
      return { ...base, status: 'expired' };
    default:
      return { ...base, status: 'active' };
  }
}

async function saveState(db: Db, companyId: string, state: sm.SubscriptionState, now: Date) {
  await db.update(company).set(columnsOf(state, now)).where(eq(company.id, companyId));
}

export async function changePlan(
  deps: Deps,
  provider: BillingProvider,
  ctx: CompanyContext,
  tier: Tier,
) {
  const now = deps.now();
  const { row, state } = await refreshCompany(deps.db, ctx.companyId, now);
  const next = transition(() => sm.changeTier(state, tier, now));
  if (row.paymentSubscriptionId && provider.kind === 'stripe') {
    await provider.changeTier(row.paymentSubscriptionId, tier, next.billingInterval ?? 'month');
  }
  await saveState(deps.db, ctx.companyId, next, now);
}

export async function pauseSubscription(
  deps: Deps,
  provider: BillingProvider,
  ctx: CompanyContext,
  months: number,
) {
  const now = deps.now();
  const { row, state } = await refreshCompany(deps.db, ctx.companyId, now);
  const next = transition(() => sm.pause(state, months, now));
  if (row.paymentSubscriptionId && provider.kind === 'stripe' && next.pauseEndDate) {
    await provider.pause(row.paymentSubscriptionId, next.pauseEndDate);
  }
  await saveState(deps.db, ctx.companyId, next, now);
}

export async function reactivateSubscription(
  deps: Deps,
  provider: BillingProvider,
  ctx: CompanyContext,
) {
  const now = deps.now();
  const { row, state } = await refreshCompany(deps.db, ctx.companyId, now);
  const next = transition(() => sm.reactivate(state, now));
  if (row.paymentSubscriptionId && provider.kind === 'stripe')
    await provider.resume(row.paymentSubscriptionId);
  await saveState(deps.db, ctx.companyId, next, now);
}

export async function cancelSubscription(
  deps: Deps,
  provider: BillingProvider,
  ctx: CompanyContext,
) {
  const now = deps.now();
  const { row, state } = await refreshCompany(deps.db, ctx.companyId, now);
  const next = transition(() => sm.cancel(state, now));
  if (row.paymentSubscriptionId && provider.kind === 'stripe' && state.status !== 'trial') {
    if (next.status === 'canceled') await provider.cancelNow(row.paymentSubscriptionId);
    else await provider.cancelAtPeriodEnd(row.paymentSubscriptionId);
  }
  await saveState(deps.db, ctx.companyId, next, now);
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Every business account for the platform admin: never any password or secret. */
export async function listAccounts(deps: Deps, q: AdminAccountsQuery): Promise<AdminAccountsPage> {
  const now = deps.now();
  const owner = deps.db
    .select({
      companyId: user.companyId,
      email: sql<string | null>`min(${user.email})`.as('email'),
    })
    .from(user)
    .where(eq(user.role, 'owner'))
    .groupBy(user.companyId)
    .as('owner');
  const where = q.search
    ? or(
        ilike(company.name, `%${escapeLike(q.search)}%`),
        ilike(owner.email, `%${escapeLike(q.search)}%`),
      )
    : undefined;
  const [totalRow] = await deps.db
    .select({ n: count() })
    .from(company)
    .leftJoin(owner, eq(owner.companyId, company.id))
    .where(where);
  const rows = await deps.db
    .select({
      id: company.id,
      name: company.name,
      email: owner.email,
      ...subscriptionColumns,
      createdAt: company.createdAt,
    })
    .from(company)
    .leftJoin(owner, eq(owner.companyId, company.id))
    .where(where)
    .orderBy(desc(company.createdAt), company.id)
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  return {
    items: rows.map((r) => {
      const s = sm.advance(stateOf(r), now);
      const expiry =
        s.status === 'paused'
          ? s.pauseEndDate
          : s.status === 'trial' || s.billingInterval === null
            ? s.trialEndDate
            : s.subscriptionEndDate;
      return {
        id: r.id,
        businessName: r.name,
        email: r.email,
        tier: s.tier,
        status: s.status,
        equipmentLimit: s.equipmentLimit,
        expiry: iso(expiry),
        createdAt: r.createdAt.toISOString(),
      };
    }),
    total: Number(totalRow?.n ?? 0),
    page: q.page,
    pageSize: q.pageSize,
  };
}
