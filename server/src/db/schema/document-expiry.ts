import { date, index, primaryKey, text, timestamp, uuid, pgTable } from 'drizzle-orm/pg-core';
import { company } from './company';
import { document } from './document';

/**
 * The `document.expiring` webhook's sent-markers (issue 42, docs/api.md): one row per document, expiry
 * date and milestone (`soon`: within 30 days; `today`) whose event was recorded. The primary key is the
 * "once": two app servers running the pass together both try the insert and one gets the row. A new
 * expiry date (a corrected or renewed document) is announced again. Written only by
 * modules/documents/expiring-events.ts.
 */
export const documentExpirySent = pgTable(
  'document_expiry_sent',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => company.id, { onDelete: 'cascade' }),
    documentId: uuid('document_id')
      .notNull()
      .references(() => document.id, { onDelete: 'cascade' }),
    expiresOn: date('expires_on', { mode: 'string' }).notNull(),
    milestone: text('milestone').notNull(),
    eventId: uuid('event_id').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.documentId, t.expiresOn, t.milestone] }),
    index('document_expiry_sent_company_idx').on(t.companyId, t.sentAt),
  ],
);
