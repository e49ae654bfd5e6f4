import Stripe from 'stripe';
import { chargeCents, tierSchema, type BillingInterval, type Tier } from '@domain/plans';
import { AppError } from '../../lib/errors';
import {
  badSignature,
  type BillingEvent,
  type BillingProvider,
  type CheckoutInput,
  type ProviderSubscription,
} from './billing-provider';

const PRODUCT_NAMES: Record<Tier, string> = {
  basic: 'Equipment Management Suite - Basic',
  professional: 'Equipment Management Suite - Professional',
  enterprise: 'Equipment Management Suite - Enterprise',
};

const idOf = (v: string | { id: string } | null | undefined): string | null =>
  v == null ? null : typeof v === 'string' ? v : v.id;

/** Stripe Checkout (subscription mode) + signed webhooks, through the official SDK. */
export class StripeBillingProvider implements BillingProvider {
  readonly kind = 'stripe' as const;
  private readonly stripe: Stripe;
  constructor(
    secretKey: string,
    private readonly webhookSecret: string | undefined,
  ) {
    this.stripe = new Stripe(secretKey);
  }

  async createCheckout(input: CheckoutInput) {
    const meta = { companyId: input.companyId, tier: input.tier, interval: input.interval };
    const session = await this.stripe.checkout.sessions.create({
      mode: 'subscription',
      client_reference_id: input.companyId,
      ...(input.customerId
        ? { customer: input.customerId }
        : input.email
          ? { customer_email: input.email }
          : {}),
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: 'usd',
            unit_amount: chargeCents(input.tier, input.interval),
            recurring: { interval: input.interval },
            product_data: { name: PRODUCT_NAMES[input.tier] },
          },
        },
      ],
      metadata: meta,
      subscription_data: { metadata: meta },
      success_url: input.successUrl,
      cancel_url: input.cancelUrl,
    });
    if (!session.url) throw new AppError('conflict', 'subscription.checkoutFailed');
    return { url: session.url };
  }

  verifyEvent(rawBody: Buffer, signature: string | undefined): BillingEvent {
    if (!this.webhookSecret) throw new AppError('validation', 'subscription.webhookNotConfigured');
    if (!signature) throw badSignature();
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(rawBody, signature, this.webhookSecret);
    } catch {
      throw badSignature();
    }
    const base = {
      id: event.id,
      type: event.type,
      created: new Date(event.created * 1000),
      snapshot: null,
    };
    switch (event.type) {
      case 'checkout.session.completed': {
        const s = event.data.object;
        return {
          ...base,
          companyId: s.client_reference_id,
          subscriptionId: idOf(s.subscription),
          customerId: idOf(s.customer),
        };
      }
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted':
      case 'customer.subscription.paused':
      case 'customer.subscription.resumed': {
        const s = event.data.object;
        return {
          ...base,
          companyId: s.metadata.companyId ?? null,
          subscriptionId: s.id,
          customerId: idOf(s.customer),
        };
      }
      default:
        return { ...base, companyId: null, subscriptionId: null, customerId: null };
    }
  }

  async retrieveSubscription(id: string): Promise<ProviderSubscription | null> {
    const s = await this.stripe.subscriptions.retrieve(id);
    const item = s.items.data[0];
    const tier = tierSchema.safeParse(s.metadata.tier);
    if (!item || !tier.success) return null;
    const interval: BillingInterval = item.price.recurring?.interval === 'year' ? 'year' : 'month';
    const resumesAt = s.pause_collection?.resumes_at;
    const status: ProviderSubscription['status'] =
      s.status === 'canceled'
        ? 'canceled'
        : s.status === 'unpaid' || s.status === 'incomplete_expired'
          ? 'expired'
          : s.status === 'incomplete'
            ? 'incomplete'
            : s.status === 'paused' || s.pause_collection
              ? 'paused'
              : 'active';
    return {
      id: s.id,
      customerId: idOf(s.customer),
      companyId: s.metadata.companyId ?? null,
      status,
      tier: tier.data,
      interval,
      currentPeriodEnd: new Date(item.current_period_end * 1000),
      cancelAtPeriodEnd: s.cancel_at_period_end,
      pauseResumesAt: resumesAt ? new Date(resumesAt * 1000) : null,
    };
  }

  async changeTier(subscriptionId: string, tier: Tier, interval: BillingInterval) {
    const s = await this.stripe.subscriptions.retrieve(subscriptionId);
    const item = s.items.data[0];
    if (!item) throw new AppError('conflict', 'subscription.noPlanToChange');
    const product = idOf(item.price.product);
    if (!product) throw new AppError('conflict', 'subscription.noPlanToChange');
    await this.stripe.subscriptions.update(subscriptionId, {
      items: [
        {
          id: item.id,
          price_data: {
            currency: 'usd',
            product,
            unit_amount: chargeCents(tier, interval),
            recurring: { interval },
          },
        },
      ],
      metadata: { ...s.metadata, tier },
      proration_behavior: 'create_prorations',
    });
  }

  async pause(subscriptionId: string, until: Date) {
    await this.stripe.subscriptions.update(subscriptionId, {
      pause_collection: { behavior: 'void', resumes_at: Math.floor(until.getTime() / 1000) },
    });
  }

  async resume(subscriptionId: string) {
    await this.stripe.subscriptions.update(subscriptionId, { pause_collection: '' });
  }

  async cancelAtPeriodEnd(subscriptionId: string) {
    await this.stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true });
  }

  async cancelNow(subscriptionId: string) {
    await this.stripe.subscriptions.cancel(subscriptionId);
  }
}
