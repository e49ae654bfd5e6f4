import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { rowId, tz, createdAt } from './columns';
import { company, companyRef } from './company';
import { user, userRef } from './user';

/**
 * Every email the app sends, written in the same transaction as what it reports (issue 14,
 * docs/decisions/digest-and-outbox.md). `dedupe_key` is unique: one digest per user per period,
 * whatever the number of app servers. Sent through SMTP when SMTP_URL is set; otherwise kept here
 * (status `kept`) and shown to the platform admin.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: rowId(),
    companyId: uuid('company_id').references(() => company.id, { onDelete: 'cascade' }),
    userId: userRef('user_id'),
    /** e.g. digest:<user id>:<period> */
    dedupeKey: text('dedupe_key').notNull(),
    /** digest */
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    /** Extra headers (List-Unsubscribe ...). */
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    /** pending | sending | sent | kept | failed */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** A sender holds a `sending` row until then; after it, the row may be claimed again. */
    claimedUntil: tz('claimed_until'),
    createdAt: createdAt(),
    sentAt: tz('sent_at'),
  },
  (t) => [
    uniqueIndex('mail_outbox_dedupe_idx').on(t.dedupeKey),
    index('mail_outbox_status_idx').on(t.status, t.createdAt),
    index('mail_outbox_created_idx').on(t.createdAt),
    index('mail_outbox_company_idx').on(t.companyId),
    index('mail_outbox_user_idx').on(t.userId),
  ],
);

/**
 * What the last digest of a user reported: the period it covered and each machine's status then,
 * so the next one lists only what became approaching, due or overdue since.
 */
export const digestState = pgTable(
  'digest_state',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    companyId: companyRef(),
    /** The last period handled (YYYY-MM-DD of the company's day), sent or not. */
    lastPeriod: text('last_period').notNull(),
    /** When that period was handled. */
    lastRunAt: tz('last_run_at').notNull(),
    /** equipment id -> service status at the last run */
    statuses: jsonb('statuses')
      .$type<Record<string, string>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
  },
  (t) => [index('digest_state_company_idx').on(t.companyId)],
);
