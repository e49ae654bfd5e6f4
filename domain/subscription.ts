import { addMonths, addYears } from 'date-fns';
import { subscriptionMessages } from './messages/subscription';
import { PAUSE_MONTHS, PLANS, type BillingInterval, type Tier } from './plans';

/**
 * The subscription state machine (spec section 4, decisions.md "Subscription"). Pure: every
 * function takes the time as an argument (the injectable clock), never reads it.
 *
 *   trial --checkout--> active --pause(3|6)--> paused --reactivate / pauseEndDate--> active
 *   trial --cancel--> canceled (access ends at once)      trial --trialEndDate--> expired
 *   active --cancel--> active + cancelAtPeriodEnd --subscriptionEndDate--> canceled
 *   expired | canceled --checkout--> active
 */
export const subscriptionStatuses = ['trial', 'active', 'paused', 'expired', 'canceled'] as const;
export type SubscriptionStatus = (typeof subscriptionStatuses)[number];

export type SubscriptionState = {
  status: SubscriptionStatus;
  tier: Tier;
  equipmentLimit: number;
  /** Null while the company has never paid (trial). */
  billingInterval: BillingInterval | null;
  trialEndDate: Date | null;
  /** End of the paid billing period. */
  subscriptionEndDate: Date | null;
  pauseEndDate: Date | null;
  cancelAtPeriodEnd: boolean;
};

export type PauseMonths = (typeof PAUSE_MONTHS)[number];

export type RefusalCode =
  | 'not_active'
  | 'on_trial'
  | 'not_paused'
  | 'already_active'
  | 'already_canceled'
  | 'nothing_to_cancel'
  | 'needs_checkout'
  | 'paused'
  | 'same_tier'
  | 'invalid_pause';

/** A transition that is not allowed in the current state. Its message (by key) is shown to the user. */
export class SubscriptionRefusal extends Error {
  constructor(
    public readonly code: RefusalCode,
    public readonly messageName: keyof typeof subscriptionMessages,
  ) {
    super(subscriptionMessages[messageName]);
  }
}

const DAY_MS = 86_400_000;

const asStatus = (s: string): SubscriptionStatus =>
  (subscriptionStatuses as readonly string[]).includes(s) ? (s as SubscriptionStatus) : 'expired';
export { asStatus as toSubscriptionStatus };

/** Whole days of trial left, rounded up, minimum 0. */
export function trialDaysLeft(trialEndDate: Date | null, now: Date): number {
  if (!trialEndDate) return 0;
  return Math.max(0, Math.ceil((trialEndDate.getTime() - now.getTime()) / DAY_MS));
}

export function periodEnd(from: Date, interval: BillingInterval): Date {
  return interval === 'year' ? addYears(from, 1) : addMonths(from, 1);
}

/**
 * Applies every transition that time alone causes: a trial past its end expires; a pause past
 * pauseEndDate becomes active again (billing resumes: a new period starts then); a paid plan
 * canceled at period end becomes canceled once the period is over; an active plan that renews moves
 * on to the period that holds `now`. Returns the same object when nothing changes.
 */
export function advance(s: SubscriptionState, now: Date): SubscriptionState {
  const t = now.getTime();
  if (s.status === 'trial' && (!s.trialEndDate || s.trialEndDate.getTime() <= t)) {
    return { ...s, status: 'expired' };
  }
  if (s.status === 'paused' && s.pauseEndDate && s.pauseEndDate.getTime() <= t) {
    const resumedAt = s.pauseEndDate;
    const active: SubscriptionState = {
      ...s,
      status: 'active',
      pauseEndDate: null,
      subscriptionEndDate: periodEnd(resumedAt, s.billingInterval ?? 'month'),
    };
    return advance(active, now);
  }
  if (
    s.status === 'active' &&
    s.cancelAtPeriodEnd &&
    s.subscriptionEndDate &&
    s.subscriptionEndDate.getTime() <= t
  ) {
    return { ...s, status: 'canceled', cancelAtPeriodEnd: false };
  }
  if (
    s.status === 'active' &&
    !s.cancelAtPeriodEnd &&
    s.billingInterval &&
    s.subscriptionEndDate &&
    s.subscriptionEndDate.getTime() <= t
  ) {
    // A plan that renews: the period that ended is followed by the next one (the renewal date shown is
    // always the end of the current period; Stripe's own events then set its exact date).
    let end = s.subscriptionEndDate;
    while (end.getTime() <= t) end = periodEnd(end, s.billingInterval);
    return { ...s, subscriptionEndDate: end };
  }
  return s;
}

/** True when the company has never paid (its access came from the trial only). */
const neverPaid = (s: SubscriptionState) => s.billingInterval === null;

/** Checkout paid: any state except an active, uncanceled plan or a pause becomes active on the tier. */
export function checkout(
  s0: SubscriptionState,
  tier: Tier,
  interval: BillingInterval,
  now: Date,
): SubscriptionState {
  const s = advance(s0, now);
  if (s.status === 'paused') {
    throw new SubscriptionRefusal('paused', 'pausedSubscribeInstead');
  }
  if (s.status === 'active' && !s.cancelAtPeriodEnd) {
    throw new SubscriptionRefusal('already_active', 'alreadyActive');
  }
  return {
    ...s,
    status: 'active',
    tier,
    equipmentLimit: PLANS[tier].equipmentLimit,
    billingInterval: interval,
    subscriptionEndDate: periodEnd(now, interval),
    pauseEndDate: null,
    cancelAtPeriodEnd: false,
  };
}

/** Changing the tier of a paid, active plan. A downgrade below the current equipment count is allowed. */
export function changeTier(s0: SubscriptionState, tier: Tier, now: Date): SubscriptionState {
  const s = advance(s0, now);
  if (s.status === 'trial' || s.status === 'expired' || s.status === 'canceled') {
    throw new SubscriptionRefusal('needs_checkout', 'needsCheckout');
  }
  if (s.status === 'paused') {
    throw new SubscriptionRefusal('paused', 'pausedChangePlan');
  }
  if (s.tier === tier) throw new SubscriptionRefusal('same_tier', 'sameTier');
  return { ...s, tier, equipmentLimit: PLANS[tier].equipmentLimit };
}

/** Pause for 3 or 6 months: only an active paid plan (not a trial, not already canceled). */
export function pause(s0: SubscriptionState, months: number, now: Date): SubscriptionState {
  const s = advance(s0, now);
  if (!(PAUSE_MONTHS as readonly number[]).includes(months)) {
    throw new SubscriptionRefusal('invalid_pause', 'pauseMonths');
  }
  if (s.status === 'trial') throw new SubscriptionRefusal('on_trial', 'trialCannotPause');
  if (s.status !== 'active') throw new SubscriptionRefusal('not_active', 'onlyActivePause');
  if (s.cancelAtPeriodEnd) {
    throw new SubscriptionRefusal('already_canceled', 'alreadyCanceled');
  }
  return { ...s, status: 'paused', pauseEndDate: addMonths(now, months) };
}

/** Reactivate a paused plan now: billing resumes and a new period starts. */
export function reactivate(s0: SubscriptionState, now: Date): SubscriptionState {
  const s = advance(s0, now);
  if (s.status !== 'paused') throw new SubscriptionRefusal('not_paused', 'onlyPausedReactivate');
  return {
    ...s,
    status: 'active',
    pauseEndDate: null,
    subscriptionEndDate: periodEnd(now, s.billingInterval ?? 'month'),
  };
}

/**
 * Cancel. During the trial access ends at once. On a paid active plan access continues to the end
 * of the billing period (then canceled). A paused plan is canceled at once (no access while paused).
 */
export function cancel(s0: SubscriptionState, now: Date): SubscriptionState {
  const s = advance(s0, now);
  if (s.status === 'trial') return { ...s, status: 'canceled', trialEndDate: now };
  if (s.status === 'paused')
    return {
      ...s,
      status: 'canceled',
      pauseEndDate: null,
      subscriptionEndDate: now,
      cancelAtPeriodEnd: false,
    };
  if (s.status === 'active') {
    if (s.cancelAtPeriodEnd) {
      throw new SubscriptionRefusal('already_canceled', 'alreadyCanceled');
    }
    return { ...s, cancelAtPeriodEnd: true };
  }
  throw new SubscriptionRefusal('nothing_to_cancel', 'nothingToCancel');
}

export type EntitlementReason =
  'trial' | 'active' | 'trial_ended' | 'canceled' | 'expired' | 'paused';
export type Entitlement = {
  entitled: boolean;
  reason: EntitlementReason;
  status: SubscriptionStatus;
};

/** May the company add or change data now? (Reading, exporting and billing are always allowed.) */
export function entitlement(s0: SubscriptionState, now: Date): Entitlement {
  const s = advance(s0, now);
  switch (s.status) {
    case 'trial':
      return { entitled: true, reason: 'trial', status: s.status };
    case 'active':
      return { entitled: true, reason: 'active', status: s.status };
    case 'paused':
      return { entitled: false, reason: 'paused', status: s.status };
    case 'canceled':
      return { entitled: false, reason: 'canceled', status: s.status };
    case 'expired':
      return {
        entitled: false,
        reason: neverPaid(s) ? 'trial_ended' : 'expired',
        status: s.status,
      };
  }
}

/** The message of a refused write (why, and what to do): its name in the subscription catalogue and parameters. */
export function notEntitledMessage(
  reason: EntitlementReason,
  pauseEndDate: Date | null,
): { name: keyof typeof subscriptionMessages; params?: { date: string } } | null {
  switch (reason) {
    case 'trial_ended':
      return { name: 'trialEnded' };
    case 'canceled':
      return { name: 'canceled' };
    case 'paused':
      return pauseEndDate
        ? { name: 'pausedUntil', params: { date: pauseEndDate.toISOString().slice(0, 10) } }
        : { name: 'paused' };
    case 'expired':
      return { name: 'expired' };
    case 'trial':
    case 'active':
      return null;
  }
}

/** What the owner may do now (the page shows only these actions). */
export function availableActions(s0: SubscriptionState, now: Date) {
  const s = advance(s0, now);
  const paidActive = s.status === 'active' && !s.cancelAtPeriodEnd;
  return {
    canCheckout:
      s.status === 'trial' ||
      s.status === 'expired' ||
      s.status === 'canceled' ||
      (s.status === 'active' && s.cancelAtPeriodEnd),
    canChangeTier: paidActive,
    canPause: paidActive,
    canReactivate: s.status === 'paused',
    canCancel: s.status === 'trial' || paidActive || s.status === 'paused',
  };
}
