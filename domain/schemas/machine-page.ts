import { z } from 'zod';
import { equipmentDtoSchema, historyRecordDtoSchema, serviceEntryDtoSchema } from './equipment';
import { fuelRowSchema, utilizationRowSchema } from './reports';
import { taskDtoSchema } from './schedule';

/**
 * GET /api/equipment/:id/page: everything the machine page (/machines/:id) shows but its timeline,
 * in one answer (issue 24). The timeline comes from GET /api/equipment/:id/history.
 */

/** A point of the usage chart: a reading (voided ones kept, marked) in time order. */
export const usagePointSchema = z.object({
  /** ISO timestamp */
  at: z.string(),
  usage: z.number(),
  voided: z.boolean(),
});
export type UsagePoint = z.infer<typeof usagePointSchema>;

/** A service on the usage chart: its date and the usage it was done at. */
export const servicePointSchema = z.object({
  /** YYYY-MM-DD */
  date: z.string(),
  usage: z.number().nullable(),
});
export type ServicePoint = z.infer<typeof servicePointSchema>;

/** A month's total (fuel added, maintenance cost), months in the company's time zone. */
export const monthTotalSchema = z.object({
  /** YYYY-MM */
  month: z.string(),
  value: z.number(),
});
export type MonthTotal = z.infer<typeof monthTotalSchema>;

export const machineInspectionSchema = z.object({
  id: z.string(),
  at: z.string(),
  templateName: z.string(),
  operatorName: z.string(),
  failedCount: z.number(),
});
export type MachineInspection = z.infer<typeof machineInspectionSchema>;

export const machineDefectSchema = z.object({
  id: z.string(),
  at: z.string(),
  itemLabel: z.string(),
  critical: z.boolean(),
  note: z.string(),
  hasPhoto: z.boolean(),
});
export type MachineDefect = z.infer<typeof machineDefectSchema>;

/** A catalogue part a machine's service part matches, and its stock (issue 43). */
export const catalogueStockSchema = z.object({
  partId: z.string(),
  name: z.string(),
  partNumber: z.string().nullable(),
  onHand: z.number(),
  unit: z.string(),
});
export type CatalogueStock = z.infer<typeof catalogueStockSchema>;
/** A reading held for a manager's review (operator_update pending): approve or reject it. */
export const machinePendingReadingSchema = z.object({
  /** The operator update's id (POST /api/operator-updates/:id/approve | reject). */
  id: z.string(),
  at: z.string(),
  usage: z.number().nullable(),
  operatorName: z.string(),
  /** Why it was held: `implausible_reading`. */
  reason: z.string().nullable(),
});
export type MachinePendingReading = z.infer<typeof machinePendingReadingSchema>;

/** An open work order of the machine (not done, not canceled), soonest due first. */
export const machineWorkOrderSchema = z.object({
  id: z.string(),
  number: z.number(),
  title: z.string(),
  status: z.string(),
  priority: z.string(),
  /** YYYY-MM-DD */
  dueDate: z.string().nullable(),
  overdue: z.boolean(),
  /** The assignee's name, else the vendor's, else null (unassigned). */
  assignee: z.string().nullable(),
});
export type MachineWorkOrder = z.infer<typeof machineWorkOrderSchema>;

/** How many services, inspections and points each list holds at most (the newest). */
export const MACHINE_PAGE_LIMITS = {
  services: 50,
  inspections: 10,
  defects: 50,
  usagePoints: 1000,
  months: 24,
  pendingReadings: 10,
  workOrders: 20,
} as const;

const period = { from: z.string(), to: z.string() };
/** The machine's row of the Fuel and Utilization reports over the last 30 days (issue 45). */
export const machinePeersSchema = z.object({
  fuel: fuelRowSchema
    .pick({
      fuelUsed: true,
      volumeUnit: true,
      fuelRate: true,
      rateUnit: true,
      reason: true,
      peers: true,
      peerMedian: true,
      percentAbovePeers: true,
      flagged: true,
      overTankFillUps: true,
    })
    .extend(period)
    .nullable(),
  utilization: utilizationRowSchema
    .pick({ perDay: true, typeMedianPerDay: true, idleDays: true, idle: true })
    .extend(period)
    .nullable(),
});
export type MachinePeers = z.infer<typeof machinePeersSchema>;

export const machinePageSchema = z.object({
  /** The machine with its status and forecast (the header, the figures, the dialogs). */
  equipment: equipmentDtoSchema,
  figures: z.object({
    /**
     * The maintenance cost, all time: services and completed work orders (domain/costs.ts machineCost,
     * the figure every screen shows); how many services (voided left out) and completed work orders.
     */
    totalMaintenanceCost: z.number(),
    serviceCount: z.number(),
    workOrderCount: z.number(),
    /** Usage since the first known reading; cost per hour / mile / km when there is both. */
    usageTracked: z.number(),
    costPerUnit: z.number().nullable(),
    /**
     * The cost of ownership, all time (domain/costs.ts ownershipCost, issue 45): fill-ups at their own
     * cost or price, else the company price in force; maintenance plus fuel; and that total per hour /
     * mile / km over the same usage.
     */
    fuelCost: z.number(),
    totalCost: z.number(),
    totalCostPerUnit: z.number().nullable(),
  }),
  /**
   * Its own figures beside its peers' over the last 30 days (issue 45): the Fuel and Utilization
   * reports' rows for this machine (the same functions, one number). Null when retired.
   */
  peers: machinePeersSchema,
  charts: z.object({
    usage: z.array(usagePointSchema),
    services: z.array(servicePointSchema),
    fuelByMonth: z.array(monthTotalSchema),
    costByMonth: z.array(monthTotalSchema),
  }),
  /** The newest services first (parts, cost, who). */
  services: z.array(serviceEntryDtoSchema),
  inspections: z.array(machineInspectionSchema),
  openDefects: z.array(machineDefectSchema),
  /**
   * The machine's service parts against the parts catalogue, one per service part in its order
   * (domain/parts-match.ts): the catalogue part it is, with its stock, or null when unmatched.
   */
  serviceStock: z.array(catalogueStockSchema.nullable()),
  /** Readings waiting for a manager's review, newest first. */
  pendingReadings: z.array(machinePendingReadingSchema),
  openWorkOrders: z.array(machineWorkOrderSchema),
  /** The maintenance schedule (issue 40): every task, as GET /api/equipment/:id/tasks answers it. */
  tasks: z.array(taskDtoSchema),
});
export type MachinePageDto = z.infer<typeof machinePageSchema>;

/**
 * An entry of the machine page's timeline (GET /api/equipment/:id/history?limit&cursor&kind): a history
 * entry with what the timeline links it to.
 */
export const timelineEntrySchema = historyRecordDtoSchema.extend({
  /** A `defect_opened` entry whose defect has a photo (a failed item's, a reported problem's): the
   * defect's id (GET /api/defects/:id/photo). */
  defectPhoto: z.string().nullable(),
  /** A `work_order` entry's order: a link to /work-orders/:id, with its total and status now. */
  workOrder: z.object({ id: z.string(), total: z.number(), status: z.string() }).nullable(),
});
export type TimelineEntry = z.infer<typeof timelineEntrySchema>;

export const timelinePageSchema = z.object({
  entries: z.array(timelineEntrySchema),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: z.number().nullable(),
});
export type TimelinePage = z.infer<typeof timelinePageSchema>;
