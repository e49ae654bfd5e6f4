import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { chargeCents, PLANS, tiers, type BillingInterval, type Tier } from '@domain/plans';
import type { LocalCheckoutView, SubscriptionView } from '@domain/schemas/subscription';
import { buildApp } from '../../app';
import { billingEvent, company, equipment, user } from '../../db/schema/index';
import {
  addSignedInUser,
  call,
  type SignedIn,
  signInAgain,
  signupOwner,
  statusOf,
} from '../../test/factories';
import { useTestApp, createTestApp, type TestApp } from '../../test/helpers';
import { LocalBillingProvider, type LocalEvent } from './billing-provider';

const t = useTestApp();
beforeEach(() => t.clock.reset());

const view = async (cookie: string) => {
  const res = await call(t.app, cookie, 'GET', '/api/subscription');
  expect(res.statusCode, res.body).toBe(200);
  return res.json<SubscriptionView>();
};

async function checkoutAndPay(owner: SignedIn, tier: Tier, billingInterval: BillingInterval) {
  const res = await call(t.app, owner.cookie, 'POST', '/api/create-checkout-session', {
    tier,
    billingInterval,
  });
  expect(res.statusCode, res.body).toBe(200);
  const { url } = res.json<{ url: string }>();
  expect(url).toMatch(/^\/checkout\/[\w.-]+$/);
  const sessionId = url.slice('/checkout/'.length);
  const page = await call(t.app, owner.cookie, 'GET', `/api/checkout/${sessionId}`);
  expect(page.statusCode, page.body).toBe(200);
  const pay = await call(t.app, owner.cookie, 'POST', `/api/checkout/${sessionId}/pay`);
  expect(pay.statusCode, pay.body).toBe(200);
  return { sessionId, page: page.json<LocalCheckoutView>() };
}

const localProvider = () => new LocalBillingProvider(t.deps.config.APP_SECRET);

function sendEvent(body: string, signature: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload: body,
  });
}

function localEvent(
  companyId: string,
  id: string,
  created: Date,
  over: Partial<LocalEvent['snapshot']> = {},
): LocalEvent {
  return {
    id,
    type: 'customer.subscription.updated',
    created: created.toISOString(),
    snapshot: {
      id: `sub_local_${companyId.slice(0, 8)}`,
      customerId: `cus_local_${companyId.slice(0, 8)}`,
      companyId,
      status: 'active',
      tier: 'professional',
      interval: 'month',
      currentPeriodEnd: new Date(created.getTime() + 30 * 86_400_000).toISOString(),
      cancelAtPeriodEnd: false,
      pauseResumesAt: null,
      ...over,
    },
  };
}

describe('trial and checkout', () => {
  it('a new company is on a 14-day trial with the basic limit', async () => {
    const owner = await signupOwner(t.app);
    const v = await view(owner.cookie);
    expect(v).toMatchObject({
      status: 'trial',
      tier: 'basic',
      equipmentLimit: 15,
      trialDaysLeft: 14,
      entitled: true,
      canManage: true,
      canPause: false,
      provider: 'local',
    });
  });

  for (const tier of tiers) {
    for (const interval of ['month', 'year'] as const) {
      it(`checkout ${tier} / ${interval} makes the company active with the tier's limit`, async () => {
        const owner = await signupOwner(t.app);
        const { page } = await checkoutAndPay(owner, tier, interval);
        expect(page).toMatchObject({
          tier,
          billingInterval: interval,
          amountCents: chargeCents(tier, interval),
          businessName: owner.businessName,
        });
        const v = await view(owner.cookie);
        expect(v).toMatchObject({
          status: 'active',
          tier,
          billingInterval: interval,
          equipmentLimit: PLANS[tier].equipmentLimit,
          entitled: true,
          canPause: true,
        });
        const row = (
          await t.deps.systemDb.select().from(company).where(eq(company.id, owner.companyId))
        )[0]!;
        expect(row.paymentSubscriptionId).toMatch(/^sub_local_/);
        const days = (row.subscriptionEndDate!.getTime() - Date.now()) / 86_400_000;
        expect(days).toBeGreaterThan(interval === 'month' ? 27 : 364);
        expect(days).toBeLessThan(interval === 'month' ? 32 : 367);
      });
    }
  }

  it('a monthly plan always shows a renewal date within a month, months later too (issue 26)', async () => {
    t.clock.set(new Date('2026-11-25T15:00:00Z'));
    const owner = await signupOwner(t.app);
    await checkoutAndPay(owner, 'professional', 'month');
    expect((await view(owner.cookie)).subscriptionEndDate).toBe('2026-12-25T15:00:00.000Z');
    t.clock.set(new Date('2027-02-03T09:00:00Z'));
    const v = await view(await signInAgain(t.app, owner));
    expect(v).toMatchObject({ status: 'active', billingInterval: 'month' });
    expect(v.subscriptionEndDate).toBe('2027-02-25T15:00:00.000Z');
  });

  it('paying the same checkout twice applies it once; checkout is refused while active', async () => {
    const owner = await signupOwner(t.app);
    const { sessionId } = await checkoutAndPay(owner, 'basic', 'month');
    const again = await call(t.app, owner.cookie, 'POST', `/api/checkout/${sessionId}/pay`);
    expect(again.json()).toMatchObject({ duplicate: true });
    const refused = await call(t.app, owner.cookie, 'POST', '/api/create-checkout-session', {
      tier: 'enterprise',
      billingInterval: 'month',
    });
    expect(refused.statusCode).toBe(409);
  });

  it('validates the checkout body with the spec wording', async () => {
    const owner = await signupOwner(t.app);
    const res = await call(t.app, owner.cookie, 'POST', '/api/create-checkout-session', {
      tier: 'gold',
      billingInterval: 'week',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation' });
  });

  it("another company's checkout session and a forged one are 404", async () => {
    const a = await signupOwner(t.app);
    const b = await signupOwner(t.app);
    const res = await call(t.app, a.cookie, 'POST', '/api/create-checkout-session', {
      tier: 'basic',
      billingInterval: 'month',
    });
    const sessionId = res.json<{ url: string }>().url.slice('/checkout/'.length);
    expect(await statusOf(t.app, b.cookie, 'GET', `/api/checkout/${sessionId}`)).toBe(404);
    expect(await statusOf(t.app, b.cookie, 'POST', `/api/checkout/${sessionId}/pay`)).toBe(404);
    expect(
      (await call(t.app, a.cookie, 'POST', `/api/checkout/${sessionId.slice(0, -2)}xx/pay`))
        .statusCode,
    ).toBe(404);
    expect((await view(b.cookie)).status).toBe('trial');
  });
});

describe('webhook', () => {
  it('a bad signature is a 400 and changes nothing', async () => {
    const owner = await signupOwner(t.app);
    const p = localProvider();
    const { body } = p.sign(localEvent(owner.companyId, 'evt_bad_1', new Date()), new Date());
    const forged = new LocalBillingProvider('another-secret'.padEnd(48, 'y')).sign(
      localEvent(owner.companyId, 'evt_bad_1', new Date()),
      new Date(),
    );
    for (const sig of [undefined, 'garbage', forged.signature]) {
      const res = t.app.inject({
        method: 'POST',
        url: '/api/stripe/webhook',
        headers: {
          'content-type': 'application/json',
          ...(sig ? { 'stripe-signature': sig } : {}),
        },
        payload: body,
      });
      expect((await res).statusCode).toBe(400);
    }
    // A valid signature over different bytes is refused too (the signature covers the raw body).
    const good = p.sign(localEvent(owner.companyId, 'evt_bad_2', new Date()), new Date());
    expect(
      (await sendEvent(good.body.replace('professional', 'enterprise'), good.signature)).statusCode,
    ).toBe(400);
    expect((await view(owner.cookie)).status).toBe('trial');
    expect(
      await t.deps.systemDb
        .select()
        .from(billingEvent)
        .where(eq(billingEvent.companyId, owner.companyId)),
    ).toHaveLength(0);
  });

  it('the same event twice is applied once', async () => {
    const owner = await signupOwner(t.app);
    const p = localProvider();
    const { body, signature } = p.sign(
      localEvent(owner.companyId, 'evt_twice', new Date(), { tier: 'professional' }),
      new Date(),
    );
    const first = await sendEvent(body, signature);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ result: 'applied' });
    expect((await view(owner.cookie)).tier).toBe('professional');
    // The owner changes plan after; a redelivery of the old event must not undo it.
    expect(
      (await call(t.app, owner.cookie, 'POST', '/api/subscription/upgrade', { tier: 'enterprise' }))
        .statusCode,
    ).toBe(200);
    const second = await sendEvent(body, signature);
    expect(second.json()).toMatchObject({ result: 'duplicate' });
    expect(await view(owner.cookie)).toMatchObject({ tier: 'enterprise', equipmentLimit: 65 });
    expect(
      await t.deps.systemDb.select().from(billingEvent).where(eq(billingEvent.id, 'evt_twice')),
    ).toHaveLength(1);
  });

  it('events out of order end in the state of the newest', async () => {
    const owner = await signupOwner(t.app);
    const p = localProvider();
    const t1 = new Date(Date.now() - 60_000);
    const t2 = new Date(Date.now() - 30_000);
    const created = p.sign(
      {
        ...localEvent(owner.companyId, 'evt_order_1', t1, { tier: 'basic' }),
        type: 'checkout.session.completed',
      },
      new Date(),
    );
    const canceled = p.sign(
      localEvent(owner.companyId, 'evt_order_2', t2, { tier: 'basic', cancelAtPeriodEnd: true }),
      new Date(),
    );
    expect((await sendEvent(canceled.body, canceled.signature)).json()).toMatchObject({
      result: 'applied',
    });
    expect((await sendEvent(created.body, created.signature)).json()).toMatchObject({
      result: 'stale',
    });
    const v = await view(owner.cookie);
    expect(v).toMatchObject({ status: 'active', tier: 'basic', cancelAtPeriodEnd: true });
  });

  it('an event for an unknown subscription is recorded and ignored', async () => {
    const p = localProvider();
    const e = p.sign(
      localEvent('00000000-0000-0000-0000-000000000000', 'evt_unknown', new Date()),
      new Date(),
    );
    expect((await sendEvent(e.body, e.signature)).json()).toMatchObject({ result: 'ignored' });
  });
});

describe('pause, reactivate, cancel, tier change', () => {
  it('active -> pause 3 months -> reactivate -> cancel keeps access to period end, then canceled', async () => {
    const owner = await signupOwner(t.app);
    await checkoutAndPay(owner, 'professional', 'month');
    expect(
      (await call(t.app, owner.cookie, 'POST', '/api/subscription/pause', { months: 4 }))
        .statusCode,
    ).toBe(400);
    const paused = await call(t.app, owner.cookie, 'POST', '/api/subscription/pause', {
      months: 3,
    });
    expect(paused.statusCode, paused.body).toBe(200);
    expect(paused.json()).toMatchObject({
      status: 'paused',
      entitled: false,
      reason: 'paused',
      canReactivate: true,
    });
    expect(
      (await call(t.app, owner.cookie, 'POST', '/api/subscription/pause', { months: 3 }))
        .statusCode,
    ).toBe(409);
    const re = await call(t.app, owner.cookie, 'POST', '/api/subscription/reactivate');
    expect(re.json()).toMatchObject({ status: 'active', pauseEndDate: null, entitled: true });
    expect(await statusOf(t.app, owner.cookie, 'POST', '/api/subscription/reactivate')).toBe(409);
    const c = await call(t.app, owner.cookie, 'POST', '/api/subscription/cancel');
    expect(c.json()).toMatchObject({ status: 'active', cancelAtPeriodEnd: true, entitled: true });
    t.clock.advanceDays(40);
    expect(await statusOf(t.app, owner.cookie, 'GET', '/api/subscription')).toBe(401); // that sign-in expired meanwhile
    expect(await view(await signInAgain(t.app, owner))).toMatchObject({
      status: 'canceled',
      entitled: false,
      reason: 'canceled',
    });
  });

  it('a pause ends by itself at pauseEndDate (applied when the company is next seen)', async () => {
    const owner = await signupOwner(t.app);
    await checkoutAndPay(owner, 'basic', 'year');
    await call(t.app, owner.cookie, 'POST', '/api/subscription/pause', { months: 6 });
    t.clock.advanceDays(150);
    expect((await view(await signInAgain(t.app, owner))).status).toBe('paused');
    t.clock.advanceDays(40);
    // A write (not a read of the subscription) is what sees it first: it is allowed again.
    const w = await call(
      t.app,
      await signInAgain(t.app, owner),
      'POST',
      '/api/subscription/upgrade',
      { tier: 'professional' },
    );
    expect(w.json()).toMatchObject({ status: 'active', tier: 'professional', entitled: true });
    const row = (
      await t.deps.systemDb.select().from(company).where(eq(company.id, owner.companyId))
    )[0]!;
    expect(row.subscriptionStatus).toBe('active');
    expect(row.pauseEndDate).toBeNull();
  });

  it('cancel during the trial ends access at once; pause is refused on trial', async () => {
    const owner = await signupOwner(t.app);
    expect(
      (await call(t.app, owner.cookie, 'POST', '/api/subscription/pause', { months: 3 }))
        .statusCode,
    ).toBe(409);
    expect(
      await statusOf(t.app, owner.cookie, 'POST', '/api/subscription/upgrade', {
        tier: 'professional',
      }),
    ).toBe(409);
    const c = await call(t.app, owner.cookie, 'POST', '/api/subscription/cancel');
    expect(c.json()).toMatchObject({ status: 'canceled', entitled: false });
    // Subscribing again is possible.
    await checkoutAndPay(owner, 'basic', 'month');
    expect((await view(owner.cookie)).status).toBe('active');
  });

  it('a downgrade below the equipment count is allowed and reported over the limit', async () => {
    const owner = await signupOwner(t.app);
    await checkoutAndPay(owner, 'professional', 'month');
    await t.deps.systemDb.insert(equipment).values(
      Array.from({ length: 20 }, (_, i) => ({
        companyId: owner.companyId,
        name: `Unit ${i}`,
        type: 'vehicle',
        unit: 'hours',
      })),
    );
    const v = await (
      await call(t.app, owner.cookie, 'POST', '/api/subscription/upgrade', { tier: 'basic' })
    ).json<SubscriptionView>();
    expect(v).toMatchObject({
      tier: 'basic',
      equipmentLimit: 15,
      equipmentCount: 20,
      overLimit: true,
    });
  });
});

describe('entitlement on the server', () => {
  let probe: FastifyInstance;
  beforeAll(async () => {
    // The same app and database with one extra company write route, to prove the rule applies to every write.
    const built = await buildApp({
      config: t.deps.config,
      database: t.database,
      clientDir: null,
      logger: false,
      now: () => t.deps.now(),
    });
    probe = built.app;
    probe.post(
      '/api/probe/write',
      { config: { access: ['owner', 'manager', 'operator'] } },
      async () => ({ wrote: true }),
    );
    probe.get(
      '/api/probe/read',
      { config: { access: ['owner', 'manager', 'operator'] } },
      async () => ({ read: true }),
    );
    await probe.ready();
  });
  afterAll(async () => {
    await probe?.close();
  });

  const write = (cookie: string) => call(probe, cookie, 'POST', '/api/probe/write', {});
  const read = (cookie: string) => call(probe, cookie, 'GET', '/api/probe/read');

  it('trial ended: writes refused with why and what to do, reads and billing still allowed', async () => {
    const first = await signupOwner(t.app);
    expect((await write(first.cookie)).statusCode).toBe(200);
    t.clock.advanceDays(15);
    // Fifteen days later: sessions started then.
    const owner = { ...first, cookie: await signInAgain(t.app, first) };
    const operator = await addSignedInUser(t.deps.systemDb, 'operator', owner.companyId, {
      now: t.deps.now(),
    });
    for (const cookie of [owner.cookie, operator.cookie]) {
      const res = await write(cookie);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'not_entitled' });
      expect(res.json<{ message: string }>().message).toMatch(
        /free trial has ended.*Subscription page/,
      );
      expect((await read(cookie)).statusCode).toBe(200);
    }
    expect(await view(owner.cookie)).toMatchObject({
      status: 'expired',
      reason: 'trial_ended',
      entitled: false,
    });
    // Billing stays reachable: checkout, then writes are allowed again.
    const res = await call(probe, owner.cookie, 'POST', '/api/create-checkout-session', {
      tier: 'basic',
      billingInterval: 'month',
    });
    expect(res.statusCode).toBe(200);
    const sessionId = res.json<{ url: string }>().url.slice('/checkout/'.length);
    expect(await statusOf(probe, owner.cookie, 'POST', `/api/checkout/${sessionId}/pay`)).toBe(200);
    expect((await write(owner.cookie)).statusCode).toBe(200);
    expect(await statusOf(probe, owner.cookie, 'POST', '/api/auth/logout')).toBe(200);
  });

  it('paused and canceled companies are refused with their own message', async () => {
    const owner = await signupOwner(t.app);
    await checkoutAndPay(owner, 'basic', 'month');
    await call(t.app, owner.cookie, 'POST', '/api/subscription/pause', { months: 3 });
    const paused = await write(owner.cookie);
    expect(paused.statusCode).toBe(403);
    expect(paused.json<{ message: string }>().message).toMatch(/paused until .*Reactivate/);
    await call(t.app, owner.cookie, 'POST', '/api/subscription/cancel');
    const canceled = await write(owner.cookie);
    expect(canceled.json<{ message: string }>().message).toMatch(/canceled.*Subscribe again/);
    expect((await read(owner.cookie)).statusCode).toBe(200);
  });
});

describe('permissions', () => {
  it('owner manages; manager reads only; operator, platform admin and signed-out are refused', async () => {
    const owner = await signupOwner(t.app);
    const manager = await addSignedInUser(t.deps.systemDb, 'manager', owner.companyId);
    const operator = await addSignedInUser(t.deps.systemDb, 'operator', owner.companyId);
    const admin = await addSignedInUser(t.deps.systemDb, 'platform_admin', null);
    const technician = await addSignedInUser(t.deps.systemDb, 'technician', owner.companyId);
    expect((await call(t.app, manager.cookie, 'GET', '/api/subscription')).json()).toMatchObject({
      canManage: false,
    });
    const writes: Array<[string, unknown]> = [
      ['/api/create-checkout-session', { tier: 'basic', billingInterval: 'month' }],
      ['/api/subscription/upgrade', { tier: 'enterprise' }],
      ['/api/subscription/pause', { months: 3 }],
      ['/api/subscription/reactivate', {}],
      ['/api/subscription/cancel', {}],
    ];
    for (const [url, body] of writes) {
      expect((await call(t.app, manager.cookie, 'POST', url, body)).statusCode, url).toBe(403);
      expect((await call(t.app, operator.cookie, 'POST', url, body)).statusCode, url).toBe(403);
      expect((await call(t.app, technician.cookie, 'POST', url, body)).statusCode, url).toBe(403);
      expect((await call(t.app, admin.cookie, 'POST', url, body)).statusCode, url).toBe(403);
      expect((await call(t.app, null, 'POST', url, body)).statusCode, url).toBe(401);
    }
    expect(await statusOf(t.app, operator.cookie, 'GET', '/api/subscription')).toBe(403);
    expect(await statusOf(t.app, technician.cookie, 'GET', '/api/subscription')).toBe(403);
    expect(await statusOf(t.app, admin.cookie, 'GET', '/api/subscription')).toBe(403);
    expect((await view(owner.cookie)).status).toBe('trial');
  });

  it('each company sees and changes only its own subscription', async () => {
    const a = await signupOwner(t.app);
    const b = await signupOwner(t.app);
    await checkoutAndPay(a, 'enterprise', 'year');
    expect(await view(b.cookie)).toMatchObject({ status: 'trial', tier: 'basic' });
    await call(t.app, b.cookie, 'POST', '/api/subscription/cancel');
    expect(await view(a.cookie)).toMatchObject({
      status: 'active',
      tier: 'enterprise',
      cancelAtPeriodEnd: false,
    });
  });
});

describe('admin accounts', () => {
  it('platform admin only; search and paging; never a password', async () => {
    const owner = await signupOwner(t.app, { businessName: 'Zebra Haulage Searchable' });
    await signupOwner(t.app);
    const admin = await addSignedInUser(t.deps.systemDb, 'platform_admin', null);
    const manager = await addSignedInUser(t.deps.systemDb, 'manager', owner.companyId);
    for (const cookie of [owner.cookie, manager.cookie])
      expect(await statusOf(t.app, cookie, 'GET', '/api/admin/accounts')).toBe(403);
    expect(await statusOf(t.app, null, 'GET', '/api/admin/accounts')).toBe(401);

    const res = await call(
      t.app,
      admin.cookie,
      'GET',
      '/api/admin/accounts?search=zebra%20haulage',
    );
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json<{ items: Array<Record<string, unknown>>; total: number }>();
    expect(page.total).toBe(1);
    expect(page.items[0]).toMatchObject({
      businessName: 'Zebra Haulage Searchable',
      email: owner.email,
      tier: 'basic',
      status: 'trial',
      equipmentLimit: 15,
    });
    expect(page.items[0]!.expiry).toBeTruthy();
    expect(res.body).not.toMatch(/password|hash|secret|masterPassword/i);
    const byEmail = await call(
      t.app,
      admin.cookie,
      'GET',
      `/api/admin/accounts?search=${encodeURIComponent(owner.email)}`,
    );
    expect(byEmail.json<{ total: number }>().total).toBe(1);
    const wildcard = await call(t.app, admin.cookie, 'GET', '/api/admin/accounts?search=%25');
    expect(wildcard.json<{ total: number }>().total).toBe(0);

    const all = (
      await call(t.app, admin.cookie, 'GET', '/api/admin/accounts?pageSize=2&page=1')
    ).json<{ items: unknown[]; total: number }>();
    expect(all.items).toHaveLength(2);
    const companies = await t.deps.systemDb.select({ id: company.id }).from(company);
    expect(all.total).toBe(companies.length);
    const last = (
      await call(
        t.app,
        admin.cookie,
        'GET',
        `/api/admin/accounts?pageSize=2&page=${Math.ceil(all.total / 2)}`,
      )
    ).json<{ items: unknown[] }>();
    expect(last.items.length).toBeGreaterThan(0);
    // Platform admins are not business accounts.
    expect(
      (await t.deps.systemDb.select().from(user).where(eq(user.id, admin.userId)))[0]!.companyId,
    ).toBeNull();
  });
});

describe('with Stripe configured', () => {
  let s: TestApp;
  const WHSEC = 'whsec_test_secret_for_signature_checks';
  beforeAll(async () => {
    s = await createTestApp({
      STRIPE_SECRET_KEY: 'sk_test_offline_never_called',
      STRIPE_WEBHOOK_SECRET: WHSEC,
      STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
    });
  });
  afterAll(async () => {
    await s?.close();
  });

  it('uses the Stripe provider and exposes only the publishable key', async () => {
    const owner = await signupOwner(s.app);
    expect((await call(s.app, owner.cookie, 'GET', '/api/subscription')).json()).toMatchObject({
      provider: 'stripe',
    });
    const cfg = (await call(s.app, null, 'GET', '/api/config')).json<Record<string, unknown>>();
    expect(cfg.stripePublishableKey).toBe('pk_test_x');
    expect(JSON.stringify(cfg)).not.toMatch(/sk_test|whsec/);
    // The local checkout page does not exist with Stripe.
    expect(await statusOf(s.app, owner.cookie, 'GET', '/api/checkout/whatever')).toBe(404);
  });

  it('verifies the Stripe signature on the raw body; handles an event id once', async () => {
    const { default: Stripe } = await import('stripe');
    const payload = JSON.stringify({
      id: 'evt_stripe_1',
      object: 'event',
      type: 'invoice.paid',
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: 'in_1', object: 'invoice' } },
    });
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: WHSEC });
    const post = (body: string, sig: string) =>
      s.app.inject({
        method: 'POST',
        url: '/api/stripe/webhook',
        headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': sig },
        payload: body,
      });
    expect((await post(payload, 't=1,v1=deadbeef')).statusCode).toBe(400);
    expect((await post(payload.replace('in_1', 'in_2'), header)).statusCode).toBe(400);
    const ok = await post(payload, header);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ result: 'ignored' });
    expect((await post(payload, header)).json()).toMatchObject({ result: 'duplicate' });
  });
});
