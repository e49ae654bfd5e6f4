import { describe, expect, it } from 'vitest';
import * as sm from './subscription';

const DAY = 86_400_000;
const T0 = new Date('2026-11-20T12:00:00Z');
const at = (days: number) => new Date(T0.getTime() + days * DAY);

const trial = (): sm.SubscriptionState => ({
  status: 'trial',
  tier: 'basic',
  equipmentLimit: 15,
  billingInterval: null,
  trialEndDate: at(14),
  subscriptionEndDate: null,
  pauseEndDate: null,
  cancelAtPeriodEnd: false,
});

const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    if (e instanceof sm.SubscriptionRefusal) return e.code;
    throw e;
  }
  return null;
};

describe('trial', () => {
  it('counts days left rounded up, minimum 0, over a moving clock', () => {
    const end = at(14);
    expect(sm.trialDaysLeft(end, T0)).toBe(14);
    expect(sm.trialDaysLeft(end, new Date(T0.getTime() + 1))).toBe(14);
    expect(sm.trialDaysLeft(end, new Date(at(13).getTime() + 1))).toBe(1);
    expect(sm.trialDaysLeft(end, at(14))).toBe(0);
    expect(sm.trialDaysLeft(end, at(30))).toBe(0);
    expect(sm.trialDaysLeft(null, T0)).toBe(0);
  });

  it('is entitled during the trial and expires unpaid at its end', () => {
    const s = trial();
    expect(sm.entitlement(s, at(13.9))).toEqual({
      entitled: true,
      reason: 'trial',
      status: 'trial',
    });
    expect(sm.advance(s, at(13.9))).toBe(s);
    expect(sm.advance(s, at(14)).status).toBe('expired');
    expect(sm.entitlement(s, at(15))).toEqual({
      entitled: false,
      reason: 'trial_ended',
      status: 'expired',
    });
  });

  it('cancel during the trial ends access at once', () => {
    const c = sm.cancel(trial(), at(3));
    expect(c.status).toBe('canceled');
    expect(c.trialEndDate).toEqual(at(3));
    expect(sm.entitlement(c, at(3)).entitled).toBe(false);
    expect(sm.entitlement(c, at(3)).reason).toBe('canceled');
  });

  it('refuses pause, reactivate and tier change during the trial', () => {
    expect(refusal(() => sm.pause(trial(), 3, at(1)))).toBe('on_trial');
    expect(refusal(() => sm.reactivate(trial(), at(1)))).toBe('not_paused');
    expect(refusal(() => sm.changeTier(trial(), 'enterprise', at(1)))).toBe('needs_checkout');
  });
});

describe('checkout and paid plans', () => {
  it('checkout makes the trial active with the tier limit and a billing period', () => {
    const a = sm.checkout(trial(), 'professional', 'month', at(2));
    expect(a).toMatchObject({
      status: 'active',
      tier: 'professional',
      equipmentLimit: 30,
      billingInterval: 'month',
      cancelAtPeriodEnd: false,
    });
    expect(a.subscriptionEndDate).toEqual(new Date('2026-12-22T12:00:00Z'));
    const y = sm.checkout(trial(), 'enterprise', 'year', at(2));
    expect(y.equipmentLimit).toBe(65);
    expect(y.subscriptionEndDate).toEqual(new Date('2027-11-22T12:00:00Z'));
    expect(sm.entitlement(a, at(200)).entitled).toBe(true);
  });

  it('an active plan renews: its renewal date is always the end of the current period', () => {
    const a = sm.checkout(trial(), 'professional', 'month', at(2)); // ends 2026-12-22
    const later = sm.advance(a, new Date('2027-01-30T00:00:00Z'));
    expect(later.subscriptionEndDate).toEqual(new Date('2027-02-22T12:00:00Z'));
    expect(later.status).toBe('active');
    expect(sm.advance(a, at(3))).toBe(a);
    const y = sm.checkout(trial(), 'basic', 'year', at(2));
    expect(sm.advance(y, new Date('2027-12-01T00:00:00Z')).subscriptionEndDate).toEqual(
      new Date('2028-11-22T12:00:00Z'),
    );
  });

  it('checkout also works after the trial expired or was canceled, and is refused when active or paused', () => {
    expect(sm.checkout(trial(), 'basic', 'month', at(20)).status).toBe('active');
    expect(sm.checkout(sm.cancel(trial(), at(1)), 'basic', 'month', at(2)).status).toBe('active');
    const a = sm.checkout(trial(), 'basic', 'month', at(1));
    expect(refusal(() => sm.checkout(a, 'professional', 'month', at(2)))).toBe('already_active');
    const p = sm.pause(a, 3, at(2));
    expect(refusal(() => sm.checkout(p, 'professional', 'month', at(3)))).toBe('paused');
  });

  it('changes tier and limit, downgrade included; refuses the same tier', () => {
    const a = sm.checkout(trial(), 'enterprise', 'month', at(1));
    const b = sm.changeTier(a, 'basic', at(2));
    expect(b).toMatchObject({ tier: 'basic', equipmentLimit: 15, status: 'active' });
    expect(refusal(() => sm.changeTier(b, 'basic', at(2)))).toBe('same_tier');
  });

  it('pauses 3 or 6 months, reactivates now, refuses other lengths and double pause', () => {
    const a = sm.checkout(trial(), 'professional', 'month', at(1));
    expect(refusal(() => sm.pause(a, 4, at(2)))).toBe('invalid_pause');
    const p3 = sm.pause(a, 3, at(2));
    expect(p3.status).toBe('paused');
    expect(p3.pauseEndDate).toEqual(new Date('2027-02-22T12:00:00Z'));
    expect(sm.pause(a, 6, at(2)).pauseEndDate).toEqual(new Date('2027-05-22T12:00:00Z'));
    expect(sm.entitlement(p3, at(3))).toEqual({
      entitled: false,
      reason: 'paused',
      status: 'paused',
    });
    expect(refusal(() => sm.pause(p3, 3, at(3)))).toBe('not_active');
    expect(refusal(() => sm.changeTier(p3, 'basic', at(3)))).toBe('paused');
    const r = sm.reactivate(p3, at(10));
    expect(r).toMatchObject({ status: 'active', pauseEndDate: null });
    expect(r.subscriptionEndDate).toEqual(new Date('2026-12-30T12:00:00Z'));
    expect(refusal(() => sm.reactivate(r, at(11)))).toBe('not_paused');
  });

  it('reactivates automatically at pauseEndDate', () => {
    const p = sm.pause(sm.checkout(trial(), 'basic', 'year', at(1)), 3, at(2));
    const before = new Date(p.pauseEndDate!.getTime() - 1);
    expect(sm.advance(p, before)).toBe(p);
    const after = sm.advance(p, p.pauseEndDate!);
    expect(after).toMatchObject({ status: 'active', pauseEndDate: null });
    expect(after.subscriptionEndDate).toEqual(new Date('2028-02-22T12:00:00Z'));
    expect(sm.entitlement(p, p.pauseEndDate!).entitled).toBe(true);
  });

  it('cancel on a paid plan keeps access to the end of the period, then it is canceled', () => {
    const a = sm.checkout(trial(), 'professional', 'month', at(1));
    const c = sm.cancel(a, at(5));
    expect(c).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
    const end = c.subscriptionEndDate!;
    expect(sm.entitlement(c, new Date(end.getTime() - 1)).entitled).toBe(true);
    expect(sm.entitlement(c, end)).toEqual({
      entitled: false,
      reason: 'canceled',
      status: 'canceled',
    });
    expect(refusal(() => sm.cancel(c, at(6)))).toBe('already_canceled');
    expect(refusal(() => sm.pause(c, 3, at(6)))).toBe('already_canceled');
    expect(refusal(() => sm.cancel(sm.advance(c, end), end))).toBe('nothing_to_cancel');
    // Subscribing again while the canceled period is still running is allowed.
    expect(sm.checkout(c, 'basic', 'month', at(6)).cancelAtPeriodEnd).toBe(false);
  });

  it('cancel while paused ends at once; nothing to cancel when expired', () => {
    const p = sm.pause(sm.checkout(trial(), 'basic', 'month', at(1)), 6, at(2));
    expect(sm.cancel(p, at(3)).status).toBe('canceled');
    expect(refusal(() => sm.cancel(trial(), at(20)))).toBe('nothing_to_cancel');
  });

  it('an expired paid plan says expired, not trial ended', () => {
    const s: sm.SubscriptionState = { ...trial(), status: 'expired', billingInterval: 'month' };
    expect(sm.entitlement(s, T0).reason).toBe('expired');
    expect(sm.notEntitledMessage('expired', null)).toEqual({ name: 'expired' });
    expect(sm.notEntitledMessage('paused', at(90))).toEqual({
      name: 'pausedUntil',
      params: { date: '2027-02-18' },
    });
    expect(sm.notEntitledMessage('paused', null)).toEqual({ name: 'paused' });
    expect(sm.notEntitledMessage('active', null)).toBeNull();
  });

  it('lists the actions allowed in each state', () => {
    const t = trial();
    expect(sm.availableActions(t, T0)).toEqual({
      canCheckout: true,
      canChangeTier: false,
      canPause: false,
      canReactivate: false,
      canCancel: true,
    });
    const a = sm.checkout(t, 'basic', 'month', T0);
    expect(sm.availableActions(a, T0)).toEqual({
      canCheckout: false,
      canChangeTier: true,
      canPause: true,
      canReactivate: false,
      canCancel: true,
    });
    const p = sm.pause(a, 3, T0);
    expect(sm.availableActions(p, T0)).toMatchObject({
      canPause: false,
      canReactivate: true,
      canCheckout: false,
    });
    expect(sm.availableActions(t, at(15))).toMatchObject({ canCheckout: true, canCancel: false });
  });
});
