import { z } from 'zod';
import { profileMessages as m } from '../messages/profile';
import { queryMessages as q } from '../messages/query';

export const digestFrequencies = ['daily', 'weekly', 'off'] as const;
export type DigestFrequency = (typeof digestFrequencies)[number];
export const mailLanguages = ['en', 'es'] as const;

/** PUT /api/user/digest: the maintenance digest in Profile (issue 14). */
export const updateDigestPreferencesSchema = z.object({
  frequency: z.enum(digestFrequencies, { error: m.digestFrequency }),
  /** 0 = Sunday ... 6 = Saturday: the day of a weekly digest. */
  weekday: z
    .number({ error: m.digestWeekday })
    .int(m.digestWeekday)
    .min(0, m.digestWeekday)
    .max(6, m.digestWeekday)
    .default(1),
  language: z.enum(mailLanguages, { error: m.language }),
  /** The monthly fleet summary on the 1st (issue 45); left out, it stays as it is. */
  monthlySummary: z.boolean({ error: m.monthlySummary }).optional(),
});
export type UpdateDigestPreferences = z.infer<typeof updateDigestPreferencesSchema>;

/** GET /api/user/digest */
export const digestPreferencesSchema = z.object({
  frequency: z.enum(digestFrequencies),
  weekday: z.number(),
  /** Null until chosen (or set at sign-up): the mail is then in English. */
  language: z.enum(mailLanguages).nullable(),
  /** Where it goes. */
  email: z.string(),
  /** The company-time hour it goes out at. */
  hour: z.number(),
  /** The monthly fleet summary on the 1st of each month (issue 45). */
  monthlySummary: z.boolean(),
});
export type DigestPreferences = z.infer<typeof digestPreferencesSchema>;

export const outboxStatuses = ['pending', 'sending', 'sent', 'kept', 'failed'] as const;

/** GET /api/admin/outbox (platform admin) */
export const outboxQuerySchema = z.object({
  status: z.enum(outboxStatuses, { error: q.oneOf }).optional(),
});

export const outboxMessageSchema = z.object({
  id: z.string(),
  kind: z.string(),
  toAddress: z.string(),
  subject: z.string(),
  textBody: z.string(),
  status: z.enum(outboxStatuses),
  attempts: z.number(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  companyName: z.string().nullable(),
});
export const outboxListSchema = z.object({
  smtp: z.boolean(),
  messages: z.array(outboxMessageSchema),
});
export type OutboxList = z.infer<typeof outboxListSchema>;
