import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { bytea } from './columns';
import { company } from './company';
import { user } from './user';

/**
 * A photo sent with an operator update (issue 13), stored in the database so that it works on PGlite
 * and PostgreSQL and behind several app servers. It belongs to the update recorded under the same
 * idempotency key in the same company (operator_update.idempotency_key); one photo per update.
 */
export const fieldPhoto = pgTable(
  'field_photo',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => company.id, { onDelete: 'cascade' }),
    updateKey: text('update_key').notNull(),
    /** Sniffed from the bytes: image/jpeg | image/png | image/webp. */
    contentType: text('content_type').notNull(),
    byteSize: integer('byte_size').notNull(),
    data: bytea('data').notNull(),
    uploadedBy: uuid('uploaded_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('field_photo_update_idx').on(t.companyId, t.updateKey),
    index('field_photo_company_idx').on(t.companyId, t.createdAt),
  ],
);
