import { authMessages } from '@domain/messages/auth';

/** What the owner login form sends (domain/schemas/auth.ts `LoginInput`). */
export type LoginValues = { emailOrBusinessName: string; password: string; rememberMe: boolean };
export type LoginErrors = Partial<Record<'emailOrBusinessName' | 'password', string>>;

/**
 * The login form's checks: the rules of the server's `loginSchema` (domain/schemas/auth.ts) written
 * without zod, so the login page loads no zod (page speed, docs/decisions/0007). Messages are the
 * schema's (English, translated by key). login-check.test.ts holds both to the same answers.
 */
export function checkLogin(v: LoginValues): { errors: LoginErrors; values: LoginValues } {
  const errors: LoginErrors = {};
  const name = v.emailOrBusinessName.trim();
  if (name.length < 1 || name.length > 254)
    errors.emailOrBusinessName = authMessages.emailOrBusinessNameLogin;
  if (v.password.length < 1) errors.password = authMessages.passwordRequired;
  else if (v.password.length > 200) errors.password = authMessages.passwordMax;
  return { errors, values: { ...v, emailOrBusinessName: name } };
}
