/**
 * A machine's requests: the equipment form's fields and schedule check, usage, notes, service, void and
 * retire. Its vocabularies, listings and answers are in the equipment-*.ts files beside it, re-exported
 * here so that every caller imports `@domain/schemas/equipment`.
 */
import { z } from 'zod';
import { optionalDateSchema, text } from './primitives';
import { intervalUnits } from '../dates';
import { equipmentTypes } from '../kinds';
import { MAX_USAGE, equipmentFuelTypeSchema, usageUnits } from './equipment-vocab';
import { alertThresholdOptions } from '../status';
import { commonMessages } from '../messages/common';
import { equipmentMessages } from '../messages/equipment';
import { scheduleMessages } from '../messages/schedule';
import { volumeUnitSchema } from './fuel';

/** The largest tank capacity taken, in either unit (a big mining truck holds some 1,200 gallons). */
export const MAX_TANK_CAPACITY = 100_000;

const intervalUnitSchema = z.enum(intervalUnits);

export { equipmentMessages };

/** '' and null -> null; numeric strings -> numbers (form inputs and JSON alike). */
const blankToNull = (v: unknown) =>
  v === '' || v === null ? null : typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
const num = (min: number, message: string) =>
  z.preprocess(
    blankToNull,
    z
      .number({ error: message })
      .min(min, message)
      .max(MAX_USAGE, equipmentMessages.tooLarge)
      .nullable()
      .optional(),
  );
const optionalText = (max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? null : v.trim()) : v),
    text().max(max, commonMessages.tooLong).nullable().optional(),
  );
/** Date-only or ISO datetime; kept as YYYY-MM-DD; a real date from 1900-01-01 to 2100-12-31. */
const dateField = optionalDateSchema;

export const servicePartSchema = z.object({
  part: text({ error: equipmentMessages.partName })
    .trim()
    .min(1, equipmentMessages.partName)
    .max(200),
  partNumber: optionalText(100),
  /** The catalogue part it is (issue 27): a work order made for the service proposes it to use. */
  partId: z.preprocess(
    (v) => (v === '' ? null : v),
    z.uuid(equipmentMessages.partNotInCatalogue).nullable().optional(),
  ),
  qty: z.preprocess(
    blankToNull,
    z
      .number({ error: equipmentMessages.partQty })
      .int(equipmentMessages.partQty)
      .min(1, equipmentMessages.partQty)
      .max(1_000_000)
      .nullable()
      .optional(),
  ),
});
export type ServicePartInput = z.infer<typeof servicePartSchema>;

/** Parts with a blank name are dropped before validation (spec section 5). */
const partsField = z.preprocess(
  (v) =>
    Array.isArray(v)
      ? v.filter(
          (p: unknown) =>
            !(
              p &&
              typeof p === 'object' &&
              (typeof (p as { part?: unknown }).part !== 'string' ||
                (p as { part: string }).part.trim() === '')
            ),
        )
      : v,
  z.array(servicePartSchema).max(100).optional(),
);

/** Every editable field; all optional except name/type/unit (the update schema is its partial). */
export const equipmentFieldsSchema = z.object({
  name: text({ error: equipmentMessages.nameRequired })
    .trim()
    .min(1, equipmentMessages.nameRequired)
    .max(200, equipmentMessages.nameMax),
  type: z.enum(equipmentTypes, { error: equipmentMessages.typeRequired }),
  serialNumber: optionalText(100),
  unit: z.enum(usageUnits, { error: equipmentMessages.unitRequired }),
  fuelType: equipmentFuelTypeSchema.optional(),
  currentUsage: num(0, equipmentMessages.currentUsageMin),
  threshold: num(1, equipmentMessages.lifespanMin),
  alertThreshold: z.preprocess(
    blankToNull,
    z
      .number({ error: equipmentMessages.alertThreshold })
      .refine(
        (v) => (alertThresholdOptions as readonly number[]).includes(v),
        equipmentMessages.alertThreshold,
      )
      .nullable()
      .optional(),
  ),
  serviceInterval: z.preprocess(
    blankToNull,
    z
      .number({ error: equipmentMessages.serviceIntervalMin })
      .int(equipmentMessages.serviceIntervalMin)
      .min(0, equipmentMessages.serviceIntervalMin)
      .max(MAX_USAGE, equipmentMessages.tooLarge)
      .nullable()
      .optional(),
  ),
  lastServiceUsage: num(0, equipmentMessages.lastServiceMin),
  hasScheduledMaintenance: z.boolean().optional(),
  maintenanceStartDate: dateField,
  maintenanceInterval: z.preprocess(
    (v) =>
      v === '' || v === null
        ? null
        : typeof v === 'string'
          ? /^\d+$/.test(v.trim())
            ? Number(v)
            : NaN
          : v,
    z
      .number({ error: equipmentMessages.intervalPositive })
      .int(equipmentMessages.intervalPositive)
      .positive(equipmentMessages.intervalPositive)
      .max(100_000, equipmentMessages.intervalPositive)
      .nullable()
      .optional(),
  ),
  maintenanceIntervalUnit: intervalUnitSchema.optional(),
  /** Accepted for compatibility; the server always computes it. */
  nextMaintenanceDate: dateField,
  serviceParts: partsField,
  description: optionalText(2000),
  /**
   * The fuel tank's capacity, in `tankCapacityUnit` (issue 45): a fill-up more than it holds is flagged.
   * Stored and answered in US gallons (as the machine's fuel totals); null or '' clears it.
   */
  tankCapacity: z.preprocess(
    blankToNull,
    z
      .number({ error: equipmentMessages.tankCapacity })
      .positive(equipmentMessages.tankCapacity)
      .max(MAX_TANK_CAPACITY, equipmentMessages.tankCapacity)
      .nullable()
      .optional(),
  ),
  /** gal | L: the unit `tankCapacity` is typed in (gallons when left out; the form sends the company's). */
  tankCapacityUnit: volumeUnitSchema.optional(),
});

type Fields = z.output<typeof equipmentFieldsSchema>;

/** The scheduled-maintenance rules (spec section 5), on a full record. */
export function checkSchedule(v: Partial<Fields>, ctx: z.RefinementCtx) {
  if (v.maintenanceStartDate && v.maintenanceStartDate < '1900-01-01') {
    ctx.addIssue({
      code: 'custom',
      path: ['maintenanceStartDate'],
      message: equipmentMessages.startDateMin,
    });
  }
  if (!v.hasScheduledMaintenance) return;
  if (!v.maintenanceStartDate) {
    ctx.addIssue({
      code: 'custom',
      path: ['maintenanceStartDate'],
      message: equipmentMessages.startDateRequired,
    });
  }
  if (!v.maintenanceInterval) {
    ctx.addIssue({
      code: 'custom',
      path: ['maintenanceInterval'],
      message: equipmentMessages.intervalRequired,
    });
  }
}

/**
 * The fields a meter gives meaning to (usage, lifespan and its alert, the usage interval and the usage at
 * the last service). A machine whose unit is N/A (a tool with no meter) is not asked them: the form
 * hides them and sends none, and the API takes a record without them (their defaults: usage 0, no
 * lifespan, no usage interval).
 */
export const meterFields = [
  'currentUsage',
  'threshold',
  'alertThreshold',
  'serviceInterval',
  'lastServiceUsage',
] as const;

/** The input without its meter fields when its unit is N/A (as it is otherwise). */
export function withoutMeterFields<T extends { unit?: unknown }>(v: T): T {
  if (v.unit !== 'n/a') return v;
  return Object.fromEntries(
    Object.entries(v).filter(([k]) => !(meterFields as readonly string[]).includes(k)),
  ) as T;
}

/** POST /api/equipment (and the Add/Edit form). */
export const equipmentInputSchema = equipmentFieldsSchema.superRefine(checkSchedule);
export type EquipmentInput = z.output<typeof equipmentInputSchema>;
/** What the form and the API accept before parsing (strings allowed for numbers). */
export type EquipmentInputRaw = z.input<typeof equipmentInputSchema>;

/** PATCH /api/equipment/:id: any subset; the server merges it with the record and checks the whole. */
export const equipmentUpdateSchema = equipmentFieldsSchema.partial();
export type EquipmentUpdate = z.output<typeof equipmentUpdateSchema>;

export const usageIncreaseSchema = z.object({
  usageIncrease: z.preprocess(
    blankToNull,
    z
      .number({ error: equipmentMessages.usageIncrease })
      .gt(0, equipmentMessages.usageIncrease)
      .max(MAX_USAGE, equipmentMessages.tooLarge),
  ),
});
export type UsageIncreaseInput = z.infer<typeof usageIncreaseSchema>;

export const noteInputSchema = z.object({
  content: text({ error: equipmentMessages.noteEmpty })
    .trim()
    .min(1, equipmentMessages.noteEmpty)
    .max(5000, equipmentMessages.noteMax),
  type: z.literal('note').optional(),
});
export type NoteInput = z.infer<typeof noteInputSchema>;

/**
 * Fields of a machine whose changes are written to its history as one change entry (old and new
 * values), in this order; usage has its own correction entry.
 */
export const auditedFields = [
  'name',
  'type',
  'serialNumber',
  'unit',
  'threshold',
  'serviceInterval',
  'lastServiceUsage',
  'hasScheduledMaintenance',
  'maintenanceStartDate',
  'maintenanceInterval',
  'maintenanceIntervalUnit',
  'nextMaintenanceDate',
  'serviceParts',
  'tankCapacity',
] as const;
export type AuditedField = (typeof auditedFields)[number];

const money = z.preprocess(
  blankToNull,
  z
    .number({ error: equipmentMessages.costMin })
    .min(0, equipmentMessages.costMin)
    .max(1_000_000_000, equipmentMessages.tooLarge)
    .nullable()
    .optional(),
);

/**
 * POST /api/equipment/:id/reset-service ("Mark as Serviced"): a service entry. Every field is
 * optional: the date defaults to today in the company's time zone (not in the future), the usage to
 * the current usage (not above it), the parts to none.
 */
export const serviceInputSchema = z.object({
  serviceDate: dateField,
  usage: z.preprocess(
    blankToNull,
    z
      .number({ error: equipmentMessages.serviceUsageMin })
      .min(0, equipmentMessages.serviceUsageMin)
      .max(MAX_USAGE, equipmentMessages.tooLarge)
      .nullable()
      .optional(),
  ),
  parts: partsField,
  cost: money,
  performedBy: optionalText(200),
  notes: optionalText(2000),
  /**
   * The machine's service tasks it did (issue 40): each resets at the service's usage and date. Omitted:
   * the primary task only, as before tasks existed. Every id must be one of the machine's tasks (404).
   */
  taskIds: z
    .array(z.uuid({ error: scheduleMessages.taskNotFound }), {
      error: scheduleMessages.taskNotFound,
    })
    .min(1, scheduleMessages.taskNotFound)
    .max(100)
    .optional(),
});
export type ServiceInput = z.output<typeof serviceInputSchema>;
export type ServiceInputRaw = z.input<typeof serviceInputSchema>;

/** POST /api/equipment/:id/history/:entryId/void and POST /api/operator-updates/:id/void */
export const voidInputSchema = z.object({
  reason: text({ error: equipmentMessages.voidReason })
    .trim()
    .min(1, equipmentMessages.voidReason)
    .max(500, equipmentMessages.voidReasonMax),
});
export type VoidInput = z.infer<typeof voidInputSchema>;

export const retireInputSchema = z.object({
  retirementNotes: optionalText(2000),
});
export type RetireInput = z.infer<typeof retireInputSchema>;

export * from './equipment-vocab';
export * from './equipment-lists';
export * from './equipment-answers';
export * from './equipment-history';
