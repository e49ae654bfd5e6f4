import {
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { rowId, tz, createdAt, updatedAt } from './columns';
import { companyRef } from './company';
import { equipmentNote, operatorUpdate, machineRef } from './equipment';
import { userRef } from './user';

/** Pre-use inspections (issue 16, docs/decisions/inspections.md). */

export type TemplateItem = {
  id: string;
  label: string;
  help: string;
  kind: 'passFail' | 'number' | 'text';
  unit: string;
  required: boolean;
  critical: boolean;
};

export type InspectionAnswer = {
  itemId: string;
  label: string;
  kind: 'passFail' | 'number' | 'text';
  unit: string;
  critical: boolean;
  result: 'pass' | 'fail' | null;
  number: number | null;
  text: string | null;
  note: string | null;
};

/** A company's checklist template. Archived, never deleted: inspections keep a copy of what was asked. */
export const inspectionTemplate = pgTable(
  'inspection_template',
  {
    id: rowId(),
    companyId: companyRef(),
    name: text('name').notNull(),
    equipmentTypes: jsonb('equipment_types').$type<string[]>().notNull().default([]),
    equipmentIds: jsonb('equipment_ids').$type<string[]>().notNull().default([]),
    daily: boolean('daily').notNull().default(true),
    items: jsonb('items').$type<TemplateItem[]>().notNull(),
    /** The ready-made checklist it was copied from (vehicle | machinery | tools). */
    starter: text('starter'),
    createdBy: userRef('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    archivedAt: tz('archived_at'),
  },
  (t) => [index('inspection_template_company_idx').on(t.companyId, t.archivedAt, t.name)],
);

/** One submitted inspection: the answers as asked (labels copied), the reading taken with it. */
export const inspection = pgTable(
  'inspection',
  {
    id: rowId(),
    companyId: companyRef(),
    equipmentId: machineRef(),
    templateId: uuid('template_id').references(() => inspectionTemplate.id, {
      onDelete: 'set null',
    }),
    templateName: text('template_name').notNull(),
    operatorId: userRef('operator_id'),
    operatorName: text('operator_name').notNull(),
    reading: numeric('reading', { precision: 14, scale: 2, mode: 'number' }),
    /** The operator update that carried the reading (same rules as a usage update). */
    readingUpdateId: uuid('reading_update_id').references(() => operatorUpdate.id, {
      onDelete: 'set null',
    }),
    answers: jsonb('answers').$type<InspectionAnswer[]>().notNull(),
    failedCount: integer('failed_count').notNull().default(0),
    idempotencyKey: text('idempotency_key'),
    device: text('device'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('inspection_idempotency_idx').on(t.companyId, t.idempotencyKey),
    index('inspection_company_idx').on(t.companyId, t.createdAt),
    index('inspection_equipment_idx').on(t.equipmentId, t.createdAt),
    index('inspection_template_idx').on(t.templateId),
  ],
);

/** A failed item of an inspection, for the manager. Resolution is a state on the row. */
export const inspectionDefect = pgTable(
  'inspection_defect',
  {
    id: rowId(),
    companyId: companyRef(),
    equipmentId: machineRef(),
    /** Null for a problem an operator reported from the phone without a checklist (issue 27). */
    inspectionId: uuid('inspection_id').references(() => inspection.id, { onDelete: 'cascade' }),
    itemId: text('item_id').notNull(),
    itemLabel: text('item_label').notNull(),
    critical: boolean('critical').notNull().default(false),
    note: text('note').notNull().default(''),
    /** field_photo.update_key of its photo ("inspection:<inspection key>:<item id>"). */
    photoKey: text('photo_key'),
    createdAt: createdAt(),
    resolvedAt: tz('resolved_at'),
    resolvedBy: text('resolved_by'),
    resolvedByUserId: userRef('resolved_by_user_id'),
    resolutionNote: text('resolution_note'),
    serviceEntryId: uuid('service_entry_id').references(() => equipmentNote.id, {
      onDelete: 'set null',
    }),
    /** A reported problem (issue 27): the operator who reported it (their name as it was then). */
    reportedById: userRef('reported_by_id'),
    reportedBy: text('reported_by'),
    /** A reported problem's idempotency key (the phone's outbox key): recorded once. */
    idempotencyKey: text('idempotency_key'),
  },
  (t) => [
    uniqueIndex('inspection_defect_idempotency_idx').on(t.companyId, t.idempotencyKey),
    index('inspection_defect_reporter_idx').on(t.reportedById),
    index('inspection_defect_company_idx').on(t.companyId, t.resolvedAt, t.createdAt),
    index('inspection_defect_equipment_idx').on(t.equipmentId, t.resolvedAt),
    index('inspection_defect_inspection_idx').on(t.inspectionId),
    index('inspection_defect_service_idx').on(t.serviceEntryId),
  ],
);
