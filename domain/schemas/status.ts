import { z } from 'zod';
import type { MachineStatus } from '../schedule';
import { serviceStatuses, statusSlugs, type EquipmentStatus } from '../status-values';

/** The status engine's types as schemas (domain/status.ts stays free of zod for the screens). */
export const serviceStatusSchema = z.enum(serviceStatuses);
export const statusSlugSchema = z.enum(statusSlugs);

export const equipmentStatusSchema = z.object({
  /** The worse of the usage and calendar statuses; `good` when there is neither. */
  serviceStatus: serviceStatusSchema,
  /** The /equipment/:status slug of serviceStatus. */
  slug: statusSlugSchema,
  /** False when there is no positive service interval and no scheduled date: shown as "No schedule". */
  hasSchedule: z.boolean(),
  usagePercent: z.number().nullable(),
  usageStatus: serviceStatusSchema.nullable(),
  daysUntilMaintenance: z.number().nullable(),
  calendarStatus: serviceStatusSchema.nullable(),
  critical: z.boolean(),
  severelyCritical: z.boolean(),
  nextServiceUsage: z.number().nullable(),
  remainingUsage: z.number().nullable(),
  /** Usage past the next service (domain/status.ts overdueUsage); null when not past it. */
  overdueUsage: z.number().nullable(),
  /** currentUsage / threshold * 100 when a lifespan is set. */
  lifespanPercent: z.number().nullable(),
  /** Approaching end of life: usage at or above (100 - alertThreshold) % of the lifespan. */
  lifespanWarning: z.boolean(),
});
export type { EquipmentStatus };

/** The schema and the engine's type describe the same object (a compile error when they drift). */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameShape: Same<z.infer<typeof equipmentStatusSchema>, EquipmentStatus> = true;
void sameShape;

/** A machine's next task: the one due soonest (domain/schedule.ts nextTaskOf). */
export const nextTaskSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The machine's primary task (its default name "Service" is shown in the reader's language). */
  primary: z.boolean(),
  /** The usage it is due at (null without a usage interval). */
  dueUsage: z.number().nullable(),
  /** Its next due date (YYYY-MM-DD; null without a time interval). */
  dueDate: z.string().nullable(),
  /** The earlier of the usage forecast at the machine's usual daily rate and the due date. */
  forecastDate: z.string().nullable(),
});

/** A machine's status as every equipment answer carries it: its worst task's, with its next task. */
export const machineStatusSchema = equipmentStatusSchema.extend({
  nextTask: nextTaskSchema.nullable(),
});
const sameMachine: Same<z.infer<typeof machineStatusSchema>, MachineStatus> = true;
void sameMachine;
