/**
 * How the equipment module answers: a machine, a retired machine, a note and a history entry as the API
 * shows them (the DTO schemas of domain/schemas/equipment.ts). Pure mapping from rows, no queries.
 */
import {
  noteTypes,
  readingKinds,
  type EquipmentDto,
  type HistoryRecordDto,
  type NoteDto,
  type ReadingKind,
  type RetiredEquipmentDto,
} from '@domain/schemas/equipment';
import type { MachineStatus } from '@domain/schedule';
import { storedEntry, type HistoryEntry } from '@domain/history';
import { historyText, type HistoryLang } from '@domain/history-text';
import { numberFormat } from '@domain/intl-formats';
import { overTank, type VolumeUnit } from '@domain/fuel';
import type { equipment, equipmentNote } from '../../db/schema/index';

export type Row = typeof equipment.$inferSelect;
export type NoteRow = typeof equipmentNote.$inferSelect;

/** A machine as an overview or report names it: who it is and its usage now. */
export const machineIdentityOf = (
  e: Pick<Row, 'id' | 'name' | 'type' | 'serialNumber' | 'unit' | 'currentUsage'>,
) => ({
  id: e.id,
  name: e.name,
  type: e.type,
  serialNumber: e.serialNumber,
  unit: e.unit,
  currentUsage: e.currentUsage,
});

/** A stored list of parts as every answer shows it (part number and quantity null when not given). */
export const partsOf = (
  parts:
    | readonly {
        part: string;
        partNumber?: string | null;
        qty?: number | null;
        partId?: string | null;
      }[]
    | null,
) =>
  (parts ?? []).map((p) => ({
    part: p.part,
    partNumber: p.partNumber ?? null,
    qty: p.qty ?? null,
    // A catalogue part (issue 27), only when one was chosen (older lists and service entries have none).
    ...(p.partId ? { partId: p.partId } : {}),
  }));

/**
 * A machine as every answer shows it, with its status: its worst task's, with its next task
 * (domain/schedule.ts machineScheduleOf, read by machine-tasks.ts: the one function).
 */
export function toEquipmentDto(r: Row, status: MachineStatus): EquipmentDto {
  return {
    id: r.id,
    companyId: r.companyId,
    userId: r.userId,
    name: r.name,
    type: r.type,
    serialNumber: r.serialNumber,
    unit: r.unit,
    currentUsage: r.currentUsage,
    threshold: r.threshold,
    fuelType: r.fuelType,
    alertThreshold: r.alertThreshold,
    serviceInterval: r.serviceInterval,
    lastServiceUsage: r.lastServiceUsage,
    totalFuelUsed: r.totalFuelUsed,
    totalGasUsed: r.totalGasUsed,
    totalDieselUsed: r.totalDieselUsed,
    tankCapacity: r.tankCapacity,
    hasScheduledMaintenance: r.hasScheduledMaintenance,
    maintenanceStartDate: r.maintenanceStartDate,
    maintenanceInterval: r.maintenanceInterval,
    maintenanceIntervalUnit: r.maintenanceIntervalUnit,
    nextMaintenanceDate: r.nextMaintenanceDate,
    serviceParts: partsOf(r.serviceParts),
    description: r.description,
    lastServiceDate: r.lastServiceDate,
    lastReadingAt: r.lastReadingAt.toISOString(),
    dateAdded: r.dateAdded.toISOString(),
    lastUpdated: r.lastUpdated.toISOString(),
    retiredAt: r.retiredAt ? r.retiredAt.toISOString() : null,
    outOfService: r.outOfServiceAt
      ? {
          at: r.outOfServiceAt.toISOString(),
          by: r.outOfServiceBy,
          reason: r.outOfServiceReason ?? '',
        }
      : null,
    status,
  };
}

/**
 * A history row's `content` as the API answers it: the entry's sentence in the reader's language, written
 * from its kind and params (a note's is the person's own words). The stored column holds only what a
 * person typed; the sentence is never stored.
 */
export function contentOf(
  n: Pick<NoteRow, 'kind' | 'params' | 'content'>,
  lang: HistoryLang,
  volumeUnit: VolumeUnit = 'gal',
) {
  return historyText(lang, storedEntry(n.kind, n.params, n.content), { volumeUnit });
}

export function toNoteDto(
  n: NoteRow,
  lang: HistoryLang = 'en',
  volumeUnit: VolumeUnit = 'gal',
): NoteDto {
  return {
    id: n.id,
    equipmentId: n.equipmentId,
    content: contentOf(n, lang, volumeUnit),
    type: noteTypes.find((t) => t === n.type) ?? 'note',
    usage: n.usage,
    operatorName: n.operatorName,
    createdAt: n.createdAt.toISOString(),
  };
}

/** A retired machine as the Retired Equipment page shows it (the spec's retired-equipment fields). */
export function toRetiredDto(r: Row): RetiredEquipmentDto {
  return {
    id: r.id,
    originalEquipmentId: r.id,
    userId: r.userId,
    name: r.name,
    type: r.type,
    serialNumber: r.serialNumber,
    unit: r.unit,
    finalUsage: r.currentUsage,
    threshold: r.threshold,
    fuelType: r.fuelType,
    serviceInterval: r.serviceInterval,
    lastServiceUsage: r.lastServiceUsage,
    totalFuelUsed: r.totalFuelUsed,
    totalGasUsed: r.totalGasUsed,
    totalDieselUsed: r.totalDieselUsed,
    description: r.description,
    retirementNotes: r.retirementNotes,
    retiredBy: r.retiredBy,
    originalDateAdded: r.dateAdded.toISOString(),
    retiredAt: (r.retiredAt ?? r.lastUpdated).toISOString(),
  };
}

const readingOf = (v: string | null): ReadingKind | null =>
  readingKinds.find((k) => k === v) ?? null;

/**
 * Whether a manager may void this entry now: an unvoided reading with a known usage before it, an
 * operator update's entry, or a service not written by a work order (issue 43).
 */
export function canVoid(n: NoteRow, retired: boolean): boolean {
  if (retired || n.voidedAt) return false;
  if (n.type === 'maintenance')
    return n.kind === 'service' && !(n.params as { workOrder?: number } | null)?.workOrder;
  if (n.type !== 'usage_update') return false;
  if (n.operatorUpdateId) return true;
  const r = readingOf(n.reading);
  return r !== null && r !== 'initial' && n.previousUsage !== null;
}

/** One history entry as every history answer shows it. */
export function toHistoryDto(
  n: NoteRow,
  equipmentName: string,
  retired: boolean,
  fuel?: {
    fuelAdded: number;
    fuelType: string;
    device?: string | null;
    hasPhoto?: boolean;
    photoId?: string | null;
    /** The machine's tank capacity (stored gallons), to flag a fill-up over it. */
    tankCapacity?: number | null;
  } | null,
  lang: HistoryLang = 'en',
  /** The company's unit: a fill-up's fuel is said in it (stored gallons). */
  volumeUnit: VolumeUnit = 'gal',
): HistoryRecordDto {
  const entry: HistoryEntry = storedEntry(n.kind, n.params, n.content);
  const text = historyText(lang, entry, { volumeUnit });
  const dto = { ...toNoteDto(n, lang, volumeUnit), content: text };
  return {
    kind: entry.kind,
    params: entry.params,
    text,
    actor: { id: n.userId, name: n.operatorName },
    photoIds: fuel?.photoId ? [fuel.photoId] : [],
    id: dto.id,
    createdAt: dto.createdAt,
    equipmentName,
    type: dto.type === 'note' ? 'note' : 'update',
    noteType: dto.type,
    operatorName: dto.operatorName,
    usage: dto.usage,
    content: dto.content,
    reading: readingOf(n.reading),
    previousUsage: n.previousUsage,
    operatorUpdateId: n.operatorUpdateId,
    device: fuel?.device ?? null,
    hasPhoto: fuel?.hasPhoto ?? false,
    fuelAdded: fuel && fuel.fuelAdded > 0 ? fuel.fuelAdded : null,
    fuelType: fuel && fuel.fuelAdded > 0 ? fuel.fuelType : null,
    overTank: fuel ? overTank(fuel.fuelAdded, fuel.tankCapacity) : false,
    service:
      n.type === 'maintenance' && n.serviceDate
        ? {
            serviceDate: n.serviceDate,
            parts: partsOf(n.parts),
            cost: n.cost,
            performedBy: n.performedBy,
          }
        : null,
    changes: n.changes ?? null,
    voided: n.voidedAt
      ? { at: n.voidedAt.toISOString(), by: n.voidedBy, reason: n.voidReason ?? '' }
      : null,
    canVoid: canVoid(n, retired),
  };
}

/** A number as the server's English texts write it (at most two decimals). */
export function fmt(n: number) {
  return numberFormat('en-US', { maximumFractionDigits: 2 }).format(n);
}
