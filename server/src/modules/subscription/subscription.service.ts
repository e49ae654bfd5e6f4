/** The subscription page's calls: its view, and plan changes, pause, reactivation and cancellation. */
import { type Tier } from '@domain/plans';
import type { SubscriptionView } from '@domain/schemas/subscription';
import * as sm from '@domain/subscription';
import type { Deps } from '../../deps';
import { storageOf } from '../documents/index';
import type { CompanyContext } from '../../plugins/session';
import { type BillingProvider } from './billing-provider';
import {
  refreshCompany,
  saveState,
  equipmentCount,
  iso,
  refusalMessage,
  transition,
} from './state';
export { listAccounts } from './accounts.service';
export {
  createBillingProvider,
  getLocalCheckout,
  handleWebhook,
  payLocalCheckout,
  startCheckout,
  type WebhookResult,
} from './checkout.service';

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
    storage: await storageOf(deps.db, ctx.companyId, state.tier),
    overLimit: state.equipmentLimit !== -1 && n > state.equipmentLimit,
    entitled: ent.entitled,
    reason: ent.reason,
    ...refusalMessage(ent.entitled ? null : sm.notEntitledMessage(ent.reason, state.pauseEndDate)),
    canManage: ctx.role === 'owner',
    ...actions,
    provider: provider.kind,
  };
}

/** What one change asks: the state machine's step, and what a Stripe subscription is told after it. */
type Change = {
  step: (state: sm.SubscriptionState, now: Date) => sm.SubscriptionState;
  tellStripe: (
    provider: BillingProvider,
    subscriptionId: string,
    next: sm.SubscriptionState,
    before: sm.SubscriptionState,
  ) => Promise<void>;
};

/**
 * A change of the subscription, from the change its arguments ask for: the company's state brought up
 * to date, the step taken (a refused one is a conflict), the payment provider told when the company
 * pays through Stripe, and the new state saved.
 */
function subscriptionChange<A extends unknown[]>(change: (...args: A) => Change) {
  return async (deps: Deps, provider: BillingProvider, ctx: CompanyContext, ...args: A) => {
    const { step, tellStripe } = change(...args);
    const now = deps.now();
    const { row, state } = await refreshCompany(deps.db, ctx.companyId, now);
    const next = transition(() => step(state, now));
    if (row.paymentSubscriptionId && provider.kind === 'stripe')
      await tellStripe(provider, row.paymentSubscriptionId, next, state);
    await saveState(deps.db, ctx.companyId, next, now);
  };
}

export const changePlan = subscriptionChange((tier: Tier) => ({
  step: (state, now) => sm.changeTier(state, tier, now),
  tellStripe: (provider, id, next) =>
    provider.changeTier(id, tier, next.billingInterval ?? 'month'),
}));

export const pauseSubscription = subscriptionChange((months: number) => ({
  step: (state, now) => sm.pause(state, months, now),
  tellStripe: async (provider, id, next) => {
    if (next.pauseEndDate) await provider.pause(id, next.pauseEndDate);
  },
}));

export const reactivateSubscription = subscriptionChange(() => ({
  step: sm.reactivate,
  tellStripe: (provider, id) => provider.resume(id),
}));

/** Canceling a trial tells Stripe nothing. */
export const cancelSubscription = subscriptionChange(() => ({
  step: sm.cancel,
  tellStripe: async (provider, id, next, before) => {
    if (before.status === 'trial') return;
    if (next.status === 'canceled') await provider.cancelNow(id);
    else await provider.cancelAtPeriodEnd(id);
  },
}));
