import { z } from 'zod';

/** GET /api/equipment-history?limit= : the newest history entries of the whole company. */
export const historyListQuerySchema = z.object({
  limit: z.coerce
    .number({ message: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(500, 'limit must be at most 500')
    .default(100),
});

export const historyEntrySchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  equipmentId: z.string(),
  equipmentName: z.string(),
  equipmentType: z.string(),
  unit: z.string(),
  /** note | usage_update | maintenance */
  noteType: z.string(),
  operatorName: z.string().nullable(),
  usage: z.number().nullable(),
  content: z.string(),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

/** GET /api/dashboard/fuel-summary : totals by fuel type and the top five consumers. */
export const fuelSummarySchema = z.object({
  totalGas: z.number(),
  totalDiesel: z.number(),
  total: z.number(),
  top: z.array(z.object({ id: z.string(), name: z.string(), total: z.number(), gas: z.number(), diesel: z.number() })).max(5),
});
export type FuelSummary = z.infer<typeof fuelSummarySchema>;

/** GET /api/dashboard/overview : tile counts, critical machines and one page of the filtered overview. */
export const overviewQuerySchema = z.object({
  status: z.string().max(40).optional(),
  type: z.string().max(40).optional(),
  search: z.string().max(200).optional(),
  limit: z.coerce.number({ message: 'limit must be a number' }).int().min(1, 'limit must be at least 1').max(500, 'limit must be at most 500').default(50),
  offset: z.coerce.number({ message: 'offset must be a number' }).int().min(0, 'offset must be 0 or more').default(0),
});
export type OverviewQuery = z.infer<typeof overviewQuerySchema>;

export type OverviewCounts = { all: number; good: number; approaching_service: number; time_for_service: number; overdue: number };
