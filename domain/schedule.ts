/**
 * A machine's maintenance schedule (issue 40, docs/decisions/maintenance-schedule.md): any number of
 * service tasks, each with its own interval by usage, by time or both (whichever comes first), and
 * its own last done. Plain code, no zod (the status screens load it).
 *
 * One task is exactly the machine of before tasks existed: its status and its forecast ARE the one
 * status engine's (domain/status.ts computeStatus) and the one forecast's (domain/forecast.ts
 * forecastService) on the task's figures, so the thresholds (approaching at 80 % or within 7 days, due
 * at 100 % or within 1 day, overdue at 110 % or past the date) and every rounding are the same code.
 * A machine's status is its worst task's; its next task is the one due soonest.
 */
import { addInterval, daysBetween } from './dates';
import { forecastService, type Forecast } from './forecast';
import { computeStatus, statusRank, usageStanding, worse, type ServiceStatus } from './status';
import type { EquipmentStatus } from './status-values';
import type { UsageRate } from './usage-rate';

export const taskCategories = ['service', 'inspection', 'renewal'] as const;
export type TaskCategory = (typeof taskCategories)[number];
export const taskTimeUnits = ['days', 'weeks', 'months', 'years'] as const;
export type TaskTimeUnit = (typeof taskTimeUnits)[number];
export type EveryTime = { count: number; unit: TaskTimeUnit };

/** The name a machine's primary task is created with; shown in the reader's language while it is unchanged. */
export const PRIMARY_TASK_NAME = 'Service';

/** What the engine reads of one task. */
export type TaskFigures = {
  /** Every N of the machine's unit; null (or <= 0) = no usage interval. */
  everyUsage: number | null;
  /** Every N days, weeks, months or years; null = no time interval. */
  everyTime: EveryTime | null;
  lastDoneUsage: number | null;
  /** YYYY-MM-DD */
  lastDoneDate: string | null;
  /**
   * The next due date as stored: one time interval after the last done (nextDueDateOf), kept as data so
   * a migrated machine keeps the exact date it had (its calendar maintenance's next date).
   */
  nextDueDate: string | null;
};

/** start + a task's time interval, month-end safe (Jan 31 + 1 month = Feb 28); a week is 7 days. */
export function addTime(start: string, every: EveryTime): string {
  if (every.unit === 'weeks') return addInterval(start, every.count * 7, 'days');
  return addInterval(start, every.count, every.unit);
}

/** The next due date after a last done: one time interval later (null without either). */
export function nextDueDateOf(
  lastDoneDate: string | null | undefined,
  everyTime: EveryTime | null | undefined,
): string | null {
  if (!lastDoneDate || !everyTime || !(everyTime.count > 0)) return null;
  return addTime(lastDoneDate, everyTime);
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** The usage the task is next due at (null without a positive usage interval). */
export function nextDueUsageOf(
  t: Pick<TaskFigures, 'everyUsage' | 'lastDoneUsage'>,
): number | null {
  const every = t.everyUsage ?? 0;
  return every > 0 ? round2((t.lastDoneUsage ?? 0) + every) : null;
}

/** The task's figures in the words of the one status engine (the machine of before tasks existed). */
export function statusInputOf(t: TaskFigures, currentUsage: number) {
  return {
    currentUsage,
    lastServiceUsage: t.lastDoneUsage ?? 0,
    serviceInterval: t.everyUsage ?? 0,
    hasScheduledMaintenance: t.nextDueDate !== null,
    nextMaintenanceDate: t.nextDueDate,
  };
}

/** One task's status for the company's today: the one status engine on the task's figures. */
export function taskStatusOf(t: TaskFigures, currentUsage: number, today: string): EquipmentStatus {
  return computeStatus(statusInputOf(t, currentUsage), today);
}

/** One task's forecast: the machine's one usual daily rate, the task's own interval. */
export function taskForecastOf(
  t: TaskFigures,
  currentUsage: number,
  rate: UsageRate,
  today: string,
): Forecast {
  return forecastService(statusInputOf(t, currentUsage), rate, today);
}

/**
 * How much of the interval is used, in percent: by usage when the task has a usage interval, else by
 * days from the last done to the next due date (null when neither can be told).
 */
export function percentUsedOf(
  t: TaskFigures,
  status: Pick<EquipmentStatus, 'usagePercent'>,
  today: string,
): number | null {
  if (status.usagePercent !== null) return status.usagePercent;
  if (!t.lastDoneDate || !t.nextDueDate) return null;
  const span = daysBetween(t.lastDoneDate, t.nextDueDate);
  if (!(span > 0)) return null;
  return (daysBetween(t.lastDoneDate, today) / span) * 100;
}

/** A task with what the engine says of it. */
export type TaskView<T> = {
  task: T;
  status: EquipmentStatus;
  forecast: Forecast;
  percentUsed: number | null;
  /** Whole days from today to the forecast date (negative when past it); null without one. */
  daysLeft: number | null;
  /** What gives the forecast date: the usage at the machine's rate, or the calendar. */
  basis: 'usage' | 'calendar' | null;
};

export function viewTask<T extends TaskFigures>(
  task: T,
  currentUsage: number,
  rate: UsageRate,
  today: string,
): TaskView<T> {
  const status = taskStatusOf(task, currentUsage, today);
  const forecast = taskForecastOf(task, currentUsage, rate, today);
  return {
    task,
    status,
    forecast,
    percentUsed: percentUsedOf(task, status, today),
    daysLeft: forecast.daysUntil,
    basis: forecast.basis,
  };
}

/**
 * The order "due soonest": the earlier forecast date first (a task without one after every task with
 * one), then the worse status, then the higher percent used, then the name.
 */
export function dueSoonestFirst<T extends { name: string }>(
  a: TaskView<T>,
  b: TaskView<T>,
): number {
  const da = a.forecast.dueDate;
  const db = b.forecast.dueDate;
  if (da !== db) {
    if (da === null) return 1;
    if (db === null) return -1;
    return da < db ? -1 : 1;
  }
  const r = statusRank(b.status.serviceStatus) - statusRank(a.status.serviceStatus);
  if (r !== 0) return r;
  const pa = a.percentUsed ?? -Infinity;
  const pb = b.percentUsed ?? -Infinity;
  if (pa !== pb) return pb > pa ? 1 : -1;
  return a.task.name.localeCompare(b.task.name);
}

/** The worst of some statuses (`good` for none). */
export function worstOf(statuses: Iterable<ServiceStatus>): ServiceStatus {
  let out: ServiceStatus = 'good';
  for (const s of statuses) out = worse(out, s);
  return out;
}

/** A machine's next task: the one due soonest, with its due usage and date and its forecast date. */
export type NextTask = {
  id: string;
  name: string;
  /** The machine's primary task (its default name "Service" is shown in the reader's language). */
  primary: boolean;
  dueUsage: number | null;
  dueDate: string | null;
  forecastDate: string | null;
};

/** The task due soonest among those with a schedule (null when no task has one). */
export function nextTaskOf<T extends TaskFigures & { id: string; name: string; primary?: boolean }>(
  views: readonly TaskView<T>[],
): NextTask | null {
  const scheduled = views.filter((v) => v.status.hasSchedule);
  if (scheduled.length === 0) return null;
  const first = [...scheduled].sort(dueSoonestFirst)[0]!;
  return {
    id: first.task.id,
    name: first.task.name,
    primary: first.task.primary === true,
    dueUsage: first.status.nextServiceUsage,
    dueDate: first.task.nextDueDate,
    forecastDate: first.forecast.dueDate,
  };
}

/** What a machine's status is computed from of one task (a TaskView has it; the forecast is not needed). */
export type TaskStanding<T> = Pick<TaskView<T>, 'task' | 'status' | 'percentUsed'>;

/** The figures a machine's lifespan is told from (its usage and its end-of-life threshold). */
export type Lifespan = {
  currentUsage: number;
  threshold?: number | null;
  alertThreshold?: number | null;
};

/**
 * The order "drives the machine's figures" among tasks of one status: the more used first (percent of
 * its interval), then the earlier next due date, then the name. It does not depend on the usage rate,
 * so every screen, the counts and the exports pick the same task whether or not they read readings.
 */
function drivingFirst<T extends TaskFigures & { name: string }>(
  a: TaskStanding<T>,
  b: TaskStanding<T>,
): number {
  const r = statusRank(b.status.serviceStatus) - statusRank(a.status.serviceStatus);
  if (r !== 0) return r;
  const pa = a.percentUsed ?? -Infinity;
  const pb = b.percentUsed ?? -Infinity;
  if (pa !== pb) return pb > pa ? 1 : -1;
  const da = a.task.nextDueDate;
  const db = b.task.nextDueDate;
  if (da !== db) {
    if (da === null) return 1;
    if (db === null) return -1;
    return da < db ? -1 : 1;
  }
  return a.task.name.localeCompare(b.task.name);
}

/**
 * A machine's status from its tasks: the worst task's status; critical when any task is; the figures
 * (percent, days, next usage, remaining, past by) are the driving task's: the worst one, the most used
 * among equals (drivingFirst; never the usage rate, so the figures are the same on every screen). One
 * task: exactly that task's status, which is the status of before tasks. No task with a schedule: "No
 * schedule" (hasSchedule false), with the lifespan figures kept.
 */
export function machineStatusOf<T extends TaskFigures & { name: string }>(
  standings: readonly TaskStanding<T>[],
  lifespan: Lifespan,
  today: string,
): EquipmentStatus {
  const none = computeStatus(
    {
      currentUsage: lifespan.currentUsage,
      lastServiceUsage: 0,
      serviceInterval: 0,
      hasScheduledMaintenance: false,
      nextMaintenanceDate: null,
      threshold: lifespan.threshold,
      alertThreshold: lifespan.alertThreshold,
    },
    today,
  );
  const scheduled = standings.filter((v) => v.status.hasSchedule);
  if (scheduled.length === 0) return none;
  const driving = [...scheduled].sort(drivingFirst)[0]!;
  return {
    ...driving.status,
    critical: scheduled.some((v) => v.status.critical),
    severelyCritical: scheduled.some((v) => v.status.severelyCritical),
    lifespanPercent: none.lifespanPercent,
    lifespanWarning: none.lifespanWarning,
  };
}

/** Each task's status and percent used (no forecast): what the counts, filters and webhooks need. */
export function standingsOf<T extends TaskFigures>(
  tasks: readonly T[],
  currentUsage: number,
  today: string,
): TaskStanding<T>[] {
  return tasks.map((task) => {
    const status = taskStatusOf(task, currentUsage, today);
    return { task, status, percentUsed: percentUsedOf(task, status, today) };
  });
}

/** A machine's status from its tasks' figures (no usage rate needed): machineStatusOf of standingsOf. */
export function machineStatusFromTasks<T extends TaskFigures & { name: string }>(
  tasks: readonly T[],
  machine: Lifespan,
  today: string,
): EquipmentStatus {
  return machineStatusOf(standingsOf(tasks, machine.currentUsage, today), machine, today);
}

/** A machine's status as every equipment answer carries it: the engine's, with its next task. */
export type MachineStatus = EquipmentStatus & { nextTask: NextTask | null };

/** Everything a machine's tasks say: its status (with its next task), its forecast and each task's view. */
export type MachineSchedule<T> = {
  status: MachineStatus;
  /** The next task's forecast (the machine's "next service"); without a task, the no-schedule forecast. */
  forecast: Forecast;
  views: TaskView<T>[];
};

/**
 * The one function a machine's shown status, next task and forecast come from (every screen, export,
 * email and API answer): its tasks with the machine's one usual daily rate. A one-task machine gives
 * exactly the status and forecast of before tasks existed (domain/schedule.test.ts).
 */
export function machineScheduleOf<T extends TaskFigures & { id: string; name: string }>(
  tasks: readonly T[],
  machine: Lifespan,
  rate: UsageRate,
  today: string,
): MachineSchedule<T> {
  const views = tasks.map((t) => viewTask(t, machine.currentUsage, rate, today));
  const nextTask = nextTaskOf(views);
  const next = nextTask ? views.find((v) => v.task.id === nextTask.id) : undefined;
  return {
    status: { ...machineStatusOf(views, machine, today), nextTask },
    forecast:
      next?.forecast ??
      forecastService(
        statusInputOf(
          {
            everyUsage: null,
            everyTime: null,
            lastDoneUsage: 0,
            lastDoneDate: null,
            nextDueDate: null,
          },
          machine.currentUsage,
        ),
        rate,
        today,
      ),
    views,
  };
}

/** Figures of a task reset by a service at `usage` on `date` (its next due date one interval later). */
export function resetTask<T extends TaskFigures>(task: T, usage: number, date: string): T {
  return {
    ...task,
    lastDoneUsage: usage,
    lastDoneDate: date,
    nextDueDate: nextDueDateOf(date, task.everyTime),
  };
}

/**
 * What the usage alone contributes to a machine's status through its tasks (domain/status.ts
 * usageStanding per task with a usage interval): two readings with the same standing give the machine the
 * same status and criticality on every day (the server bumps the overview's version only when it changes).
 */
export function tasksUsageStanding(tasks: readonly TaskFigures[], currentUsage: number): string {
  return tasks
    .filter((t) => (t.everyUsage ?? 0) > 0)
    .map((t) =>
      usageStanding({
        currentUsage,
        lastServiceUsage: t.lastDoneUsage ?? 0,
        serviceInterval: t.everyUsage ?? 0,
      }),
    )
    .join(',');
}

/** The earliest next due date of some tasks (null when none is due by date). */
export function firstDueDate(tasks: readonly Pick<TaskFigures, 'nextDueDate'>[]): string | null {
  let first: string | null = null;
  for (const t of tasks)
    if (t.nextDueDate && (first === null || t.nextDueDate < first)) first = t.nextDueDate;
  return first;
}
