/**
 * The compatibility mapping of the maintenance schedule (issue 40, docs/decisions/maintenance-schedule.md):
 * a machine's own interval fields (the equipment form's Service Interval, Last Serviced and Scheduled
 * Maintenance) as its primary task's figures. Re-exported by domain/schedule.ts.
 */
import { taskTimeUnits, type TaskFigures, type TaskTimeUnit } from './schedule';

/** What a machine's own interval fields (the equipment form's) say of its primary task. */
export type PrimaryFields = {
  serviceInterval: number | null | undefined;
  lastServiceUsage: number | null | undefined;
  lastServiceDate: string | null | undefined;
  hasScheduledMaintenance: boolean | null | undefined;
  maintenanceStartDate: string | null | undefined;
  maintenanceInterval: number | null | undefined;
  maintenanceIntervalUnit: string | null | undefined;
  nextMaintenanceDate: string | null | undefined;
};

const timeUnitOf = (u: string | null | undefined): TaskTimeUnit =>
  taskTimeUnits.find((x) => x === u) ?? 'months';

/** True when a machine's interval fields hold a schedule worth a primary task (a usage or a time interval). */
export function hasPrimarySchedule(e: PrimaryFields): boolean {
  return (e.serviceInterval ?? 0) > 0 || !!e.hasScheduledMaintenance;
}

/**
 * The primary task's figures from a machine's interval fields (the migration's and the equipment
 * form's mapping): the usage interval, the calendar interval while scheduled maintenance is on, the
 * last service (its date, else the calendar's start date) and the stored next maintenance date.
 */
export function primaryTaskFigures(e: PrimaryFields): TaskFigures {
  const scheduled = !!e.hasScheduledMaintenance;
  const interval = e.serviceInterval ?? 0;
  return {
    everyUsage: interval > 0 ? interval : null,
    everyTime:
      scheduled && (e.maintenanceInterval ?? 0) > 0
        ? { count: e.maintenanceInterval!, unit: timeUnitOf(e.maintenanceIntervalUnit) }
        : null,
    lastDoneUsage: e.lastServiceUsage ?? 0,
    lastDoneDate: e.lastServiceDate ?? (scheduled ? (e.maintenanceStartDate ?? null) : null),
    nextDueDate: scheduled ? (e.nextMaintenanceDate ?? null) : null,
  };
}
