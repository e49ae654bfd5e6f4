import { z } from 'zod';
import { text } from './primitives';
import { MIN_PASSWORD } from '../messages/auth';
import { profileMessages } from '../messages/profile';

export { profileMessages };
export type ProfileMessageKey = keyof typeof profileMessages;

/** The spec's "simple pattern" for e-mail addresses. */
export const SIMPLE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const name = text().trim().max(100, profileMessages.nameMax);

/**
 * PATCH /api/user/profile. The primary e-mail may be empty only for operators (who sign in with a
 * username); the server checks that. An empty secondary e-mail clears it.
 */
export const updateProfileSchema = z.object({
  firstName: name.optional().default(''),
  lastName: name.optional().default(''),
  email: text()
    .trim()
    .max(254, profileMessages.email)
    .refine((v) => v === '' || SIMPLE_EMAIL.test(v), profileMessages.email)
    .optional()
    .default(''),
  secondaryEmail: text()
    .trim()
    .max(254, profileMessages.secondaryEmail)
    .refine((v) => v === '' || SIMPLE_EMAIL.test(v), profileMessages.secondaryEmail)
    .nullable()
    .optional()
    .transform((v) => v ?? ''),
});
export type UpdateProfileInput = z.infer<typeof updateProfileSchema>;
export type UpdateProfileFormValues = z.input<typeof updateProfileSchema>;

/** The profile form of an owner or manager: the primary e-mail is required. */
export const updateProfileFormSchema = updateProfileSchema.extend({
  email: text().trim().max(254, profileMessages.email).regex(SIMPLE_EMAIL, profileMessages.email),
});

export const changePasswordSchema = z.object({
  currentPassword: text({ error: profileMessages.currentPasswordRequired })
    .min(1, profileMessages.currentPasswordRequired)
    .max(200, profileMessages.currentPasswordRequired),
  newPassword: text({ error: profileMessages.newPasswordMin })
    .min(MIN_PASSWORD, profileMessages.newPasswordMin)
    .max(200, profileMessages.newPasswordMax),
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

export const changePasswordFormSchema = changePasswordSchema
  .extend({ confirmPassword: text() })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: profileMessages.passwordsMustMatch,
    path: ['confirmPassword'],
  });
export type ChangePasswordFormValues = z.input<typeof changePasswordFormSchema>;

/**
 * The company (business) name, whichever screen renames it: the profile's company card
 * (PATCH /api/company/settings) and the Operators page's Company Settings (POST /api/company-settings).
 * Trimmed; empty -> the spec's "Company name cannot be empty."; at least 2 like the signup's business name.
 */
export const companyNameSchema = text({ error: profileMessages.companyNameEmpty })
  .trim()
  .min(1, profileMessages.companyNameEmpty)
  .min(2, profileMessages.companyNameMin)
  .max(120, profileMessages.companyNameMax);

export const companySettingsSchema = z.object({ companyName: companyNameSchema });
export type CompanySettingsInput = z.infer<typeof companySettingsSchema>;

/** GET /api/company/settings (owner/manager): the company details shown on the profile page. */
export const companyDetailsSchema = z.object({
  companyName: z.string(),
  subscriptionTier: z.string(),
  subscriptionStatus: z.string(),
  equipmentLimit: z.number(),
  trialEndDate: z.string().nullable(),
  createdAt: z.string(),
});
export type CompanyDetails = z.infer<typeof companyDetailsSchema>;
