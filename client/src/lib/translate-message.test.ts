import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import i18n from 'i18next';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allMessages, messageText } from '@domain/messages/catalogue';
import enMessages from '../locales/en/messages.json';
import esMessages from '../locales/es/messages.json';
import { ApiError } from './api';
import { translateError, translateKey, translateMessage } from './translate-message';

// The app's own (default) instance: lib/format reads its language.
afterAll(async () => {
  await i18n.changeLanguage('en');
});
beforeAll(async () => {
  await i18n.init({
    lng: 'en',
    fallbackLng: 'en',
    ns: ['messages'],
    resources: { en: { messages: enMessages }, es: { messages: esMessages } },
    interpolation: { escapeValue: false },
  });
});
const inLanguage = async (lng: 'en' | 'es') => {
  await i18n.changeLanguage(lng);
  return i18n.t;
};

const lookup = (bundle: unknown, dotted: string): unknown =>
  dotted
    .split('.')
    .reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], bundle);
const placeholders = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('the message catalogue', () => {
  it('every key has its English text (the same words) and a Spanish text with the same placeholders', () => {
    const checked: string[] = [];
    for (const [key, text] of allMessages()) {
      const forms =
        typeof text === 'string'
          ? [['', text]]
          : [
              ['_one', text.one],
              ['_other', text.other],
            ];
      for (const [suffix, english] of forms) {
        const en = lookup(enMessages, `${key}${suffix}`);
        const es = lookup(esMessages, `${key}${suffix}`);
        expect(en, `en ${key}${suffix}`).toBe(english);
        expect(typeof es === 'string' && es.length > 0, `es ${key}${suffix}`).toBe(true);
        expect(placeholders(es as string), `es ${key}${suffix} placeholders`).toEqual(
          placeholders(english!),
        );
        checked.push(key);
      }
    }
    expect(checked.length).toBeGreaterThan(130);
  });

  it('no schema writes a message of its own: every sentence-like string in domain/schemas is a catalogue text', () => {
    const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../../domain/schemas');
    const offenders: string[] = [];
    for (const file of readdirSync(dir).filter(
      (f) => f.endsWith('.ts') && !f.endsWith('.test.ts'),
    )) {
      const source = readFileSync(path.join(dir, file), 'utf8')
        .split('\n')
        .filter((line) => !/^\s*(\/\/|\/\*|\*)/.test(line)) // comments may quote messages
        .join('\n')
        // A field's documentation (`.describe(...)`, the OpenAPI description) is not a message.
        .replace(/\.describe\(\s*(['"`])(?:(?!\1)[^\\]|\\.)*\1\s*,?\s*\)/g, '');
      // Quoted strings that read like a message: a capital letter, then at least two more words.
      for (const m of source.matchAll(/(['"`])([A-Z][a-z]+(?: [^'"`\n]+){2,})\1/g)) {
        const text = m[2]!;
        if (/^(What|Where|In what)\b/.test(text)) continue; // security questions (texts, not messages)
        offenders.push(`${file}: ${text}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});

describe('translateError / translateMessage', () => {
  it('translates an API error by its key, with parameters written the language’s way', async () => {
    const err = new ApiError(
      400,
      'English text',
      'validation',
      undefined,
      'operators.meterRollback',
      {
        reading: 1234.5,
        current: 1300,
        unit: 'hours',
      },
    );
    expect(translateError(await inLanguage('en'), err)).toBe(
      messageText('operators.meterRollback', { reading: 1234.5, current: 1300, unit: 'hours' }),
    );
    expect(translateError(await inLanguage('es'), err)).toBe(
      'La lectura 1,234.5 horas es menor que el uso actual de 1,300 horas. Las lecturas del medidor no pueden retroceder; pida a su gerente que corrija el uso si está mal.',
    );
  });

  it('an empty unit leaves no double space', async () => {
    const err = new ApiError(400, 'x', 'validation', undefined, 'operators.meterRollback', {
      reading: 5,
      current: 7,
      unit: '',
    });
    expect(translateError(await inLanguage('es'), err)).toMatch(
      /^La lectura 5 es menor que el uso actual de 7\. /,
    );
  });

  it('chooses plural forms by count', async () => {
    const one = new ApiError(429, 'x', 'rate_limited', undefined, 'common.tooManyAttempts', {
      count: 1,
    });
    const many = new ApiError(429, 'x', 'rate_limited', undefined, 'common.tooManyAttempts', {
      count: 15,
    });
    const es = await inLanguage('es');
    expect(translateError(es, one)).toBe(
      'Demasiados intentos. Espere 1 minuto e inténtelo de nuevo.',
    );
    expect(translateError(es, many)).toBe(
      'Demasiados intentos. Espere 15 minutos e inténtelo de nuevo.',
    );
  });

  it('a network failure, an unknown key and a plain error', async () => {
    const es = await inLanguage('es');
    expect(
      translateError(es, new ApiError(0, 'Unable to connect to server. Please try again.')),
    ).toBe('No se puede conectar con el servidor. Inténtelo de nuevo.');
    expect(
      translateError(es, new ApiError(500, 'Server text', 'internal', undefined, 'nope.nope')),
    ).toBe('Server text');
    expect(translateError(es, new Error('boom'), 'Fallback')).toBe('Fallback');
  });

  it('translates a schema message given as its English text, and dates in parameters', async () => {
    const es = await inLanguage('es');
    expect(translateMessage(es, 'Please select a piece of equipment first.')).toBe(
      'Seleccione primero un equipo.',
    );
    expect(translateMessage(es, 'Something not in the catalogue')).toBe(
      'Something not in the catalogue',
    );
    expect(translateMessage(es, undefined)).toBeUndefined();
    expect(translateKey(es, 'subscription.pausedUntil', { date: '2027-02-18' })).toMatch(
      /en pausa hasta el 18 feb 2027\./,
    );
  });
});
