import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { bytea } from './columns';
import { company } from './company';
import { equipment, equipmentNote } from './equipment';
import { user } from './user';
import { workOrder } from './work-order';

/**
 * Documents on machines and records (issue 42, docs/decisions/documents.md): a file's description here,
 * its bytes in `document_chunk` (pieces of DOCUMENT_CHUNK_BYTES, written as the upload streams in), the
 * machines it is on in `document_machine`. Stored in the database so that backups carry them and
 * row-level security covers them. Written only by the documents module (server/src/modules/documents);
 * a machine's Delete Forever removes the documents no other machine holds (trigger of migration 0021).
 */
export const document = pgTable(
  'document',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => company.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    /** domain/documents.ts documentCategories. */
    category: text('category').notNull(),
    filename: text('filename').notNull(),
    /** Read from the bytes (file-type), never the client's word. */
    contentType: text('content_type').notNull(),
    /** Bytes; 0 while the upload is under way. */
    size: integer('size').notNull().default(0),
    /** Hex SHA-256 of the bytes ('' while the upload is under way); the ETag. */
    sha256: text('sha256').notNull().default(''),
    chunkSize: integer('chunk_size').notNull(),
    expiresOn: date('expires_on', { mode: 'string' }),
    notes: text('notes'),
    /** A small WebP made at upload from an image (none for HEIC, PDFs and office files). */
    thumbnail: bytea('thumbnail'),
    /** uploading (chunks being written; nobody sees it) | stored. */
    state: text('state').notNull().default('uploading'),
    uploadedBy: uuid('uploaded_by').references(() => user.id, { onDelete: 'set null' }),
    /** Who uploaded it, by name at the time (a person or an API key). */
    uploadedByName: text('uploaded_by_name').notNull(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
    /** A work order's or a service entry's file (a receipt, an invoice, a photo of the job). */
    workOrderId: uuid('work_order_id').references(() => workOrder.id, { onDelete: 'cascade' }),
    serviceEntryId: uuid('service_entry_id').references(() => equipmentNote.id, {
      onDelete: 'cascade',
    }),
    /** The newer document that replaced this one (it stays, out of the lists). */
    replacedBy: uuid('replaced_by'),
    replacedAt: timestamp('replaced_at', { withTimezone: true }),
  },
  (t) => [
    index('document_company_idx').on(t.companyId, t.state, t.uploadedAt),
    index('document_expires_idx').on(t.companyId, t.expiresOn),
    index('document_work_order_idx').on(t.workOrderId),
    index('document_service_entry_idx').on(t.serviceEntryId),
    index('document_replaced_by_idx').on(t.replacedBy),
    check(
      'document_category_check',
      sql`${t.category} in ('manual', 'registration', 'insurance', 'warranty', 'receipt', 'certificate', 'photo', 'other')`,
    ),
    check('document_state_check', sql`${t.state} in ('uploading', 'stored')`),
  ],
);

/** A document's bytes, piece `n` (0, 1, ...) of `chunk_size` bytes (the last one shorter). */
export const documentChunk = pgTable(
  'document_chunk',
  {
    documentId: uuid('document_id')
      .notNull()
      .references(() => document.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => company.id, { onDelete: 'cascade' }),
    n: integer('n').notNull(),
    bytes: bytea('bytes').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.documentId, t.n] }),
    index('document_chunk_company_idx').on(t.companyId),
  ],
);

/** The machines a document is on (a manual on many machines is stored once). */
export const documentMachine = pgTable(
  'document_machine',
  {
    documentId: uuid('document_id')
      .notNull()
      .references(() => document.id, { onDelete: 'cascade' }),
    equipmentId: uuid('equipment_id')
      .notNull()
      .references(() => equipment.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => company.id, { onDelete: 'cascade' }),
    linkedAt: timestamp('linked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.documentId, t.equipmentId] }),
    index('document_machine_equipment_idx').on(t.companyId, t.equipmentId),
    index('document_machine_equipment_ref_idx').on(t.equipmentId),
  ],
);
