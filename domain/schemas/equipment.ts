// Over 400 lines: every equipment request and answer schema; splitting it by call (form, lists, history, service) is open work (issue 44).
import { z } from 'zod';
import { optionalDateSchema, text } from './primitives';
import { historyKindSchema } from '../history';
import { noteTypes } from '../note-types';
import { intervalUnits } from '../dates';
import { equipmentTypes } from '../kinds';
import { alertThresholdOptions, serviceStatuses } from '../status';
import { equipmentStatusSchema } from './status';
import { commonMessages } from '../messages/common';
import { equipmentMessages } from '../messages/equipment';
import { queryMessages as q } from '../messages/query';
import { EQUIPMENT_OPTIONS_SIZE } from '../equipment-search';

const intervalUnitSchema = z.enum(intervalUnits);

export { equipmentTypes };
export const equipmentTypeSchema = z.enum(equipmentTypes);
export type EquipmentType = z.infer<typeof equipmentTypeSchema>;

export const usageUnits = ['hours', 'miles', 'kilometers', 'n/a'] as const;
export const usageUnitSchema = z.enum(usageUnits);
export type UsageUnit = z.infer<typeof usageUnitSchema>;

export const equipmentFuelTypes = ['gasoline', 'diesel', 'n/a'] as const;
export const equipmentFuelTypeSchema = z.enum(equipmentFuelTypes);
export type EquipmentFuelType = z.infer<typeof equipmentFuelTypeSchema>;

/**
 * History entry types: notes, usage changes (readings), services, changes of a machine's data
 * (who, when, old and new values), retirement and restore.
 */
export { noteTypes };
export const noteTypeSchema = z.enum(noteTypes);
export type NoteType = z.infer<typeof noteTypeSchema>;

export const MAX_USAGE = 100_000_000_000;

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
 * What a usage_update entry is: the value a machine was added with, an operator's meter reading, a
 * manager's increase, a manager's correction (edit form), or a past reading (imported, dated before
 * the machine's last reading). Voiding replays the remaining ones, past readings left out: they count
 * for the usage rate, never for the meter.
 */
export const readingKinds = ['initial', 'reading', 'increase', 'correction', 'past'] as const;
export type ReadingKind = (typeof readingKinds)[number];

/** Fields of a machine whose every change is written to its history (old and new values). */
export const auditedFields = [
  'name',
  'type',
  'serialNumber',
  'unit',
  'currentUsage',
  'serviceInterval',
  'lastServiceUsage',
  'hasScheduledMaintenance',
  'maintenanceStartDate',
  'maintenanceInterval',
  'maintenanceIntervalUnit',
  'nextMaintenanceDate',
  'serviceParts',
  'threshold',
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

/** Query of GET /api/equipment: status is a service status, a page slug or `all`. */
export const equipmentListQuerySchema = z.object({
  status: text().max(40).optional(),
  type: text().max(40).optional(),
  search: text().max(200).optional(),
});
export type EquipmentListQuery = z.infer<typeof equipmentListQuerySchema>;

/**
 * What a status filter may be: `all`, a service status, a status page slug (approaching, due), or
 * `no_schedule` (machines with neither a usage interval nor a calendar date, counted apart from Good).
 */
export const statusFilterValues = [
  'all',
  ...serviceStatuses,
  'approaching',
  'due',
  'no_schedule',
] as const;
export const typeFilterValues = ['all', ...equipmentTypes] as const;

/** Page size of the Equipment List, and the most one request may ask for. */
export const EQUIPMENT_PAGE_SIZE = 25;
export const EQUIPMENT_PAGE_MAX = 100;

/** Fields shared by the bounded listings (GET /api/equipment/page and the dashboard's overview). */
export const equipmentBrowseFields = {
  search: text({ error: q.text }).trim().max(200, q.maxChars).optional(),
  status: z.enum(statusFilterValues, { error: q.oneOf }).optional(),
  type: z.enum(typeFilterValues, { error: q.oneOf }).optional(),
  offset: z.coerce
    .number({ error: q.number })
    .int(q.whole)
    .min(0, q.notNegative)
    .max(1_000_000, q.atMost)
    .default(0),
};

const limitOf = (max: number, fallback: number) =>
  z.coerce
    .number({ error: q.number })
    .int(q.whole)
    .min(1, q.atLeast)
    .max(max, q.atMost)
    .default(fallback);

/**
 * GET /api/equipment/page: one page of the company's machines, sorted by name, filtered by a search
 * (name, serial number, type), a service status and a type; `total` is how many match.
 */
export const equipmentPageQuerySchema = z.object({
  ...equipmentBrowseFields,
  limit: limitOf(EQUIPMENT_PAGE_MAX, EQUIPMENT_PAGE_SIZE),
});
export type EquipmentPageQuery = z.infer<typeof equipmentPageQuerySchema>;
/**
 * The service's query (the dashboard asks for larger pages than the list). `matchTypes`: types that
 * also match a non-empty search (the client's translated type labels that contain the search text).
 */
export type EquipmentBrowseQuery = Omit<EquipmentPageQuery, 'limit'> & {
  limit: number;
  matchTypes?: EquipmentType[];
  /** Add each page item's service forecast (two more queries). */
  withForecast?: boolean;
};
export const browseLimit = limitOf;

/** How many machines the operator's picker shows at most per search, and the most one request may ask for. */
export { EQUIPMENT_OPTIONS_SIZE };
export const EQUIPMENT_OPTIONS_MAX = 100;
const matchTypesMessage = q.matchTypes;

/**
 * GET /api/equipment/options (the operator screen's picker; operators may call it): the first
 * machines by name matching a search on name, serial number or type. `matchTypes` (comma-separated
 * types) also match the search: the client sends the types whose label in the user's language
 * contains the search text ("maquinaria" finds machinery).
 */
export const equipmentOptionsQuerySchema = z.object({
  search: equipmentBrowseFields.search,
  matchTypes: text({ error: matchTypesMessage })
    .max(200, matchTypesMessage)
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.enum(equipmentTypes, { error: matchTypesMessage })))
    .optional(),
  limit: limitOf(EQUIPMENT_OPTIONS_MAX, EQUIPMENT_OPTIONS_SIZE),
});
export type EquipmentOptionsQuery = z.infer<typeof equipmentOptionsQuerySchema>;

/** One machine as the operator screen needs it: no totals, schedule, parts or description. */
export const equipmentOptionSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.string(),
  serialNumber: z.string().nullable(),
  unit: z.string(),
  fuelType: z.string(),
  currentUsage: z.number(),
  /** Out of service (issue 16): the operator sees it when picking the machine. */
  outOfService: z.boolean().optional(),
});
export type EquipmentOption = z.infer<typeof equipmentOptionSchema>;

/** GET /api/equipment/options: `total` is how many machines match (more than `items` when the search is too wide). */
export const equipmentOptionsSchema = z.object({
  items: z.array(equipmentOptionSchema),
  total: z.number(),
  limit: z.number(),
});
export type EquipmentOptions = z.infer<typeof equipmentOptionsSchema>;

export const servicePartDtoSchema = z.object({
  part: z.string(),
  partNumber: z.string().nullable().optional(),
  /** The catalogue part it points at, when one was chosen (issue 27). */
  partId: z.string().nullable().optional(),
  qty: z.number().nullable().optional(),
});

/** domain/forecast.ts's Forecast (docs/decisions/forecast.md). */
export const forecastDtoSchema = z.object({
  dueDate: z.string().nullable(),
  basis: z.enum(['usage', 'calendar']).nullable(),
  daysUntil: z.number().nullable(),
  perDay: z.number().nullable(),
  usageDueDate: z.string().nullable(),
  dueAtUsage: z.number().nullable(),
  calendarDueDate: z.string().nullable(),
  noUsageForecast: z
    .enum(['no_readings', 'single_reading', 'too_short', 'stale', 'no_interval', 'stopped'])
    .nullable(),
});
export type ForecastDto = z.infer<typeof forecastDtoSchema>;

/** One equipment record as every API response returns it: all columns + the computed status. */
export const equipmentDtoSchema = z.object({
  id: z.string(),
  companyId: z.string(),
  userId: z.string().nullable(),
  name: z.string(),
  type: z.string(),
  serialNumber: z.string().nullable(),
  unit: z.string(),
  currentUsage: z.number(),
  threshold: z.number().nullable(),
  fuelType: z.string(),
  alertThreshold: z.number(),
  serviceInterval: z.number(),
  lastServiceUsage: z.number(),
  totalFuelUsed: z.number(),
  totalGasUsed: z.number(),
  totalDieselUsed: z.number(),
  hasScheduledMaintenance: z.boolean(),
  /** YYYY-MM-DD */
  maintenanceStartDate: z.string().nullable(),
  maintenanceInterval: z.number().nullable(),
  maintenanceIntervalUnit: z.string(),
  /** YYYY-MM-DD, computed on the server. */
  nextMaintenanceDate: z.string().nullable(),
  serviceParts: z.array(servicePartDtoSchema),
  description: z.string().nullable(),
  /** YYYY-MM-DD of the latest service entry (null before the first). */
  lastServiceDate: z.string().nullable(),
  /** ISO timestamps */
  lastReadingAt: z.string(),
  dateAdded: z.string(),
  lastUpdated: z.string(),
  /** Set when the machine is retired (it then shows only on the Retired Equipment page). */
  retiredAt: z.string().nullable(),
  /** Set while the machine is out of service (issue 16): when, by whom, why. */
  outOfService: z
    .object({ at: z.string(), by: z.string().nullable(), reason: z.string() })
    .nullable()
    .optional(),
  /** The one status engine's result, computed by the server for the company's "today". */
  status: equipmentStatusSchema,
  /** When service is due by the machine's own usage rate or its calendar (listings and details only). */
  forecast: forecastDtoSchema.nullable().optional(),
});
export type EquipmentDto = z.infer<typeof equipmentDtoSchema>;

/** Active machines by service status (`all` = every machine, whatever the filters). */
export const equipmentStatusCountsSchema = z.object({
  all: z.number(),
  /** Good with a schedule: a machine with no schedule is counted in `no_schedule`, never here. */
  good: z.number(),
  approaching_service: z.number(),
  time_for_service: z.number(),
  overdue: z.number(),
  no_schedule: z.number(),
});
export type EquipmentStatusCounts = z.infer<typeof equipmentStatusCountsSchema>;

/** GET /api/equipment/page */
export const equipmentPageSchema = z.object({
  items: z.array(equipmentDtoSchema),
  /** How many machines match the filters. */
  total: z.number(),
  offset: z.number(),
  limit: z.number(),
  counts: equipmentStatusCountsSchema,
});
export type EquipmentPage = z.infer<typeof equipmentPageSchema>;

/** GET /api/equipment/count */
export const equipmentCountDtoSchema = z.object({
  /** Active (not retired) equipment. */
  count: z.number(),
  /** company.equipmentLimit; -1 = unlimited. */
  limit: z.number(),
});
export type EquipmentCountDto = z.infer<typeof equipmentCountDtoSchema>;

export const retiredEquipmentDtoSchema = z.object({
  id: z.string(),
  originalEquipmentId: z.string(),
  userId: z.string().nullable(),
  name: z.string(),
  type: z.string(),
  serialNumber: z.string().nullable(),
  unit: z.string(),
  finalUsage: z.number(),
  threshold: z.number().nullable(),
  fuelType: z.string(),
  serviceInterval: z.number(),
  lastServiceUsage: z.number(),
  totalFuelUsed: z.number(),
  totalGasUsed: z.number(),
  totalDieselUsed: z.number(),
  description: z.string().nullable(),
  retirementNotes: z.string().nullable(),
  retiredBy: z.string().nullable(),
  /** ISO timestamps */
  originalDateAdded: z.string(),
  retiredAt: z.string(),
});
export type RetiredEquipmentDto = z.infer<typeof retiredEquipmentDtoSchema>;

/** GET/POST /api/equipment/:id/notes */
export const noteDtoSchema = z.object({
  id: z.string(),
  equipmentId: z.string(),
  content: z.string(),
  type: noteTypeSchema,
  usage: z.number().nullable(),
  operatorName: z.string().nullable(),
  createdAt: z.string(),
});
export type NoteDto = z.infer<typeof noteDtoSchema>;

export const servicePartsDtoSchema = z.array(servicePartDtoSchema);

/** What a service entry recorded (history entries of type maintenance). */
export const serviceDetailsSchema = z.object({
  /** YYYY-MM-DD */
  serviceDate: z.string(),
  parts: servicePartsDtoSchema,
  cost: z.number().nullable(),
  performedBy: z.string().nullable(),
});
export type ServiceDetails = z.infer<typeof serviceDetailsSchema>;

/** One changed field of a `change` entry; values as stored (numbers, strings, booleans, parts, null). */
export const fieldChangeSchema = z.object({
  field: z.string(),
  from: z.unknown(),
  to: z.unknown(),
});
export type FieldChange = z.infer<typeof fieldChangeSchema>;

/** Who voided an entry, when and why (the entry stays in the history, struck through). */
export const voidDetailsSchema = z.object({
  at: z.string(),
  by: z.string().nullable(),
  reason: z.string(),
});
export type VoidDetails = z.infer<typeof voidDetailsSchema>;

/** GET /api/equipment/:id/history?limit=&cursor=&kind=: one page of the timeline, newest (highest seq) first. */
export const historyPageQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(500).optional(),
  /** The `nextCursor` of the previous page (entries with a lower seq). */
  cursor: z.coerce.number().int().positive().optional(),
  kind: historyKindSchema.optional(),
});
export type HistoryPageQuery = z.infer<typeof historyPageQuerySchema>;

/** GET /api/equipment/:id/history (newest first). */
export const historyRecordDtoSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  equipmentName: z.string(),
  /** 'note' for notes; 'update' for usage changes, services and operator updates. */
  type: z.enum(['update', 'note']),
  noteType: noteTypeSchema,
  operatorName: z.string().nullable(),
  usage: z.number().nullable(),
  content: z.string(),
  /** usage_update entries: what kind of reading, and the usage before it. */
  reading: z.enum(readingKinds).nullable(),
  previousUsage: z.number().nullable(),
  /** The operator update this entry applied, with its fuel, its device and whether it has a photo. */
  operatorUpdateId: z.string().nullable(),
  device: z.string().nullable(),
  hasPhoto: z.boolean(),
  fuelAdded: z.number().nullable(),
  fuelType: z.string().nullable(),
  service: serviceDetailsSchema.nullable(),
  changes: z.array(fieldChangeSchema).nullable(),
  voided: voidDetailsSchema.nullable(),
  /** A reading a manager may void now (not voided, not the value the machine was added with). */
  canVoid: z.boolean(),
  /** The typed record (domain/history.ts): render it with domain/history-text.ts in the reader's language. */
  kind: historyKindSchema,
  params: z.record(z.string(), z.unknown()),
  /** The entry's sentence (the request's Accept-Language: Spanish for `es`, else English). */
  text: z.string(),
  /** Who wrote it: their user id and their name at the time. */
  actor: z.object({ id: z.string().nullable(), name: z.string().nullable() }),
  /** The photos sent with it. */
  photoIds: z.array(z.string()),
});
export type HistoryRecordDto = z.infer<typeof historyRecordDtoSchema>;

export const historyPageSchema = z.object({
  entries: z.array(historyRecordDtoSchema),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: z.number().nullable(),
});
export type HistoryPage = z.infer<typeof historyPageSchema>;

/** One service entry (the service log). */
export const serviceEntryDtoSchema = z.object({
  id: z.string(),
  equipmentId: z.string(),
  equipmentName: z.string(),
  unit: z.string(),
  /** YYYY-MM-DD */
  serviceDate: z.string(),
  usage: z.number().nullable(),
  parts: servicePartsDtoSchema,
  cost: z.number().nullable(),
  performedBy: z.string().nullable(),
  notes: z.string(),
  recordedBy: z.string().nullable(),
  createdAt: z.string(),
  /** The machine is retired. */
  retired: z.boolean(),
});
export type ServiceEntryDto = z.infer<typeof serviceEntryDtoSchema>;

/** GET /api/equipment/:id/services: the machine's service log (newest first) and its cost. */
export const serviceLogDtoSchema = z.object({
  entries: z.array(serviceEntryDtoSchema),
  /** Sum of the entries' costs (0 when none has a cost). */
  totalCost: z.number(),
  /** Usage recorded since the machine's first reading (current usage - first known usage). */
  usageTracked: z.number(),
  /** totalCost / usageTracked, when both are above 0 and the unit is a meter (hours, miles, km). */
  costPerUnit: z.number().nullable(),
  unit: z.string(),
});
export type ServiceLogDto = z.infer<typeof serviceLogDtoSchema>;
