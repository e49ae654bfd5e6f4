/**
 * A machine's stored columns from the form's input (the save defaults of spec section 9, the next
 * calendar date) and the record as the edit form would send it back: the mapping the writes share.
 */
import { addInterval, nextMaintenanceDate, type IntervalUnit } from '@domain/dates';
import { storedGallons } from '@domain/fuel';
import type { EquipmentInput } from '@domain/schemas/equipment';
import { equipment } from '../../db/schema/index';
import { machineStatusFromTasks } from '@domain/schedule';
import type { EquipmentStatus } from '@domain/status';
import { partsOf, type Row } from './equipment.dto';
import { tasksFromJson, tasksJson } from './machine-tasks';

/** A machine as the answers name it (its id, name, type, serial number and usage unit), as columns to select. */
export const identityColumns = {
  id: equipment.id,
  name: equipment.name,
  type: equipment.type,
  serialNumber: equipment.serialNumber,
  unit: equipment.unit,
};

/**
 * What a machine's status is computed from (domain/schedule.ts machineStatusFromTasks: its worst task),
 * as columns to select from `equipment`: its usage, lifespan and its tasks (machine-tasks.ts tasksJson).
 */
export const statusColumns = {
  currentUsage: equipment.currentUsage,
  threshold: equipment.threshold,
  alertThreshold: equipment.alertThreshold,
  tasks: tasksJson(),
};

/** The status of a machine read with statusColumns, at its usage or at another (a reading's). */
export function statusOfColumns(
  m: { currentUsage: number; threshold: number | null; alertThreshold: number; tasks: unknown },
  today: string,
  currentUsage = m.currentUsage,
): EquipmentStatus {
  return machineStatusFromTasks(tasksFromJson(m.tasks), { ...m, currentUsage }, today);
}

const unitOf = (u: string): IntervalUnit =>
  (['days', 'months', 'years'] as const).find((x) => x === u) ?? 'months';

/**
 * The next calendar date: one interval after the last service once a service exists, else after the
 * start date (docs/decisions/trustworthy-record.md).
 */
export function nextDateOf(v: {
  hasScheduledMaintenance: boolean;
  maintenanceStartDate: string | null;
  maintenanceInterval: number | null;
  maintenanceIntervalUnit: string;
  lastServiceDate: string | null;
}): string | null {
  const unit = unitOf(v.maintenanceIntervalUnit);
  if (v.hasScheduledMaintenance && v.lastServiceDate && v.maintenanceInterval)
    return addInterval(v.lastServiceDate, v.maintenanceInterval, unit);
  return nextMaintenanceDate({
    hasScheduledMaintenance: v.hasScheduledMaintenance,
    maintenanceStartDate: v.maintenanceStartDate,
    maintenanceInterval: v.maintenanceInterval,
    maintenanceIntervalUnit: unit,
  });
}

/** The stored columns of a full, validated record (save defaults of spec section 9). */
export function columnsOf(
  input: EquipmentInput,
  isCreate: boolean,
  lastServiceDate: string | null,
) {
  const currentUsage = input.currentUsage ?? 0;
  const serviceInterval = input.serviceInterval ?? 0;
  const lastServiceUsage =
    input.lastServiceUsage ?? (isCreate && serviceInterval > 0 ? currentUsage : 0);
  const scheduled = input.hasScheduledMaintenance ?? false;
  const unit: IntervalUnit = input.maintenanceIntervalUnit ?? 'months';
  const maintenanceStartDate = scheduled ? (input.maintenanceStartDate ?? null) : null;
  const maintenanceInterval = scheduled ? (input.maintenanceInterval ?? null) : null;
  return {
    name: input.name,
    type: input.type,
    serialNumber: input.serialNumber ?? null,
    unit: input.unit,
    currentUsage,
    threshold: input.threshold ?? null,
    fuelType: input.fuelType ?? 'n/a',
    alertThreshold: input.alertThreshold ?? 20,
    serviceInterval,
    lastServiceUsage,
    hasScheduledMaintenance: scheduled,
    maintenanceStartDate,
    maintenanceInterval,
    maintenanceIntervalUnit: unit,
    nextMaintenanceDate: nextDateOf({
      hasScheduledMaintenance: scheduled,
      maintenanceStartDate,
      maintenanceInterval,
      maintenanceIntervalUnit: unit,
      lastServiceDate,
    }),
    serviceParts: partsOf(input.serviceParts ?? null),
    description: input.description ?? null,
    // Typed in its unit, stored in gallons once, here (domain/fuel.ts).
    tankCapacity:
      input.tankCapacity === null || input.tankCapacity === undefined
        ? null
        : storedGallons(input.tankCapacity, input.tankCapacityUnit ?? 'gal'),
  };
}

/** The record as the edit form would send it back unchanged (what a patch is merged into). */
export function editableOf(current: Row) {
  return {
    name: current.name,
    type: current.type,
    serialNumber: current.serialNumber,
    unit: current.unit,
    fuelType: current.fuelType,
    currentUsage: current.currentUsage,
    threshold: current.threshold,
    alertThreshold: current.alertThreshold,
    serviceInterval: current.serviceInterval,
    lastServiceUsage: current.lastServiceUsage,
    hasScheduledMaintenance: current.hasScheduledMaintenance,
    maintenanceStartDate: current.maintenanceStartDate,
    maintenanceInterval: current.maintenanceInterval,
    maintenanceIntervalUnit: current.maintenanceIntervalUnit,
    serviceParts: current.serviceParts,
    description: current.description,
    /** Stored gallons (the unit left out means gallons). */
    tankCapacity: current.tankCapacity,
  };
}
