import { z } from 'zod';
import { historyKindSchema } from '../history';
import { queryMessages as q } from '../messages/query';
import {
  browseLimit,
  equipmentBrowseFields,
  noteTypeSchema,
  readingKinds,
  type EquipmentStatusCounts,
} from './equipment';

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
