import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  authMessages,
  forgotPasswordSchema,
  loginSchema,
  resetPasswordFormSchema,
  resetPasswordSchema,
  SECURITY_QUESTIONS,
  securityQuestionById,
  setupSecurityQuestionsFormSchema,
  setupSecurityQuestionsSchema,
  signupFormSchema,
  signupSchema,
} from './auth';

/** The first message of a failed parse (what the API and the form show). */
function firstMessage(schema: z.ZodType, value: unknown): string | null {
  const r = schema.safeParse(value);
  return r.success ? null : (r.error.issues[0]?.message ?? null);
}

const signup = {
  businessName: 'Acme Co',
  email: 'a@b.co',
  password: 'Harvest-Moon-42',
  confirmPassword: 'Harvest-Moon-42',
};

describe('signup', () => {
  it.each([
    [{ businessName: 'A' }, 'Business name must be at least 2 characters'],
    [{ businessName: '  A  ' }, 'Business name must be at least 2 characters'],
    [{ businessName: 'x'.repeat(121) }, 'Business name must be at most 120 characters'],
    [{ email: 'nope' }, 'Please enter a valid email address'],
    [{ email: `${'x'.repeat(250)}@b.co` }, 'Please enter a valid email address'],
    [{ password: 'short', confirmPassword: 'short' }, 'Password must be at least 8 characters'],
    [
      { password: 'x'.repeat(201), confirmPassword: 'x'.repeat(201) },
      'Password must be at most 200 characters',
    ],
    [{ confirmPassword: '' }, 'Please confirm your password'],
    [{ confirmPassword: 'short' }, "Passwords don't match"],
    [{ confirmPassword: 'Harvest-Moon-43' }, "Passwords don't match"],
  ])('form %j -> %s', (over, message) => {
    expect(firstMessage(signupFormSchema, { ...signup, ...over })).toBe(message);
  });
  it('accepts a valid signup and trims', () => {
    expect(signupFormSchema.parse({ ...signup, businessName: '  Acme Co ' }).businessName).toBe(
      'Acme Co',
    );
    const { confirmPassword: _c, ...api } = signup;
    expect(signupSchema.parse({ ...api, email: ' a@b.co ' }).email).toBe('a@b.co');
    expect(firstMessage(signupSchema, { ...api, password: 'short' })).toBe(
      'Password must be at least 8 characters',
    );
  });
  it('names the rule that failed: a short password is a length error, not "please confirm"', () => {
    const r = signupFormSchema.safeParse({
      ...signup,
      password: 'short1',
      confirmPassword: 'short1',
    });
    expect(r.success ? [] : r.error.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['password', 'Password must be at least 8 characters'],
    ]);
  });
  it('puts the mismatch on the confirmation field', () => {
    const r = signupFormSchema.safeParse({ ...signup, confirmPassword: 'Different-1234' });
    expect(r.success ? [] : r.error.issues[0]?.path).toEqual(['confirmPassword']);
  });
});

describe('owner login', () => {
  it.each([
    [{ emailOrBusinessName: '', password: 'x' }, 'Please enter your email or business name'],
    [{ emailOrBusinessName: '   ', password: 'x' }, 'Please enter your email or business name'],
    [{ emailOrBusinessName: 'Acme', password: '' }, 'Password is required'],
  ])('%j -> %s', (value, message) => {
    expect(firstMessage(loginSchema, value)).toBe(message);
  });
  it('defaults remember me to false', () => {
    expect(loginSchema.parse({ emailOrBusinessName: 'Acme', password: 'x' }).rememberMe).toBe(
      false,
    );
  });
});

describe('security questions', () => {
  it('offers at least 8 distinct questions in English and Spanish', () => {
    expect(SECURITY_QUESTIONS.length).toBeGreaterThanOrEqual(8);
    expect(new Set(SECURITY_QUESTIONS.map((q) => q.id)).size).toBe(SECURITY_QUESTIONS.length);
    expect(securityQuestionById('first_pet')?.es).toMatch(/mascota/);
    expect(securityQuestionById('nope')).toBeNull();
  });
  const ok = {
    securityQuestion1: 'first_pet',
    securityAnswer1: 'Rex',
    securityQuestion2: 'birth_city',
    securityAnswer2: 'Paris',
  };
  it.each([
    [{ securityQuestion1: '' }, 'Security question 1 is required'],
    [{ securityQuestion1: undefined }, 'Security question 1 is required'],
    [{ securityQuestion1: 'unknown' }, 'Security question 1 is required'],
    [{ securityAnswer1: '  ' }, 'Security answer 1 is required'],
    [{ securityQuestion2: '' }, 'Security question 2 is required'],
    [{ securityAnswer2: '' }, 'Security answer 2 is required'],
    [{ securityAnswer2: 'x'.repeat(201) }, 'Security answers must be at most 200 characters'],
    [{ securityQuestion2: 'first_pet' }, 'Please choose different security questions.'],
  ])('api %j -> %s', (over, message) => {
    expect(firstMessage(setupSecurityQuestionsSchema, { ...ok, ...over })).toBe(message);
  });
  it('trims answers', () => {
    expect(
      setupSecurityQuestionsSchema.parse({ ...ok, securityAnswer1: '  Rex ' }).securityAnswer1,
    ).toBe('Rex');
  });
  it.each([
    [{ securityQuestion1: '' }, 'Please fill in all security questions and answers.'],
    [{ securityAnswer2: '   ' }, 'Please fill in all security questions and answers.'],
    [{ securityQuestion2: 'first_pet' }, 'Please choose different security questions.'],
  ])('screen %j -> %s', (over, message) => {
    expect(firstMessage(setupSecurityQuestionsFormSchema, { ...ok, ...over })).toBe(message);
  });
  it('accepts a complete screen', () => {
    expect(setupSecurityQuestionsFormSchema.safeParse(ok).success).toBe(true);
  });
});

describe('forgot and reset password', () => {
  it('needs the email or business name', () => {
    expect(firstMessage(forgotPasswordSchema, { emailOrBusinessName: ' ' })).toBe(
      'Email or business name is required',
    );
    expect(firstMessage(forgotPasswordSchema, {})).toBe('Email or business name is required');
    expect(forgotPasswordSchema.parse({ emailOrBusinessName: ' Acme ' }).emailOrBusinessName).toBe(
      'Acme',
    );
  });
  const reset = {
    emailOrBusinessName: 'Acme',
    securityAnswer1: 'a',
    securityAnswer2: 'b',
    newPassword: 'Harvest-Moon-42',
  };
  it.each([
    [{ emailOrBusinessName: '' }, 'Email or business name is required'],
    [{ securityAnswer1: '' }, 'Security answer 1 is required'],
    [{ securityAnswer2: ' ' }, 'Security answer 2 is required'],
    [{ newPassword: '1234567' }, 'Password must be at least 8 characters'],
  ])('api %j -> %s', (over, message) => {
    expect(firstMessage(resetPasswordSchema, { ...reset, ...over })).toBe(message);
  });
  const form = {
    securityAnswer1: 'a',
    securityAnswer2: 'b',
    newPassword: 'Harvest-Moon-42',
    confirmPassword: 'Harvest-Moon-42',
  };
  it.each([
    [{ newPassword: 'short', confirmPassword: 'short' }, 'Password must be at least 8 characters.'],
    [{ confirmPassword: 'other-password' }, 'Passwords do not match.'],
    [{ securityAnswer1: '' }, 'Security answer 1 is required'],
  ])('screen %j -> %s', (over, message) => {
    expect(firstMessage(resetPasswordFormSchema, { ...form, ...over })).toBe(message);
  });
  it('keeps the messages in one catalogue', () => {
    expect(authMessages.userNotFound).toBe(
      'No account found with that email or business name, or security questions not set up.',
    );
    expect(authMessages.answersIncorrect).toBe('Security answers are incorrect. Please try again.');
  });
});

describe('missing fields get the spec message, not a generic one', () => {
  it.each([
    [loginSchema, {}, 'Please enter your email or business name'],
    [loginSchema, { emailOrBusinessName: 'a' }, 'Password is required'],
    [signupSchema, {}, 'Business name must be at least 2 characters'],
    [signupSchema, { businessName: 'Acme' }, 'Please enter a valid email address'],
    [
      signupSchema,
      { businessName: 'Acme', email: 'a@b.co' },
      'Password must be at least 8 characters',
    ],
    [resetPasswordSchema, { emailOrBusinessName: 'a' }, 'Security answer 1 is required'],
  ] as const)('%#', (schema, value, message) => {
    expect(firstMessage(schema, value)).toBe(message);
  });
});
