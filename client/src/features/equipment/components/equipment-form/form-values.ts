import { volumeIn, type VolumeUnit } from '@domain/fuel';
import type { EquipmentDto } from '@domain/schemas/equipment';
import type { EquipmentFormValues } from '@domain/schemas/equipment-forms';

export type FormValues = EquipmentFormValues;

/** A new machine's form. */
export const EMPTY: FormValues = {
  name: '',
  type: '',
  serialNumber: '',
  unit: '',
  fuelType: 'n/a',
  hasScheduledMaintenance: false,
  maintenanceStartDate: '',
  maintenanceInterval: '',
  maintenanceIntervalUnit: 'months',
  currentUsage: '0',
  threshold: '',
  alertThreshold: '20',
  serviceInterval: '0',
  lastServiceUsage: '',
  serviceParts: [],
  description: '',
  tankCapacity: '',
  tankCapacityUnit: 'gal',
};

const str = (v: number | string | null | undefined) =>
  v === null || v === undefined ? '' : String(v);

/** A machine's record as the form edits it; its tank capacity (stored gallons) in the company's unit. */
export function fromDto(e: EquipmentDto, volumeUnit: VolumeUnit): FormValues {
  return {
    name: e.name,
    type: e.type,
    serialNumber: e.serialNumber ?? '',
    unit: e.unit,
    fuelType: e.fuelType,
    hasScheduledMaintenance: e.hasScheduledMaintenance,
    maintenanceStartDate: e.maintenanceStartDate ?? '',
    maintenanceInterval: str(e.maintenanceInterval),
    maintenanceIntervalUnit: e.maintenanceIntervalUnit,
    currentUsage: str(e.currentUsage),
    threshold: str(e.threshold),
    alertThreshold: str(e.alertThreshold),
    serviceInterval: str(e.serviceInterval),
    lastServiceUsage: str(e.lastServiceUsage),
    serviceParts: e.serviceParts.map((p) => ({
      part: p.part,
      partNumber: p.partNumber ?? '',
      qty: str(p.qty),
      partId: p.partId ?? '',
    })),
    description: e.description ?? '',
    tankCapacity: e.tankCapacity === null ? '' : String(volumeIn(e.tankCapacity, volumeUnit)),
    tankCapacityUnit: volumeUnit,
  };
}

/** The form's fields whose value is a string (the ones an input or a select edits). */
export type StringField = {
  [K in keyof FormValues]: FormValues[K] extends string ? K : never;
}[keyof FormValues];
