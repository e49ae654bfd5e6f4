import { jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { tz } from './columns';
import { companyRef } from './company';
import { equipmentNote } from './equipment';

/**
 * What a data migration found in a history entry before it rewrote it (docs/decisions/
 * data-migrations-keep-the-original.md): the entry's kind, params and content as they were, one
 * row per entry and migration. Kept until a later release has shown the rewrite right, so a wrong parse
 * can be repaired from what was there; nothing in the app reads it. Deleted with its entry.
 */
export const equipmentNoteOriginal = pgTable(
  'equipment_note_original',
  {
    noteId: uuid('note_id')
      .notNull()
      .references(() => equipmentNote.id, { onDelete: 'cascade' }),
    companyId: companyRef(),
    /** The migration that rewrote the entry (its file name without .sql). */
    migration: text('migration').notNull(),
    kind: text('kind').notNull(),
    params: jsonb('params').$type<Record<string, unknown>>().notNull(),
    content: text('content').notNull(),
    savedAt: tz('saved_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.noteId, t.migration] })],
);
