import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { billingIntervalSchema, tierSchema, type BillingInterval, type Tier } from '@domain/plans';
import { AppError } from '../../lib/errors';

/** A subscription as the payment provider holds it (provider-neutral). */
export type ProviderSubscription = {
  id: string;
  customerId: string | null;
  companyId: string | null;
  /** 'incomplete' = not paid yet: nothing changes. */
  status: 'active' | 'paused' | 'canceled' | 'expired' | 'incomplete';
  tier: Tier;
  interval: BillingInterval;
  currentPeriodEnd: Date;
  cancelAtPeriodEnd: boolean;
  pauseResumesAt: Date | null;
};

/** A verified provider event, reduced to what the event handler needs. */
export type BillingEvent = {
  id: string;
  type: string;
  created: Date;
  companyId: string | null;
  subscriptionId: string | null;
  customerId: string | null;
  /** The subscription as carried by the event (used when the provider cannot be re-read). */
  snapshot: ProviderSubscription | null;
};

export type CheckoutInput = {
  companyId: string;
  businessName: string;
  email: string | null;
  customerId: string | null;
  tier: Tier;
  interval: BillingInterval;
  successUrl: string;
  cancelUrl: string;
  now: Date;
};

/** The one interface both payment providers implement. */
export interface BillingProvider {
  readonly kind: 'stripe' | 'local';
  createCheckout(input: CheckoutInput): Promise<{ url: string }>;
  /** Verifies the signature over the raw body; throws a 400 AppError when it does not match. */
  verifyEvent(rawBody: Buffer, signature: string | undefined, now: Date): BillingEvent;
  /** The provider's current view of a subscription (null when the provider keeps none). */
  retrieveSubscription(id: string): Promise<ProviderSubscription | null>;
  changeTier(subscriptionId: string, tier: Tier, interval: BillingInterval): Promise<void>;
  pause(subscriptionId: string, until: Date): Promise<void>;
  resume(subscriptionId: string): Promise<void>;
  cancelAtPeriodEnd(subscriptionId: string): Promise<void>;
  cancelNow(subscriptionId: string): Promise<void>;
}

export const badSignature = () => new AppError('validation', 'subscription.webhookSignature');

const SIGNATURE_TOLERANCE_S = 300;

/** Stripe-style signature header `t=<unix>,v1=<hex hmac of "t.payload">`. */
export function signPayload(secret: string, payload: string, now: Date): string {
  const t = Math.floor(now.getTime() / 1000);
  const v1 = createHmac('sha256', secret).update(`${t}.${payload}`).digest('hex');
  return `t=${t},v1=${v1}`;
}

export function verifySignature(
  secret: string,
  payload: Buffer,
  header: string | undefined,
  now: Date,
): void {
  if (!header) throw badSignature();
  const parts = new Map(header.split(',').map((p) => p.split('=', 2) as [string, string]));
  const t = Number(parts.get('t'));
  const v1 = parts.get('v1');
  if (!Number.isFinite(t) || !v1) throw badSignature();
  if (Math.abs(now.getTime() / 1000 - t) > SIGNATURE_TOLERANCE_S) throw badSignature();
  const expected = createHmac('sha256', secret).update(`${t}.`).update(payload).digest();
  const given = Buffer.from(v1, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw badSignature();
}

const snapshotSchema = z.object({
  id: z.string(),
  customerId: z.string().nullable(),
  companyId: z.string().nullable(),
  status: z.enum(['active', 'paused', 'canceled', 'expired', 'incomplete']),
  tier: tierSchema,
  interval: billingIntervalSchema,
  currentPeriodEnd: z.coerce.date(),
  cancelAtPeriodEnd: z.boolean(),
  pauseResumesAt: z.coerce.date().nullable(),
});
const localEventSchema = z.object({
  id: z.string().min(1).max(200),
  type: z.string().min(1).max(200),
  created: z.coerce.date(),
  snapshot: snapshotSchema,
});
export type LocalEvent = z.input<typeof localEventSchema>;

const TIER_CODE: Record<Tier, string> = { basic: 'b', professional: 'p', enterprise: 'e' };
export type LocalCheckoutSession = { companyId: string; tier: Tier; interval: BillingInterval };

/**
 * The built-in provider used without STRIPE_SECRET_KEY: checkout happens on an in-app page, and
 * paying produces a signed event that goes through the same handler as Stripe's webhook.
 * Works offline. Its events carry the subscription (it keeps no state of its own).
 */
export class LocalBillingProvider implements BillingProvider {
  readonly kind = 'local' as const;
  /** Derived from APP_SECRET; signs local checkout sessions and local events. */
  readonly secret: string;
  constructor(appSecret: string) {
    this.secret = createHmac('sha256', appSecret)
      .update('ems-local-billing-v1')
      .digest('base64url');
  }

  private mac(data: string) {
    return createHmac('sha256', this.secret).update(data).digest('base64url');
  }

  async createCheckout(input: CheckoutInput) {
    // Compact (URL path params are short): company id hex, tier and interval letters, expiry, MAC.
    const payload = `${input.companyId.replace(/-/g, '')}${TIER_CODE[input.tier]}${input.interval === 'year' ? 'y' : 'm'}${(input.now.getTime() + 24 * 3600_000).toString(36)}`;
    return { url: `/checkout/${payload}.${this.mac(`checkout.${payload}`).slice(0, 22)}` };
  }

  /** Reads a checkout session id created by createCheckout (null when forged or expired). */
  readSession(sessionId: string, now: Date): LocalCheckoutSession | null {
    const m = /^([0-9a-f]{32})([bpe])([my])([0-9a-z]{1,12})\.([\w-]{22})$/.exec(sessionId);
    if (!m) return null;
    const [, hex, t, i, exp, mac] = m as unknown as [
      string,
      string,
      string,
      string,
      string,
      string,
    ];
    const payload = `${hex}${t}${i}${exp}`;
    const expected = Buffer.from(this.mac(`checkout.${payload}`).slice(0, 22));
    const given = Buffer.from(mac);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    if (parseInt(exp, 36) < now.getTime()) return null;
    const tier = (Object.keys(TIER_CODE) as Tier[]).find((k) => TIER_CODE[k] === t);
    if (!tier) return null;
    const companyId = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
    return { companyId, tier, interval: i === 'y' ? 'year' : 'month' };
  }

  /** The event id of paying a session: paying twice is the same event (applied once). */
  eventIdFor(sessionId: string) {
    return `evt_local_${createHash('sha256').update(sessionId).digest('hex').slice(0, 32)}`;
  }

  newSubscriptionId() {
    return `sub_local_${randomBytes(12).toString('hex')}`;
  }

  /** A signed local event: `{ body, signature }` as the webhook endpoint receives it. */
  sign(event: LocalEvent, now: Date): { body: string; signature: string } {
    const body = JSON.stringify(event);
    return { body, signature: signPayload(this.secret, body, now) };
  }

  verifyEvent(rawBody: Buffer, signature: string | undefined, now: Date): BillingEvent {
    verifySignature(this.secret, rawBody, signature, now);
    let json: unknown;
    try {
      json = JSON.parse(rawBody.toString('utf8'));
    } catch {
      throw badSignature();
    }
    const r = localEventSchema.safeParse(json);
    if (!r.success) throw new AppError('validation', 'subscription.billingEventInvalid');
    const e = r.data;
    return {
      id: e.id,
      type: e.type,
      created: e.created,
      companyId: e.snapshot.companyId,
      subscriptionId: e.snapshot.id,
      customerId: e.snapshot.customerId,
      snapshot: e.snapshot,
    };
  }

  async retrieveSubscription(): Promise<ProviderSubscription | null> {
    return null;
  }
  async changeTier(): Promise<void> {}
  async pause(): Promise<void> {}
  async resume(): Promise<void> {}
  async cancelAtPeriodEnd(): Promise<void> {}
  async cancelNow(): Promise<void> {}
}
