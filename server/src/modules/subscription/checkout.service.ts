/** Paying: the billing provider, checkout (Stripe or the local provider) and the provider's webhooks. */
import { and, eq, gt } from 'drizzle-orm';
import { PLANS, type BillingInterval, type Tier } from '@domain/plans';
import type { LocalCheckoutView } from '@domain/schemas/subscription';
import * as sm from '@domain/subscription';
import type { Db } from '../../db/client';
import { billingEvent, company, user } from '../../db/schema/index';
import type { Deps } from '../../deps';
import { AppError } from '../../lib/errors';
import type { CompanyContext } from '../../plugins/session';
import {
  LocalBillingProvider,
  type BillingProvider,
  type ProviderSubscription,
} from './billing-provider';
import { StripeBillingProvider } from './stripe-provider';
import { stateOf, columnsOf, refreshCompany, transition } from './state';

export function createBillingProvider(deps: Deps): BillingProvider {
  const { STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, APP_SECRET } = deps.config;
  return STRIPE_SECRET_KEY
    ? new StripeBillingProvider(STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET)
    : new LocalBillingProvider(APP_SECRET);
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
