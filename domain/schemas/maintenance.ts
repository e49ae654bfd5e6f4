import { z } from 'zod';
import { queryMessages as q } from '../messages/query';
import { equipmentDtoSchema } from './equipment';

/** The Due soon page's windows (days ahead; overdue machines are always listed). */
export const dueWindows = [7, 14, 30] as const;
export type DueWindow = (typeof dueWindows)[number];

/** GET /api/maintenance/due */
export const dueQuerySchema = z.object({
  within: z
    .enum(['7', '14', '30'], { error: q.oneOf })
    .default('14')
    .transform((v) => Number(v) as DueWindow),
});
export type DueQuery = z.infer<typeof dueQuerySchema>;

/** Machines due (by usage forecast or by date) within the window, and every overdue one, by due date. */
export const dueListSchema = z.object({
  today: z.string(),
  within: z.number(),
  items: z.array(equipmentDtoSchema),
});
export type DueList = z.infer<typeof dueListSchema>;

/** GET /api/company/calendar and POST /api/company/calendar/regenerate */
export const calendarFeedSchema = z.object({ url: z.string() });
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;
