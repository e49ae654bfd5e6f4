import { z } from 'zod';
import { text } from './primitives';
import { billingIntervalSchema, tierSchema } from '../plans';
import { subscriptionMessages } from '../messages/subscription';
import { subscriptionStatuses } from '../subscription';

const tierField = z.enum(['basic', 'professional', 'enterprise'], {
  message: subscriptionMessages.tierInvalid,
});

export const checkoutRequestSchema = z.object({
  tier: tierField,
  billingInterval: z.enum(['month', 'year'], {
    message: subscriptionMessages.intervalInvalid,
  }),
});
export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;

export const upgradeRequestSchema = z.object({ tier: tierField });
export const pauseRequestSchema = z.object({
  months: z.union([z.literal(3), z.literal(6)], { message: subscriptionMessages.pauseMonths }),
});

export const checkoutSessionParamsSchema = z.object({
  sessionId: text().min(1).max(2000),
});

/** GET /api/subscription */
export const subscriptionViewSchema = z.object({
  status: z.enum(subscriptionStatuses),
  tier: tierSchema,
  equipmentLimit: z.number(),
  billingInterval: billingIntervalSchema.nullable(),
  trialStartDate: z.string().nullable(),
  trialEndDate: z.string().nullable(),
  subscriptionEndDate: z.string().nullable(),
  pauseEndDate: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  trialDaysLeft: z.number(),
  equipmentCount: z.number(),
  /** Bytes the company's documents take, and its plan's limit (issue 42). */
  storage: z.object({ used: z.number(), limit: z.number() }),
  overLimit: z.boolean(),
  entitled: z.boolean(),
  reason: z.enum(['trial', 'active', 'trial_ended', 'canceled', 'expired', 'paused']),
  /** Why writes are refused (English) and its catalogue key and parameters, for the client to translate. */
  message: z.string().nullable(),
  messageKey: z.string().nullable(),
  messageParams: z.record(z.string(), z.string()).nullable(),
  canManage: z.boolean(),
  canCheckout: z.boolean(),
  canChangeTier: z.boolean(),
  canPause: z.boolean(),
  canReactivate: z.boolean(),
  canCancel: z.boolean(),
  provider: z.enum(['stripe', 'local']),
});
export type SubscriptionView = z.infer<typeof subscriptionViewSchema>;

/** GET /api/checkout/:sessionId (local provider's in-app checkout page). */
export const localCheckoutViewSchema = z.object({
  sessionId: z.string(),
  businessName: z.string(),
  tier: tierSchema,
  billingInterval: billingIntervalSchema,
  amountCents: z.number(),
});
export type LocalCheckoutView = z.infer<typeof localCheckoutViewSchema>;

/** GET /api/admin/accounts */
export const adminAccountsQuerySchema = z.object({
  search: text().trim().max(200).optional().default(''),
  page: z.coerce.number().int().min(1).max(100000).optional().default(1),
  pageSize: z.coerce.number().int().min(1).max(100).optional().default(20),
});
export type AdminAccountsQuery = z.infer<typeof adminAccountsQuerySchema>;

export const adminAccountSchema = z.object({
  id: z.string(),
  businessName: z.string(),
  email: z.string().nullable(),
  tier: z.string(),
  status: z.string(),
  equipmentLimit: z.number(),
  expiry: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminAccount = z.infer<typeof adminAccountSchema>;
export const adminAccountsPageSchema = z.object({
  items: z.array(adminAccountSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type AdminAccountsPage = z.infer<typeof adminAccountsPageSchema>;
