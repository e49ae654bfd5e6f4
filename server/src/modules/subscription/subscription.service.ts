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
