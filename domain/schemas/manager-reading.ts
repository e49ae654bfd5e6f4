import { z } from 'zod';
import { commonMessages } from '../messages/common';
import { equipmentMessages as m } from '../messages/equipment';
import { instantOfWallTime } from '../zoned-time';
import { MAX_USAGE } from './equipment';

/**
 * A manager's meter reading from the machine page ("Record a reading", issue 43): the meter's total
 * and when it was read, as an operator sends it (the list rows' "Update Equipment Usage" adds an
 * increase instead). POST /api/equipment/:id/readings.
 */
export const managerReadingInputSchema = z.object({
  newUsage: z
    .number({ error: m.readingInvalid })
    .min(0, m.readingInvalid)
    .max(MAX_USAGE, m.tooLarge),
  /** When the meter was read (ISO time with its offset): not in the future, not before the last reading. */
  takenAt: z.iso.datetime({ offset: true, message: commonMessages.invalid }),
});
export type ManagerReadingInput = z.infer<typeof managerReadingInputSchema>;

/** The answer: the machine's usage now, and whether the reading was unusual for it (flagged, applied). */
export const managerReadingResultSchema = z.object({
  entryId: z.string(),
  currentUsage: z.number(),
  unusual: z.boolean(),
});
export type ManagerReadingResult = z.infer<typeof managerReadingResultSchema>;

/**
 * The dialog's form: the total as typed, and the date and time as a clock in the company's time zone
 * shows them (every time the app shows is in that zone), turned into the API's input.
 */
export const managerReadingFormSchema = (timeZone: string) =>
  z
    .object({
      newUsage: z.string(),
      date: z.string(),
      time: z.string(),
    })
    .transform((v, ctx) => {
      const usage = v.newUsage.trim() === '' ? Number.NaN : Number(v.newUsage);
      const at = instantOfWallTime(v.date, v.time, timeZone);
      if (!at) {
        ctx.addIssue({ code: 'custom', path: ['date'], message: m.readingTimeInvalid });
        return z.NEVER;
      }
      return { newUsage: usage, takenAt: at.toISOString() };
    })
    .pipe(managerReadingInputSchema);
export type ManagerReadingForm = z.input<ReturnType<typeof managerReadingFormSchema>>;
