import { z } from 'zod';
import { taskCategories } from '../schedule';
import { queryMessages as q } from '../messages/query';
import { equipmentDtoSchema } from './equipment';
import { serviceStatusSchema } from './status';

/** The Due soon page's windows (days ahead; what is due or overdue now is always listed). */
export const dueWindows = [7, 14, 30] as const;
export type DueWindow = (typeof dueWindows)[number];

/**
 * Renewals (registration, insurance, permits) have their own due-soon window (issue 40): a renewal is
 * listed this many days ahead whatever the page's window, since it takes paperwork to get done.
 */
export const RENEWAL_WINDOW_DAYS = 30;

/** GET /api/maintenance/due */
export const dueQuerySchema = z.object({
  within: z
    .enum(['7', '14', '30'], { error: q.oneOf })
    .default('14')
    .transform((v) => Number(v) as DueWindow),
  /** Only the tasks of one category. */
  category: z.enum(taskCategories, { error: q.oneOf }).optional(),
  /**
   * `false`: leave v1's `items` (whole machine records) out; the Due soon page reads `tasks` only and
   * a fleet's machine records are most of the answer's size and time.
   */
  machines: z
    .enum(['true', 'false'], { error: q.oneOf })
    .default('true')
    .transform((v) => v === 'true'),
});
export type DueQuery = z.infer<typeof dueQuerySchema>;

const duePartSchema = z.object({
  partId: z.string().nullable(),
  part: z.string(),
  partNumber: z.string().nullable(),
  qty: z.number().nullable(),
});

/** One task due in the window (one row of Due soon, of its CSV and of its printed report). */
export const dueTaskSchema = z.object({
  machine: z.object({
    id: z.string(),
    name: z.string(),
    type: z.string(),
    unit: z.string(),
    serialNumber: z.string().nullable(),
    currentUsage: z.number(),
  }),
  task: z.object({
    id: z.string(),
    name: z.string(),
    category: z.enum(taskCategories),
    /** The machine's primary task (the equipment form's Service Interval and Scheduled Maintenance). */
    primary: z.boolean(),
    /** The task's parts (the primary task's are the machine's service parts). */
    parts: z.array(duePartSchema),
    estimatedCost: z.number().nullable(),
  }),
  /** What the task is due at: its next due usage and its next due date (either may be null). */
  dueAt: z.object({ usage: z.number().nullable(), date: z.string().nullable() }),
  /** What gives the forecast date: the usage at the machine's usual daily rate, or the calendar. */
  basis: z.enum(['usage', 'calendar']).nullable(),
  /** When it is due (the usage forecast or the calendar date, whichever first; today when past by usage). */
  forecastDate: z.string().nullable(),
  /** Whole days from today to the forecast date (negative when past it). */
  daysLeft: z.number().nullable(),
  status: serviceStatusSchema,
  /** The usage part of the status, for the words "past due by" / "overdue" (domain/status-words.ts). */
  usageStatus: serviceStatusSchema.nullable(),
  percentUsed: z.number().nullable(),
  /** Usage past the due usage, null when not past it. */
  overdueUsage: z.number().nullable(),
  /** The machine's usual daily usage (null without enough readings). */
  perDay: z.number().nullable(),
});
export type DueTask = z.infer<typeof dueTaskSchema>;

/**
 * Every task due within the window (renewals within RENEWAL_WINDOW_DAYS) and every task due or overdue
 * now (`tasks`): overdue ones first, then by forecast date, machine and task.
 */
export const dueListSchema = z.object({
  today: z.string(),
  within: z.number(),
  renewalsWithin: z.number(),
  /** One row per task (issue 40): what the Due soon page, its CSV and its print show. */
  tasks: z.array(dueTaskSchema),
  /**
   * v1's list, kept for other programs: the machines whose own (primary task's) forecast date is within
   * the window, each a whole machine record with its forecast, overdue first, then by date.
   */
  items: z.array(equipmentDtoSchema),
});
export type DueList = z.infer<typeof dueListSchema>;

/** GET /api/company/calendar and POST /api/company/calendar/regenerate */
export const calendarFeedSchema = z.object({ url: z.string() });
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;
