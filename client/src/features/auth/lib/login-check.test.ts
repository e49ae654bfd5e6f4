import { describe, expect, it } from 'vitest';
import { loginSchema } from '@domain/schemas/auth';
import { checkLogin, type LoginValues } from './login-check';

/** The zod schema's answer in the shape checkLogin gives. */
function bySchema(v: LoginValues) {
  const r = loginSchema.safeParse(v);
  if (r.success) return { errors: {}, values: r.data };
  const errors: Record<string, string> = {};
  for (const issue of r.error.issues) errors[String(issue.path[0])] ??= issue.message;
  return { errors, values: null };
}

describe('checkLogin (the login form without zod)', () => {
  const cases: LoginValues[] = [
    { emailOrBusinessName: 'owner@example.com', password: 'secret', rememberMe: false },
    { emailOrBusinessName: '  Acme Rentals  ', password: 'x', rememberMe: true },
    { emailOrBusinessName: '', password: '', rememberMe: false },
    { emailOrBusinessName: '   ', password: 'secret', rememberMe: false },
    { emailOrBusinessName: 'a'.repeat(254), password: 'p'.repeat(200), rememberMe: false },
    { emailOrBusinessName: 'a'.repeat(255), password: 'p'.repeat(201), rememberMe: false },
    { emailOrBusinessName: ` ${'a'.repeat(254)} `, password: ' ', rememberMe: false },
  ];
  it.each(cases)('agrees with loginSchema on %j', (v) => {
    const mine = checkLogin(v);
    const theirs = bySchema(v);
    expect(mine.errors).toEqual(theirs.errors);
    if (theirs.values) expect(mine.values).toEqual(theirs.values);
  });
});
