/** A machine as the API answers it: its record, forecast and parts, the list's page and counts, a retired one. */
import { z } from 'zod';
import { machineStatusSchema } from './status';

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
  /** The fuel tank's capacity in US gallons (as the fuel totals), null when not given (issue 45). */
  tankCapacity: z.number().nullable(),
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
  status: machineStatusSchema,
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
