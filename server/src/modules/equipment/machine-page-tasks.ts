import { sql } from 'drizzle-orm';
import type { TaskRow } from '../schedule/index';

/**
 * The machine page's tasks (issue 40), read inside its one statement: every task of the machine in
 * its order (the primary first), as the schedule module's rows, which it maps to the API's TaskDto
 * (schedule/task-rows.ts toTaskDtos: one mapping for the page and GET /api/equipment/:id/tasks).
 */
export const tasksSql = sql<unknown>`(select coalesce(json_agg(json_build_object('id', t.id,
    'companyId', t.company_id, 'equipmentId', t.equipment_id, 'isPrimary', t.is_primary, 'name', t.name,
    'category', t.category, 'everyUsage', t.every_usage, 'everyTimeCount', t.every_time_count,
    'everyTimeUnit', t.every_time_unit, 'parts', t.parts, 'estimatedCost', t.estimated_cost, 'notes', t.notes,
    'position', t.position, 'lastDoneUsage', t.last_done_usage, 'lastDoneDate', t.last_done_date,
    'nextDueDate', t.next_due_date, 'programId', t.program_id, 'programTaskId', t.program_task_id,
    'changedFromProgram', t.changed_from_program, 'createdAt', t.created_at, 'updatedAt', t.updated_at)
    order by t.position, t.created_at, t.id), '[]')
  from service_task t where t.company_id = "equipment"."company_id" and t.equipment_id = "equipment"."id")`;

type RawTask = Omit<TaskRow, 'createdAt' | 'updatedAt'> & { createdAt: string; updatedAt: string };

const numOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

/** JSON from the database (parsed already by pg, text from some drivers) as the schedule's rows. */
export function taskRowsOf(raw: unknown): TaskRow[] {
  const list = (
    raw === null || raw === undefined ? [] : typeof raw === 'string' ? JSON.parse(raw) : raw
  ) as RawTask[];
  return list.map((t) => ({
    ...t,
    everyUsage: numOrNull(t.everyUsage),
    everyTimeCount: numOrNull(t.everyTimeCount),
    estimatedCost: numOrNull(t.estimatedCost),
    lastDoneUsage: numOrNull(t.lastDoneUsage),
    position: Number(t.position),
    parts: t.parts ?? [],
    createdAt: new Date(t.createdAt),
    updatedAt: new Date(t.updatedAt),
  }));
}
