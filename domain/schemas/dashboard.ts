import { z } from 'zod';
import { historyKindSchema } from '../history';
import { queryMessages as q } from '../messages/query';
import {
  browseLimit,
  equipmentBrowseFields,
  equipmentStatusCountsSchema,
  forecastDtoSchema,
  machineIdentityFields,
  noteTypeSchema,
  readingKinds,
  voidDetailsSchema,
  type EquipmentStatusCounts,
} from './equipment';
import { equipmentStatusSchema } from './status';

/** GET /api/equipment-history?limit= : the newest history entries of the whole company. */
export const historyListQuerySchema = z.object({
  limit: z.coerce
    .number({ message: q.number })
    .int(q.whole)
    .min(1, q.atLeast)
    .max(500, q.atMost)
    .default(100),
});

export const historyEntrySchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  equipmentId: z.string(),
  equipmentName: z.string(),
  equipmentType: z.string(),
  unit: z.string(),
  noteType: noteTypeSchema,
  operatorName: z.string().nullable(),
  usage: z.number().nullable(),
  content: z.string(),
  /** usage_update entries: what kind of reading, and the usage before it (the text is told from them). */
  reading: z.enum(readingKinds).nullable(),
  previousUsage: z.number().nullable(),
  /** change entries: the fields that changed. */
  changedFields: z.array(z.string()),
  /** The typed record (domain/history.ts) and its sentence in the request's language. */
  kind: historyKindSchema,
  params: z.record(z.string(), z.unknown()),
  text: z.string(),
  /** A voided reading stays in the list, marked, with who voided it, when and why. */
  voided: voidDetailsSchema.nullable(),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

/** GET /api/dashboard/fuel-summary : totals by fuel type and the top five consumers. */
export const fuelSummarySchema = z.object({
  totalGas: z.number(),
  totalDiesel: z.number(),
  total: z.number(),
  top: z
    .array(
      z.object({
        id: z.string(),
        name: z.string(),
        total: z.number(),
        gas: z.number(),
        diesel: z.number(),
      }),
    )
    .max(5),
});
export type FuelSummary = z.infer<typeof fuelSummarySchema>;

/** GET /api/dashboard/overview : tile counts, critical machines and one page of the filtered overview (same filters as GET /api/equipment/page). */
export const overviewQuerySchema = z.object({
  ...equipmentBrowseFields,
  limit: browseLimit(500, 50),
});
export type OverviewQuery = z.infer<typeof overviewQuerySchema>;

export type OverviewCounts = EquipmentStatusCounts;

/**
 * One machine of the dashboard overview: only what its table, cards and row actions show (issue 28: at
 * most 500 bytes of JSON a machine, against ~1.3 KB for the whole record). The row dialogs need only
 * id, name, unit and usage; a screen that needs more reads the machine (GET /api/equipment/:id).
 */
export const overviewMachineSchema = z.object({
  ...machineIdentityFields,
  currentUsage: z.number(),
  /** YYYY-MM-DD while maintenance is scheduled by date, else null. */
  nextMaintenanceDate: z.string().nullable(),
  /** Present only while the machine is out of service (its badge shows the reason); omitted otherwise. */
  outOfService: z.object({ reason: z.string() }).optional(),
  /** The badge and the remaining usage (criticality is the answer's `critical` map). */
  status: equipmentStatusSchema
    .pick({ serviceStatus: true, hasSchedule: true, remainingUsage: true })
    // Present only when the machine is past its service usage (omitted otherwise: bytes per machine).
    .extend({ overdueUsage: z.number().optional() }),
  forecast: forecastDtoSchema
    .pick({ dueDate: true, basis: true, daysUntil: true, perDay: true, noUsageForecast: true })
    .nullable(),
});
export type OverviewMachine = z.infer<typeof overviewMachineSchema>;

/** GET /api/dashboard/overview : the tiles, one page of lean machines and which of them are critical. */
export const overviewSchema = z.object({
  counts: equipmentStatusCountsSchema,
  /** The page's critical machines (bounded by the page, not the fleet). */
  critical: z.record(z.string(), z.enum(['critical', 'severe'])),
  total: z.number(),
  items: z.array(overviewMachineSchema),
});
export type Overview = z.infer<typeof overviewSchema>;
