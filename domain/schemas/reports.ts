import { z } from 'zod';
import { equipmentTypes } from '../kinds';
import { commonMessages } from '../messages/common';
import { queryMessages as q } from '../messages/query';
import { reportsMessages } from '../messages/reports';
import { periodDays } from '../utilization';
import { dateSchema } from './primitives';

/**
 * The longest period a report covers: five years with their leap days (issue 45: "a period longer than
 * 5 years ... 400"). The same for every report, so one period picked on the Reports page fits each tab.
 */
export const REPORT_MAX_DAYS = 5 * 365 + 2;

/**
 * `GET /api/reports/*` (issue 45): `?from&to&type&equipmentId`. Without dates: the 30 days ending today
 * (the company's today, filled in by the server). At most `maxDays` days.
 */
const reportQuery = (maxDays: number) =>
  z
    .object({
      from: dateSchema.optional(),
      to: dateSchema.optional(),
      type: z.enum(equipmentTypes, { error: q.oneOf }).optional(),
      equipmentId: z.uuid(commonMessages.notFound).optional(),
    })
    .refine((v) => !v.from || !v.to || v.from <= v.to, {
      message: reportsMessages.fromAfterTo,
      path: ['from'],
    })
    .refine((v) => !v.from || !v.to || periodDays(v.from, v.to) <= maxDays, {
      message: reportsMessages.periodTooLong,
      path: ['from'],
      params: { max: maxDays },
    });
export const reportQuerySchema = reportQuery(REPORT_MAX_DAYS);
export type ReportQuery = z.output<typeof reportQuerySchema>;

export const utilizationRowSchema = z.object({
  equipmentId: z.string(),
  name: z.string(),
  type: z.string(),
  /** hours, miles, kilometers or n/a. */
  unit: z.string(),
  /** Usage over the period; null without a meter or readings. */
  used: z.number().nullable(),
  /** Usage per day of the period. */
  perDay: z.number().nullable(),
  /** The median per day of the company's machines of the same type and unit. */
  typeMedianPerDay: z.number().nullable(),
  /** Days since the usage last went up; null without a meter. */
  idleDays: z.number().nullable(),
  /** No usage for 30 days or more (and not retired). */
  idle: z.boolean(),
});

export const utilizationReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  machines: z.array(utilizationRowSchema),
  totals: z.object({ machines: z.number(), idle: z.number() }),
});
export type UtilizationReport = z.infer<typeof utilizationReportSchema>;

export const downtimeRowSchema = z.object({
  equipmentId: z.string(),
  name: z.string(),
  type: z.string(),
  /** hours, miles, kilometers or n/a: the unit of usageBetweenFailures. */
  unit: z.string(),
  /** Share of the period (0 to 1) the machine was in service. */
  availability: z.number(),
  /** Hours out of service within the period. */
  outOfServiceHours: z.number(),
  /** Defects opened in the period. */
  defects: z.number(),
  /** Times the machine went out of service in the period. */
  failures: z.number(),
  /** Out-of-service periods that ended in the period. */
  repairs: z.number(),
  /** Mean hours from out of service until back in service (over the repairs); null when none. */
  mttrHours: z.number().nullable(),
  /** Usage over the period divided by its failures; null without a failure or a meter. */
  usageBetweenFailures: z.number().nullable(),
  /** Out of service at the period's end (or now). */
  outOfService: z.boolean(),
});

const downtimeGroup = {
  machines: z.number(),
  availability: z.number(),
  defects: z.number(),
  failures: z.number(),
  mttrHours: z.number().nullable(),
};

export const downtimeReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  machines: z.array(downtimeRowSchema),
  /** The same figures per type (availability weighted by time, repairs pooled). */
  types: z.array(z.object({ type: z.string(), ...downtimeGroup })),
  totals: z.object({ ...downtimeGroup, outOfService: z.number() }),
});
export type DowntimeReport = z.infer<typeof downtimeReportSchema>;

const ownership = { maintenance: z.number(), fuel: z.number(), total: z.number() };

export const costsRowSchema = z.object({
  equipmentId: z.string(),
  name: z.string(),
  type: z.string(),
  /** hours, miles, kilometers or n/a: the unit of usage and of costPerUnit. */
  unit: z.string(),
  /** Services and completed work orders in the period (parts, labour, other). */
  maintenance: z.number(),
  /** Fill-ups in the period, at their own cost or price, else the company price in force. */
  fuel: z.number(),
  total: z.number(),
  /** Fill-ups with no price of their own and no company price in force (counted as no money). */
  unpricedFillUps: z.number(),
  /** Usage over the period; null without a meter or readings. */
  usage: z.number().nullable(),
  /** total / usage, per hour, mile or km; null without a meter, a cost or usage. */
  costPerUnit: z.number().nullable(),
});

export const costsReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** The currency of every amount. */
  currency: z.literal('USD'),
  machines: z.array(costsRowSchema),
  /** Every month of the period (YYYY-MM), the machines shown added up. */
  months: z.array(z.object({ month: z.string(), ...ownership })),
  totals: z.object({ ...ownership, machines: z.number() }),
});
export type CostsReport = z.infer<typeof costsReportSchema>;

export const fuelRowSchema = z.object({
  equipmentId: z.string(),
  name: z.string(),
  type: z.string(),
  /** hours, miles, kilometers or n/a. */
  unit: z.string(),
  /** Every fill-up's fuel in the period, in `volumeUnit`. */
  fuelUsed: z.number(),
  volumeUnit: z.enum(['gal', 'L']),
  /** gal/h or L/h; mi/gal, mi/L, km/gal or km/L; null when there is not enough data (see reason). */
  fuelRate: z.number().nullable(),
  rateUnit: z.string().nullable(),
  /** Why there is no rate: no_meter, too_few_fill_ups (fewer than two) or no_usage between them. */
  reason: z.enum(['no_meter', 'too_few_fill_ups', 'no_usage']).nullable(),
  /** How many other machines of the same type and unit have a rate. */
  peers: z.number(),
  /** The median rate of those peers, in `rateUnit`. */
  peerMedian: z.number().nullable(),
  /** Fuel per unit of use against the peers' median, in percent (31 = 31 % more). */
  percentAbovePeers: z.number().nullable(),
  /** More than 25 % above its peers over the period (the default: the last 30 days). */
  flagged: z.boolean(),
  /** Fill-ups in the period more than the machine's tank holds (its capacity and 5 %; issue 45). */
  overTankFillUps: z.number(),
});

export const fuelReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  volumeUnit: z.enum(['gal', 'L']),
  machines: z.array(fuelRowSchema),
  totals: z.object({ machines: z.number(), fuelUsed: z.number(), flagged: z.number() }),
});
export type FuelReport = z.infer<typeof fuelReportSchema>;
