import { sql } from 'drizzle-orm';
import {
  check,
  date,
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
import { photoColumns } from './field';
import { companyRef } from './company';
import { equipmentNote, machineRef } from './equipment';
import { inspectionDefect } from './inspection';
import { userRef } from './user';

/** Work orders and parts (issue 27, docs/work-orders.md). */

export type WorkOrderTask = { id: string; label: string; done: boolean };

const money = (name: string) => numeric(name, { precision: 14, scale: 2, mode: 'number' });
const qty = (name: string) => numeric(name, { precision: 14, scale: 3, mode: 'number' });
/** A company's parts catalogue. `on_hand` moves only through stock moves (modules/parts/stock.service.ts). */
export const part = pgTable(
  'part',
  {
    id: rowId(),
    companyId: companyRef(),
    name: text('name').notNull(),
    partNumber: text('part_number'),
    unit: text('unit').notNull(),
    unitCost: money('unit_cost').notNull().default(0),
    onHand: qty('on_hand').notNull().default(0),
    reorderPoint: qty('reorder_point').notNull().default(0),
    location: text('location'),
    vendor: text('vendor'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('part_company_idx').on(t.companyId, t.name),
    uniqueIndex('part_company_number_idx').on(t.companyId, t.partNumber),
    check('part_on_hand_not_negative', sql`${t.onHand} >= 0`),
  ],
);

/** A work order: per-company number, machine, assignee or vendor, tasks, costs, status. */
export const workOrder = pgTable(
  'work_order',
  {
    id: rowId(),
    companyId: companyRef(),
    number: integer('number').notNull(),
    equipmentId: machineRef(),
    title: text('title').notNull(),
    kind: text('kind').notNull(),
    priority: text('priority').notNull().default('normal'),
    status: text('status').notNull().default('open'),
    dueDate: date('due_date', { mode: 'string' }),
    assigneeId: userRef('assignee_id'),
    vendor: text('vendor'),
    tasks: jsonb('tasks').$type<WorkOrderTask[]>().notNull().default([]),
    /** The machine's service tasks it does (issue 40): completing the order resets them. */
    serviceTaskIds: jsonb('service_task_ids').$type<string[]>().notNull().default([]),
    notes: text('notes'),
    defectId: uuid('defect_id').references(() => inspectionDefect.id, { onDelete: 'set null' }),
    laborHours: money('labor_hours'),
    laborRate: money('labor_rate'),
    otherCost: money('other_cost').notNull().default(0),
    partsCost: money('parts_cost').notNull().default(0),
    total: money('total').notNull().default(0),
    usage: numeric('usage', { precision: 14, scale: 2, mode: 'number' }),
    serviceEntryId: uuid('service_entry_id').references(() => equipmentNote.id, {
      onDelete: 'set null',
    }),
    createdBy: text('created_by').notNull(),
    createdByUserId: userRef('created_by_user_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    completedAt: tz('completed_at'),
    completedBy: text('completed_by'),
    completedByUserId: userRef('completed_by_user_id'),
    /** The phone's Idempotency-Key of the create and of the completion. */
    idempotencyKey: text('idempotency_key'),
    completeKey: text('complete_key'),
  },
  (t) => [
    uniqueIndex('work_order_number_idx').on(t.companyId, t.number),
    uniqueIndex('work_order_idempotency_idx').on(t.companyId, t.idempotencyKey),
    index('work_order_company_status_idx').on(t.companyId, t.status, t.dueDate),
    index('work_order_company_completed_idx').on(t.companyId, t.completedAt),
    index('work_order_equipment_idx').on(t.equipmentId, t.completedAt),
    index('work_order_assignee_idx').on(t.assigneeId, t.status),
    index('work_order_defect_idx').on(t.defectId),
    index('work_order_service_entry_idx').on(t.serviceEntryId),
    index('work_order_created_by_idx').on(t.createdByUserId),
    index('work_order_completed_by_idx').on(t.completedByUserId),
  ],
);

/**
 * A stock move: the only way a part's quantity on hand changes (received, used on a work order or a
 * service, returned by a voided service, adjusted with a reason), with who and when. Written only by modules/parts/stock.service.ts.
 */
export const stockMove = pgTable(
  'stock_move',
  {
    id: rowId(),
    companyId: companyRef(),
    partId: uuid('part_id')
      .notNull()
      .references(() => part.id, { onDelete: 'cascade' }),
    change: qty('change').notNull(),
    reason: text('reason').notNull(),
    note: text('note'),
    onHandAfter: qty('on_hand_after').notNull(),
    /** The part's unit cost at the time (a work order's parts cost). */
    unitCost: money('unit_cost').notNull().default(0),
    workOrderId: uuid('work_order_id').references(() => workOrder.id, { onDelete: 'set null' }),
    /** The service entry (Mark as Serviced) the part was used on, or returned by its void (issue 43). */
    serviceEntryId: uuid('service_entry_id').references(() => equipmentNote.id, {
      onDelete: 'set null',
    }),
    userId: userRef('user_id'),
    byName: text('by_name').notNull(),
    idempotencyKey: text('idempotency_key'),
    createdAt: createdAt(),
  },
  (t) => [
    index('stock_move_part_idx').on(t.partId, t.createdAt),
    index('stock_move_company_idx').on(t.companyId, t.createdAt),
    index('stock_move_work_order_idx').on(t.workOrderId),
    index('stock_move_service_entry_idx').on(t.serviceEntryId),
    index('stock_move_user_idx').on(t.userId),
    uniqueIndex('stock_move_idempotency_idx').on(t.companyId, t.idempotencyKey),
  ],
);

/** A photo taken on a work order (a phone's key makes a second upload a no-op). */
export const workOrderPhoto = pgTable(
  'work_order_photo',
  {
    id: rowId(),
    companyId: companyRef(),
    workOrderId: uuid('work_order_id')
      .notNull()
      .references(() => workOrder.id, { onDelete: 'cascade' }),
    photoKey: text('photo_key').notNull(),
    ...photoColumns(),
  },
  (t) => [
    uniqueIndex('work_order_photo_key_idx').on(t.companyId, t.photoKey),
    index('work_order_photo_order_idx').on(t.workOrderId, t.createdAt),
    index('work_order_photo_user_idx').on(t.uploadedBy),
  ],
);
