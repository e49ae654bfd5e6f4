import { sql } from 'drizzle-orm';
import { bigint, boolean, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { rowId, tz, createdAt, updatedAt } from './columns';

/** The tenant. The spec's "company settings" entity. */
export const company = pgTable(
  'company',
  {
    id: rowId(),
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
    trialStartDate: tz('trial_start_date'),
    trialEndDate: tz('trial_end_date'),
    /** End of the paid period (the spec's subscriptionExpiry / subscriptionEndDate). */
    subscriptionEndDate: tz('subscription_end_date'),
    pauseEndDate: tz('pause_end_date'),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    paymentCustomerId: text('payment_customer_id'),
    paymentSubscriptionId: text('payment_subscription_id'),
    /** Secret of the company's iCalendar feed URL (null until first shown; regenerated to revoke). */
    calendarToken: text('calendar_token'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('company_name_lower_idx').on(sql`lower(${t.name})`),
    uniqueIndex('company_payment_subscription_idx').on(t.paymentSubscriptionId),
    uniqueIndex('company_calendar_token_idx').on(t.calendarToken),
  ],
);

/** A row's company: required, and the row goes when its company does. */
export const companyRef = () =>
  uuid('company_id')
    .notNull()
    .references(() => company.id, { onDelete: 'cascade' });

/**
 * A number that moves whenever a transaction that wrote any of the company's rows commits (migration
 * 0030: a deferred trigger on the company and on every table with a company_id, once per transaction).
 * Every app server reads it, so answers kept in memory (plugins/cached-read.ts) are exact on PostgreSQL
 * too, whichever server wrote (docs/decisions/0012-embedded-read-cache.md). No foreign key: the row of a
 * deleted company is harmless, and the company's delete must not wait on it.
 */
export const companyDataVersion = pgTable('company_data_version', {
  companyId: uuid('company_id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

/** Webhook / billing events already handled (idempotency). */
export const billingEvent = pgTable('billing_event', {
  id: text('id').primaryKey(),
  companyId: uuid('company_id').references(() => company.id, { onDelete: 'cascade' }),
  type: text('type').notNull(),
  createdAt: createdAt(),
});
