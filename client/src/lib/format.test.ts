import i18n from 'i18next';
import { afterAll, describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatDecimal, formatUsd } from './format';

// The app's two locales; both write numbers the same way (12,345.6).
const LOCALES = ['en-US', 'es-US'];

/** A deterministic spread of values: integers, decimals at every scale, halves, nines, negatives. */
function samples(): number[] {
  const out = [0, -0, 0.5, 1.5, 2.5, -2.5, 0.05, 0.15, 0.25, 1.005, 1.045, 9.95, 99.95, 999.95];
  out.push(999_999.96, 1_234_567.891, 123_456_789_012.345, 1e14 + 0.5, 0.000001, 1e-7, 1e21);
  let seed = 42;
  const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  for (let i = 0; i < 3000; i++) {
    const scale = 10 ** Math.floor(rand() * 12 - 3);
    const v = Math.round(rand() * scale * 1000) / 1000;
    out.push(i % 5 === 0 ? -v : v, Math.floor(rand() * 10 ** (i % 10)) + (i % 3) * 0.05);
  }
  return out;
}

describe('formatDecimal', () => {
  it('writes what Intl.NumberFormat writes for our locales, at 0, 1 and 2 decimals', () => {
    for (const locale of LOCALES)
      for (const max of [0, 1, 2])
        for (const min of max === 2 ? [0, 2] : [0]) {
          const intl = new Intl.NumberFormat(locale, {
            minimumFractionDigits: min,
            maximumFractionDigits: max,
          });
          for (const v of samples())
            expect(formatDecimal(v, max, min), `${v}`).toBe(intl.format(v));
        }
  });

  it('rounds the decimal the user sees, half away from zero', () => {
    expect(formatDecimal(1.005, 2)).toBe('1.01');
    expect(formatDecimal(0.25, 1)).toBe('0.3');
    expect(formatDecimal(-0.25, 1)).toBe('-0.3');
    expect(formatDecimal(999.95, 1)).toBe('1,000');
    expect(formatDecimal(12345.6, 1)).toBe('12,345.6');
    expect(formatDecimal(Number.NaN, 1)).toBe('NaN');
  });
});

describe('formatUsd', () => {
  it('shows cents only when there are any, like the Intl currency format', () => {
    for (const locale of LOCALES)
      for (const amount of [0, 54, 550.8, 1234, 99.99, 1e6, -5.5, 12.345]) {
        const whole = Number.isInteger(amount);
        const intl = new Intl.NumberFormat(locale, {
          style: 'currency',
          currency: 'USD',
          minimumFractionDigits: whole ? 0 : 2,
          maximumFractionDigits: 2,
        });
        expect(formatUsd(amount), `${amount}`).toBe(intl.format(amount));
      }
  });
});

describe('formatDate and formatDateTime', () => {
  afterAll(() => {
    i18n.resolvedLanguage = undefined;
  });

  it('write what Intl.DateTimeFormat writes for en-US and es-US, in local time', () => {
    const dates: Date[] = [];
    for (let m = 0; m < 12; m++)
      for (const h of [0, 1, 11, 12, 13, 23]) dates.push(new Date(2026, m, 9, h, 5));
    let seed = 7;
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let i = 0; i < 2000; i++)
      dates.push(new Date(Date.UTC(1995, 0, 1) + rand() * 120 * 365.25 * 864e5));
    for (const [lang, locale] of [
      ['en', 'en-US'],
      ['es', 'es-US'],
    ] as const) {
      i18n.resolvedLanguage = lang;
      const date = new Intl.DateTimeFormat(locale, {
        month: 'short',
        day: 'numeric',
        year: 'numeric',
      });
      const dateTime = new Intl.DateTimeFormat(locale, {
        month: 'short',
        day: 'numeric',
        year: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
      });
      // ICU may put a no-break space before AM/PM; the app writes a plain one.
      const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');
      for (const d of dates) {
        expect(formatDate(d), d.toISOString()).toBe(plain(date.format(d)));
        expect(formatDateTime(d), d.toISOString()).toBe(plain(dateTime.format(d)));
      }
    }
  });

  it('reads a date-only value as that calendar day, and shows nothing for nothing', () => {
    i18n.resolvedLanguage = 'en';
    expect(formatDate('2024-01-05')).toBe('Jan 5, 2024');
    expect(formatDate('2024-12-31')).toBe('Dec 31, 2024');
    i18n.resolvedLanguage = 'es';
    expect(formatDate('2024-09-15')).toBe('15 sept 2024');
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('');
    expect(formatDateTime(undefined)).toBe('');
  });
});
