import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** The tenant. The spec's "company settings" entity. */
export const company = pgTable(
  'company',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** Shared operator password, AES-256-GCM encrypted with APP_SECRET (never plain text). */
    operatorPasswordEnc: text('operator_password_enc'),
    timeZone: text('time_zone').notNull().default('UTC'),
    /** gal | L: the unit every fuel volume is shown and typed in (issue 45); stored volumes stay gallons. */
    volumeUnit: text('volume_unit').notNull().default('gal'),
    subscriptionTier: text('subscription_tier').notNull().default('basic'),
    equipmentLimit: integer('equipment_limit').notNull().default(15),
    subscriptionStatus: text('subscription_status').notNull().default('trial'),
    billingInterval: text('billing_interval'),
    trialStartDate: timestamp('trial_start_date', { withTimezone: true }),
    trialEndDate: timestamp('trial_end_date', { withTimezone: true }),
    /** End of the paid period (the spec's subscriptionExpiry / subscriptionEndDate). */
    subscriptionEndDate: timestamp('subscription_end_date', { withTimezone: true }),
    pauseEndDate: timestamp('pause_end_date', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    paymentCustomerId: text('payment_customer_id'),
    paymentSubscriptionId: text('payment_subscription_id'),
    /** Secret of the company's iCalendar feed URL (null until first shown; regenerated to revoke). */
    calendarToken: text('calendar_token'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('company_name_lower_idx').on(sql`lower(${t.name})`),
    uniqueIndex('company_payment_subscription_idx').on(t.paymentSubscriptionId),
    uniqueIndex('company_calendar_token_idx').on(t.calendarToken),
  ],
);

/** Webhook / billing events already handled (idempotency). */
export const billingEvent = pgTable('billing_event', {
  id: text('id').primaryKey(),
  companyId: uuid('company_id').references(() => company.id, { onDelete: 'cascade' }),
  type: text('type').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
