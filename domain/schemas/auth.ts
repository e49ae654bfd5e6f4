import { z } from 'zod';
import { normaliseRole } from '../roles';

/** decisions.md: minimum 8 (the spec says 6). */
export const MIN_PASSWORD = 8;
export const passwordMessage = `Password must be at least ${MIN_PASSWORD} characters`;

export const signupFormSchema = z
  .object({
    businessName: z.string().trim().min(2, 'Business name must be at least 2 characters').max(120, 'Business name must be at most 120 characters'),
    email: z.string().trim().max(254, 'Please enter a valid email address').pipe(z.email('Please enter a valid email address')),
    password: z.string().min(MIN_PASSWORD, passwordMessage).max(200, 'Password must be at most 200 characters'),
    confirmPassword: z.string().min(MIN_PASSWORD, 'Please confirm your password'),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  });

export const signupSchema = z.object({
  businessName: z.string().trim().min(2, 'Business name must be at least 2 characters').max(120, 'Business name must be at most 120 characters'),
  email: z.string().trim().max(254, 'Please enter a valid email address').pipe(z.email('Please enter a valid email address')),
  password: z.string().min(MIN_PASSWORD, passwordMessage).max(200, 'Password must be at most 200 characters'),
});
export type SignupInput = z.infer<typeof signupSchema>;

export const loginSchema = z.object({
  emailOrBusinessName: z.string().trim().min(1, 'Please enter your email or business name').max(254),
  password: z.string().min(1, 'Password is required').max(200),
  rememberMe: z.boolean().optional().default(false),
});
export type LoginInput = z.infer<typeof loginSchema>;

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
  hasSecurityQuestions: z.boolean(),
  createdAt: z.coerce.date().transform((d) => d.toISOString()),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;
