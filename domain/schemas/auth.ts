import { z } from 'zod';
import { text } from './primitives';
import { resolveTimeZone } from '../time-zones';
import { normaliseRole } from '../roles';

import { MIN_PASSWORD, authMessages } from '../messages/auth';

export { MIN_PASSWORD, authMessages };
export const passwordMessage = authMessages.passwordMin;

export type AuthMessageKey = keyof typeof authMessages;

const businessName = text({ error: authMessages.businessNameMin })
  .trim()
  .min(2, authMessages.businessNameMin)
  .max(120, authMessages.businessNameMax);
const email = text({ error: authMessages.email })
  .trim()
  .max(254, authMessages.email)
  .pipe(z.email(authMessages.email));
const newPassword = text({ error: authMessages.passwordMin })
  .min(MIN_PASSWORD, authMessages.passwordMin)
  .max(200, authMessages.passwordMax);

export const signupFormSchema = z
  .object({
    businessName,
    email,
    password: newPassword,
    // Empty only: a short password is the password field's error, not "please confirm" (issue 26).
    confirmPassword: text({ error: authMessages.confirmPassword }).min(
      1,
      authMessages.confirmPassword,
    ),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: authMessages.passwordsDontMatch,
    path: ['confirmPassword'],
  });
export type SignupFormValues = z.input<typeof signupFormSchema>;

/** A company's time zone (IANA name, or a city naming one), e.g. the browser's at signup; "today" is computed in it. */
export const timeZoneSchema = text({ error: authMessages.timeZone })
  .trim()
  .transform((v, ctx) => {
    // A city finds its zone ("Chicago" -> America/Chicago, domain/time-zones.ts).
    const zone = resolveTimeZone(v);
    if (zone) return zone;
    ctx.addIssue({ code: 'custom', message: authMessages.timeZone });
    return z.NEVER;
  });

export const signupSchema = z.object({
  businessName,
  email,
  password: newPassword,
  /** The browser's time zone (Intl.DateTimeFormat().resolvedOptions().timeZone); UTC when absent. */
  timeZone: timeZoneSchema.optional(),
  /** The app's language at sign-up: the owner's emails (the maintenance digest) use it. */
  language: z.enum(['en', 'es']).optional(),
});
export type SignupInput = z.infer<typeof signupSchema>;

export const loginSchema = z.object({
  emailOrBusinessName: text({ error: authMessages.emailOrBusinessNameLogin })
    .trim()
    .min(1, authMessages.emailOrBusinessNameLogin)
    .max(254, authMessages.emailOrBusinessNameLogin),
  password: text({ error: authMessages.passwordRequired })
    .min(1, authMessages.passwordRequired)
    .max(200, authMessages.passwordMax),
  rememberMe: z.boolean().optional().default(false),
});
export type LoginInput = z.infer<typeof loginSchema>;
export type LoginFormValues = z.input<typeof loginSchema>;

/** The current user as the API returns it: never a hash or a secret. */
export const currentUserSchema = z.object({
  id: z.string(),
  email: z.string().nullable(),
  secondaryEmail: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  role: z.string().transform(normaliseRole),
  operatorUsername: z.string().nullable(),
  companyId: z.string().nullable(),
  businessName: z.string().nullable(),
  /** The company's time zone (null for the platform admin): every "today" is computed in it. */
  timeZone: z.string().nullable(),
  /** The company's fuel volume unit, gal or L (issue 45; null for the platform admin). */
  volumeUnit: z.enum(['gal', 'L']).nullable(),
  hasSecurityQuestions: z.boolean(),
  createdAt: z.coerce.date().transform((d) => d.toISOString()),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

// ---------------------------------------------------------------------------------------------
// Security questions
// ---------------------------------------------------------------------------------------------

/**
 * The questions offered (stable ids stored on the user, English and Spanish text).
 * GET /api/auth/security-questions returns `{ questions: SecurityQuestion[] }`; the client shows the
 * text of the current language. The user row stores the id, never the text.
 */
export const SECURITY_QUESTIONS = [
  {
    id: 'first_pet',
    en: 'What was the name of your first pet?',
    es: '¿Cómo se llamaba su primera mascota?',
  },
  { id: 'birth_city', en: 'In what city were you born?', es: '¿En qué ciudad nació?' },
  {
    id: 'mother_maiden',
    en: "What is your mother's maiden name?",
    es: '¿Cuál es el apellido de soltera de su madre?',
  },
  {
    id: 'first_school',
    en: 'What was the name of your first school?',
    es: '¿Cómo se llamaba su primera escuela?',
  },
  {
    id: 'first_car',
    en: 'What was the make of your first car?',
    es: '¿De qué marca fue su primer vehículo?',
  },
  {
    id: 'childhood_friend',
    en: 'What is the name of your childhood best friend?',
    es: '¿Cómo se llama su mejor amigo de la infancia?',
  },
  { id: 'first_job', en: 'Where was your first job?', es: '¿Dónde fue su primer trabajo?' },
  {
    id: 'favorite_teacher',
    en: 'What was the name of your favorite teacher?',
    es: '¿Cómo se llamaba su maestro favorito?',
  },
  { id: 'street_grew_up', en: 'What street did you grow up on?', es: '¿En qué calle creció?' },
  {
    id: 'first_equipment',
    en: 'What was the first machine you learned to operate?',
    es: '¿Cuál fue la primera máquina que aprendió a operar?',
  },
] as const;
export type SecurityQuestion = { id: string; en: string; es: string };
export const securityQuestionIds = SECURITY_QUESTIONS.map((q) => q.id) as [string, ...string[]];
export const securityQuestionById = (id: string | null | undefined): SecurityQuestion | null =>
  SECURITY_QUESTIONS.find((q) => q.id === id) ?? null;

export const securityQuestionSchema = z.object({ id: z.string(), en: z.string(), es: z.string() });
export const securityQuestionListSchema = z.object({ questions: z.array(securityQuestionSchema) });
export type SecurityQuestionList = z.infer<typeof securityQuestionListSchema>;

const answer = (message: string) =>
  text({ error: message }).trim().min(1, message).max(200, authMessages.answerMax);
const question = (message: string) =>
  text({ error: message }).refine((v) => (securityQuestionIds as string[]).includes(v), {
    message,
  });

export const setupSecurityQuestionsSchema = z
  .object({
    securityQuestion1: question(authMessages.securityQuestion1),
    securityAnswer1: answer(authMessages.securityAnswer1),
    securityQuestion2: question(authMessages.securityQuestion2),
    securityAnswer2: answer(authMessages.securityAnswer2),
  })
  .refine((v) => v.securityQuestion1 !== v.securityQuestion2, {
    message: authMessages.differentQuestions,
    path: ['securityQuestion2'],
  });
export type SetupSecurityQuestionsInput = z.infer<typeof setupSecurityQuestionsSchema>;

/** The setup screen: any empty field shows the one screen message, then the rules above. */
export const setupSecurityQuestionsFormSchema = z
  .object({
    securityQuestion1: text(),
    securityAnswer1: text(),
    securityQuestion2: text(),
    securityAnswer2: text(),
  })
  .superRefine((v, ctx) => {
    const empty = [
      v.securityQuestion1,
      v.securityAnswer1.trim(),
      v.securityQuestion2,
      v.securityAnswer2.trim(),
    ].some((x) => !x);
    if (empty) {
      ctx.addIssue({ code: 'custom', message: authMessages.fillAllQuestions, path: ['form'] });
      return;
    }
    if (v.securityQuestion1 === v.securityQuestion2) {
      ctx.addIssue({
        code: 'custom',
        message: authMessages.differentQuestions,
        path: ['securityQuestion2'],
      });
    }
  });
export type SetupSecurityQuestionsFormValues = z.input<typeof setupSecurityQuestionsFormSchema>;

// ---------------------------------------------------------------------------------------------
// Forgot / reset password
// ---------------------------------------------------------------------------------------------

const emailOrBusinessNameReset = text({ error: authMessages.emailOrBusinessNameReset })
  .trim()
  .min(1, authMessages.emailOrBusinessNameReset)
  .max(254, authMessages.emailOrBusinessNameReset);

export const forgotPasswordSchema = z.object({ emailOrBusinessName: emailOrBusinessNameReset });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

/** POST /api/auth/forgot-password answers the two questions of the account (id + en/es text). */
export const forgotPasswordResponseSchema = z.object({
  questions: z.object({ question1: securityQuestionSchema, question2: securityQuestionSchema }),
});
export type ForgotPasswordResponse = z.infer<typeof forgotPasswordResponseSchema>;

export const resetPasswordSchema = z.object({
  emailOrBusinessName: emailOrBusinessNameReset,
  securityAnswer1: answer(authMessages.securityAnswer1),
  securityAnswer2: answer(authMessages.securityAnswer2),
  newPassword: newPassword,
});
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

/** The reset step on screen: the spec's screen messages ("Password must be at least 8 characters.", "Passwords do not match."). */
export const resetPasswordFormSchema = z
  .object({
    securityAnswer1: answer(authMessages.securityAnswer1),
    securityAnswer2: answer(authMessages.securityAnswer2),
    newPassword: text()
      .min(MIN_PASSWORD, authMessages.resetPasswordMin)
      .max(200, authMessages.passwordMax),
    confirmPassword: text(),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: authMessages.resetPasswordsDoNotMatch,
    path: ['confirmPassword'],
  });
export type ResetPasswordFormValues = z.input<typeof resetPasswordFormSchema>;
