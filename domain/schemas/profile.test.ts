import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  changePasswordFormSchema,
  changePasswordSchema,
  companySettingsSchema,
  updateProfileFormSchema,
  updateProfileSchema,
} from './profile';

function firstMessage(schema: z.ZodType, value: unknown): string | null {
  const r = schema.safeParse(value);
  return r.success ? null : (r.error.issues[0]?.message ?? null);
}

const profile = {
  firstName: 'Ana',
  lastName: 'García',
  email: 'ana@example.com',
  secondaryEmail: '',
};

describe('profile', () => {
  it.each([
    [{ email: 'ana@example' }, 'Please enter a valid email address.'],
    [{ email: 'ana example.com' }, 'Please enter a valid email address.'],
    [{ secondaryEmail: 'nope' }, 'Please enter a valid secondary email address.'],
    [{ firstName: 'x'.repeat(101) }, 'Names must be at most 100 characters.'],
    [{ lastName: 'x'.repeat(101) }, 'Names must be at most 100 characters.'],
  ])('%j -> %s', (over, message) => {
    expect(firstMessage(updateProfileSchema, { ...profile, ...over })).toBe(message);
  });
  it('accepts an empty or missing secondary e-mail and trims', () => {
    expect(updateProfileSchema.parse({ ...profile, secondaryEmail: null }).secondaryEmail).toBe('');
    expect(
      updateProfileSchema.parse({ ...profile, secondaryEmail: undefined }).secondaryEmail,
    ).toBe('');
    expect(updateProfileSchema.parse({ ...profile, firstName: ' Ana ' }).firstName).toBe('Ana');
    expect(updateProfileSchema.parse({ ...profile, secondaryEmail: 'b@c.de' }).secondaryEmail).toBe(
      'b@c.de',
    );
  });
  it('lets the API take an empty e-mail (operators) but the owner form requires one', () => {
    expect(updateProfileSchema.safeParse({ ...profile, email: '' }).success).toBe(true);
    expect(firstMessage(updateProfileFormSchema, { ...profile, email: '' })).toBe(
      'Please enter a valid email address.',
    );
  });
});

describe('change password', () => {
  it.each([
    [{ currentPassword: '', newPassword: 'Harvest-Moon-42' }, 'Current password is required.'],
    [
      { currentPassword: 'x', newPassword: '1234567' },
      'New password must be at least 8 characters long.',
    ],
    [
      { currentPassword: 'x', newPassword: 'x'.repeat(201) },
      'New password must be at most 200 characters long.',
    ],
  ])('%j -> %s', (value, message) => {
    expect(firstMessage(changePasswordSchema, value)).toBe(message);
  });
  it('requires the confirmation to match on screen', () => {
    expect(
      firstMessage(changePasswordFormSchema, {
        currentPassword: 'x',
        newPassword: 'Harvest-Moon-42',
        confirmPassword: 'Harvest-Moon-43',
      }),
    ).toBe('New password and confirmation password must match.');
    expect(
      changePasswordFormSchema.safeParse({
        currentPassword: 'x',
        newPassword: 'Harvest-Moon-42',
        confirmPassword: 'Harvest-Moon-42',
      }).success,
    ).toBe(true);
  });
});

describe('company settings', () => {
  it.each([
    [{ companyName: '' }, 'Company name cannot be empty.'],
    [{ companyName: '   ' }, 'Company name cannot be empty.'],
    [{}, 'Company name cannot be empty.'],
    [{ companyName: ' A ' }, 'Business name must be at least 2 characters'],
    [{ companyName: 'x'.repeat(121) }, 'Company name must be at most 120 characters.'],
  ])('%j -> %s', (value, message) => {
    expect(firstMessage(companySettingsSchema, value)).toBe(message);
  });
  it('trims the name', () => {
    expect(companySettingsSchema.parse({ companyName: '  Acme  ' }).companyName).toBe('Acme');
  });
});

describe('missing password fields', () => {
  it('uses the spec messages', () => {
    expect(firstMessage(changePasswordSchema, {})).toBe('Current password is required.');
    expect(firstMessage(changePasswordSchema, { currentPassword: 'x' })).toBe(
      'New password must be at least 8 characters long.',
    );
  });
});
