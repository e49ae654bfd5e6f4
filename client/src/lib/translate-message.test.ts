import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { authMessages } from '@domain/schemas/auth';
import { translateMessage } from './translate-message';

const t = ((key: string, opts?: { count?: number }) =>
  opts?.count === undefined ? `T(${key})` : `T(${key}|${opts.count})`) as unknown as TFunction;

describe('translateMessage', () => {
  it('maps a catalogue message to its key', () => {
    expect(
      translateMessage(t, authMessages, 'Security answers are incorrect. Please try again.'),
    ).toBe('T(messages.answersIncorrect)');
  });
  it('maps the throttle message with its count and the network message', () => {
    expect(
      translateMessage(t, authMessages, 'Too many attempts. Please wait 15 minutes and try again.'),
    ).toBe('T(messages.tooManyAttempts|15)');
    expect(
      translateMessage(t, authMessages, 'Too many attempts. Please wait 1 minute and try again.'),
    ).toBe('T(messages.tooManyAttempts|1)');
    expect(
      translateMessage(t, authMessages, 'Unable to connect to server. Please try again.'),
    ).toBe('T(messages.network)');
  });
  it('shows unknown messages as they are, and nothing for none', () => {
    expect(translateMessage(t, authMessages, 'Something else')).toBe('Something else');
    expect(translateMessage(t, authMessages, undefined)).toBeUndefined();
  });
});

describe('every schema message has a translation', async () => {
  const { profileMessages } = await import('@domain/schemas/profile');
  const { companySettingsMessages } = await import('@domain/schemas/operators');
  const files = {
    auth: [
      (await import('../locales/en/auth.json')).default,
      (await import('../locales/es/auth.json')).default,
    ],
    profile: [
      (await import('../locales/en/profile.json')).default,
      (await import('../locales/es/profile.json')).default,
    ],
    operators: [
      (await import('../locales/en/operators.json')).default,
      (await import('../locales/es/operators.json')).default,
    ],
  };
  const cases = [
    ['auth', authMessages],
    ['profile', profileMessages],
    ['operators', companySettingsMessages],
  ] as const;
  for (const [ns, catalogue] of cases) {
    it(`${ns}: messages.* covers the catalogue; English equals the spec wording`, () => {
      const [en, es] = files[ns];
      const enMessages = (en as { messages: Record<string, string> }).messages;
      const esMessages = (es as { messages: Record<string, string> }).messages;
      for (const [key, text] of Object.entries(catalogue)) {
        expect(enMessages[key], key).toBe(text);
        expect(esMessages[key], key).toBeTruthy();
      }
    });
  }
});
