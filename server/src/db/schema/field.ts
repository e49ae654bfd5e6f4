import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { bytea, rowId, createdAt } from './columns';
import { companyRef } from './company';
import { userRef } from './user';

/** A stored photo's columns, the same for an operator's field photo and a work order's photo. */
export const photoColumns = () => ({
  /** Sniffed from the bytes: image/jpeg | image/png | image/webp. */
  contentType: text('content_type').notNull(),
  byteSize: integer('byte_size').notNull(),
  data: bytea('data').notNull(),
  uploadedBy: userRef('uploaded_by'),
  createdAt: createdAt(),
});

/**
 * A photo sent with an operator update (issue 13), stored in the database so that it works on PGlite
 * and PostgreSQL and behind several app servers. It belongs to the update recorded under the same
 * idempotency key in the same company (operator_update.idempotency_key); one photo per update.
 */
export const fieldPhoto = pgTable(
  'field_photo',
  {
    id: rowId(),
    companyId: companyRef(),
    updateKey: text('update_key').notNull(),
    ...photoColumns(),
  },
  (t) => [
    uniqueIndex('field_photo_update_idx').on(t.companyId, t.updateKey),
    index('field_photo_company_idx').on(t.companyId, t.createdAt),
  ],
);
