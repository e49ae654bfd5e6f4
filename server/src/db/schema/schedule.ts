import { sql } from 'drizzle-orm';
import {
  boolean,
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
import { rowId, createdAt, updatedAt } from './columns';
import { companyRef } from './company';
import { machineRef } from './equipment';

/**
 * A machine's maintenance schedule (issue 40, docs/decisions/maintenance-schedule.md): service tasks,
 * and programs (named sets of task templates applied to many machines). Written only by the schedule
 * module (server/src/modules/schedule).
 */

/** A part a task needs: a catalogue part (`partId`) or free text, with a quantity. */
export type TaskPart = { partId?: string | null; part: string; qty?: number | null };

const usage = (name: string) => numeric(name, { precision: 14, scale: 2, mode: 'number' });
const money = (name: string) => numeric(name, { precision: 14, scale: 2, mode: 'number' });

/** The interval and the documents of a task, shared by a program's templates and a machine's tasks. */
const taskColumns = () => ({
  name: text('name').notNull(),
  /** service | inspection | renewal (domain/schedule.ts taskCategories). */
  category: text('category').notNull().default('service'),
  /** Every N of the machine's unit (null = no usage interval). */
  everyUsage: usage('every_usage'),
  /** Every N days, weeks, months or years (both null = no time interval). */
  everyTimeCount: integer('every_time_count'),
  everyTimeUnit: text('every_time_unit'),
  parts: jsonb('parts').$type<TaskPart[]>().notNull().default([]),
  estimatedCost: money('estimated_cost'),
  notes: text('notes'),
  position: integer('position').notNull().default(0),
});

export const serviceProgram = pgTable(
  'service_program',
  {
    id: rowId(),
    companyId: companyRef(),
    name: text('name').notNull(),
    description: text('description'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('service_program_company_idx').on(t.companyId, t.name)],
);

export const serviceProgramTask = pgTable(
  'service_program_task',
  {
    id: rowId(),
    companyId: companyRef(),
    programId: uuid('program_id')
      .notNull()
      .references(() => serviceProgram.id, { onDelete: 'cascade' }),
    ...taskColumns(),
  },
  (t) => [
    index('service_program_task_program_idx').on(t.programId, t.position),
    index('service_program_task_company_idx').on(t.companyId),
  ],
);

export const serviceTask = pgTable(
  'service_task',
  {
    id: rowId(),
    companyId: companyRef(),
    equipmentId: machineRef(),
    /** The machine's primary task: the equipment form's Service Interval, Last Serviced and Scheduled Maintenance. */
    isPrimary: boolean('is_primary').notNull().default(false),
    ...taskColumns(),
    lastDoneUsage: usage('last_done_usage'),
    lastDoneDate: date('last_done_date', { mode: 'string' }),
    /** Stored (a migrated machine keeps its exact next maintenance date); one time interval after the last done. */
    nextDueDate: date('next_due_date', { mode: 'string' }),
    programId: uuid('program_id').references(() => serviceProgram.id, { onDelete: 'set null' }),
    programTaskId: uuid('program_task_id').references(() => serviceProgramTask.id, {
      onDelete: 'set null',
    }),
    /** Changed on this machine on its own: a program's edits leave it alone. */
    changedFromProgram: boolean('changed_from_program').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('service_task_equipment_idx').on(t.companyId, t.equipmentId, t.position),
    index('service_task_company_due_idx').on(t.companyId, t.nextDueDate),
    uniqueIndex('service_task_primary_idx')
      .on(t.equipmentId)
      .where(sql`${t.isPrimary}`),
    /** Applying a program twice does not duplicate a task. */
    uniqueIndex('service_task_program_task_idx')
      .on(t.equipmentId, t.programTaskId)
      .where(sql`${t.programTaskId} is not null`),
    index('service_task_program_idx').on(t.programId),
    index('service_task_program_task_ref_idx').on(t.programTaskId),
  ],
);
