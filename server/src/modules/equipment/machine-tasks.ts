/**
 * A machine's maintenance schedule as the status engine reads it (issue 40): its service tasks' figures,
 * read in the same statement as the machine (a JSON column) or for many machines in one query. The
 * schedule module (server/src/modules/schedule) is the only writer of `service_task`; this is a reader,
 * kept here because every equipment answer's status is its worst task's and the schedule module builds on
 * the equipment module (never the other way round).
 *
 * Every equipment answer's status, next task and forecast come from one function,
 * domain/schedule.ts machineScheduleOf, fed by the readers below.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  machineScheduleOf,
  taskTimeUnits,
  type MachineSchedule,
  type TaskFigures,
} from '@domain/schedule';
import { usualDailyUsage } from '@domain/usage-rate';
import type { DbOrTx } from '../../db/client';
import { serviceTask } from '../../db/schema/index';
import type { EquipmentDto } from '@domain/schemas/equipment';
import { toEquipmentDto, type Row } from './equipment.dto';
import { readingsOf } from './forecast.service';

/** One task as the engine reads it; `primary`: the machine's own interval fields' task. */
export type MachineTask = TaskFigures & { id: string; name: string; primary: boolean };

/**
 * A task as its compact JSON tuple: id, name, every usage, every time (count, unit), last done (usage,
 * date), next due date, primary.
 */
type TaskTuple = [
  string,
  string,
  number | string | null,
  number | null,
  string | null,
  number | string | null,
  string | null,
  string | null,
  boolean,
];

const num = (v: number | string | null): number | null => (v === null ? null : Number(v));

/** Tuples (JSON, or its text on some drivers) -> tasks. */
export function tasksFromJson(raw: unknown): MachineTask[] {
  const tuples = (typeof raw === 'string' ? JSON.parse(raw) : (raw ?? [])) as TaskTuple[];
  return tuples.map(([id, name, every, count, unit, lastUsage, lastDate, next, primary]) => {
    const everyUsage = num(every);
    const u = taskTimeUnits.find((x) => x === unit);
    return {
      id,
      name,
      everyUsage: everyUsage !== null && everyUsage > 0 ? everyUsage : null,
      everyTime: count !== null && count > 0 && u ? { count, unit: u } : null,
      lastDoneUsage: num(lastUsage),
      lastDoneDate: lastDate,
      nextDueDate: next,
      primary: primary === true,
    };
  });
}

/** A task (alias t) as its TaskTuple: the one column list both readers below use. */
const taskTuple = sql.raw(`json_build_array(t.id, t.name, t.every_usage, t.every_time_count,
    t.every_time_unit, t.last_done_usage, t.last_done_date, t.next_due_date, t.is_primary)`);

/**
 * The machine row of the statement, qualified by hand: a one-table select writes its columns bare
 * ("id"), which inside the tasks' subquery would name the task's own columns.
 */
const ofEquipmentRow = {
  id: sql.raw('"equipment"."id"'),
  companyId: sql.raw('"equipment"."company_id"'),
};

/**
 * The tasks of the machine `machine` (an SQL expression of its row: `equipment` by default) as one
 * JSON array of tuples, in the schedule's order (the primary first): a column of the machine's own
 * statement. Served by the (company_id, equipment_id, position) index.
 */
export function tasksJson(machine: { id: SQL; companyId: SQL } = ofEquipmentRow) {
  return sql<unknown>`(select coalesce(json_agg(${taskTuple}
    order by t.position, t.created_at, t.id), '[]')
    from ${serviceTask} t where t.company_id = ${machine.companyId} and t.equipment_id = ${machine.id})`;
}

/**
 * A version of the machine's tasks that changes on every write of any of them, and when one is added or
 * removed (their xmins): kept items keyed by the machine's row version add it (overview-items.ts).
 */
export const tasksVersion = sql<string>`(select coalesce(string_agg(t.xmin::text, '.' order by t.id), '')
    from ${serviceTask} t where t.company_id = ${ofEquipmentRow.companyId} and t.equipment_id = ${ofEquipmentRow.id})`;

/** The tasks of some machines of a company, in one query (none for a machine without tasks). */
export async function tasksByMachine(
  db: DbOrTx,
  companyId: string,
  ids: readonly string[],
): Promise<Map<string, MachineTask[]>> {
  const out = new Map<string, MachineTask[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return out;
  // One array parameter (the ids are uuids read from the database), like readingsOf.
  const res = await db.execute(sql`select t.equipment_id as "equipmentId",
      ${taskTuple} as task
    from ${serviceTask} t
    where t.company_id = ${companyId} and t.equipment_id = any(${`{${ids.join(',')}}`}::uuid[])
    order by t.equipment_id, t.position, t.created_at, t.id`);
  const rows = (res as unknown as { rows: { equipmentId: string; task: unknown }[] }).rows;
  for (const r of rows) {
    const raw = typeof r.task === 'string' ? JSON.parse(r.task) : r.task;
    out.get(r.equipmentId)?.push(...tasksFromJson([raw]));
  }
  return out;
}

/** What a machine's schedule is computed from, besides its tasks. */
export type ScheduledMachine = {
  id: string;
  currentUsage: number;
  threshold?: number | null;
  alertThreshold?: number | null;
};

/**
 * The schedules of some machines: their tasks in one query, their readings in readingsOf's two, and the
 * one function per machine. What an answer made of rows it already has (a write's, an export's) uses.
 */
export async function schedulesOf(
  db: DbOrTx,
  companyId: string,
  machines: readonly ScheduledMachine[],
  now: Date,
  today: string,
): Promise<Map<string, MachineSchedule<MachineTask>>> {
  const ids = machines.map((m) => m.id);
  const [tasks, readings] = await Promise.all([
    tasksByMachine(db, companyId, ids),
    readingsOf(db, companyId, ids, now),
  ]);
  const out = new Map<string, MachineSchedule<MachineTask>>();
  for (const m of machines)
    out.set(
      m.id,
      machineScheduleOf(
        tasks.get(m.id) ?? [],
        m,
        usualDailyUsage(readings.get(m.id) ?? [], now),
        today,
      ),
    );
  return out;
}

/** One machine's schedule (see schedulesOf). */
export async function scheduleOfRow(
  db: DbOrTx,
  companyId: string,
  m: ScheduledMachine,
  now: Date,
  today: string,
): Promise<MachineSchedule<MachineTask>> {
  const s = (await schedulesOf(db, companyId, [m], now, today)).get(m.id);
  if (!s) throw new Error('unreachable: a schedule per machine asked');
  return s;
}

/** A machine as every answer shows it (a write's answer): its row with its schedule's status. */
export async function equipmentDtoOf(
  db: DbOrTx,
  companyId: string,
  row: Row,
  now: Date,
  today: string,
): Promise<EquipmentDto> {
  return toEquipmentDto(row, (await scheduleOfRow(db, companyId, row, now, today)).status);
}
