/** A machine's record as the API answers it: notes, history entries and pages, the service log. */
import { z } from 'zod';
import { historyKindSchema } from '../history';
import { noteTypeSchema, readingKinds } from './equipment-vocab';
import { servicePartDtoSchema } from './equipment-answers';

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
  /**
   * A fill-up more than the machine's tank holds (its tank capacity and 5 % more, issue 45): shown as
   * "More than the tank holds". False without a capacity or a fill-up.
   */
  overTank: z.boolean(),
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
