import i18n from 'i18next';
import { afterAll, describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatDecimal,
  formatNumber,
  formatUsd,
  setTimeZoneSource,
} from './format';

const inLanguage = (lng: 'en' | 'es' | undefined) => {
  i18n.resolvedLanguage = lng;
};
afterAll(() => inLanguage(undefined));
// ICU may put a (narrow) no-break space before AM/PM.
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('formatDecimal and formatNumber', () => {
  it('writes thousands separators and rounds to the decimals asked for', () => {
    inLanguage('en');
    expect(formatDecimal(12345.678, 1)).toBe('12,345.7');
    expect(formatDecimal(1.005, 2)).toBe('1.01');
    expect(formatDecimal(999.95, 1)).toBe('1,000');
    expect(formatDecimal(5, 2, 2)).toBe('5.00');
    expect(formatNumber(null)).toBe('0');
    expect(formatNumber(1234.56)).toBe('1,234.6');
  });

  it('follows the language (es-US writes numbers like en-US) and keeps one formatter per language', () => {
    inLanguage('es');
    expect(formatDecimal(12345.6, 1)).toBe(
      new Intl.NumberFormat('es-US', { maximumFractionDigits: 1 }).format(12345.6),
    );
    inLanguage('en');
    expect(formatDecimal(12345.6, 1)).toBe('12,345.6');
  });
});

describe('formatUsd', () => {
  it('shows cents only when there are any', () => {
    inLanguage('en');
    expect(formatUsd(54)).toBe('$54');
    expect(formatUsd(550.8)).toBe('$550.80');
    expect(formatUsd(1234)).toBe('$1,234');
  });
});

describe('formatDateTime in the company time zone', () => {
  afterAll(() => setTimeZoneSource(() => undefined));
  it('writes the time in the company zone and names the zone when it is not the viewer one', () => {
    const viewer = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const company = viewer === 'America/Chicago' ? 'Asia/Tokyo' : 'America/Chicago';
    setTimeZoneSource(() => company);
    inLanguage('en');
    const at = '2026-01-09T15:04:00Z';
    expect(plain(formatDateTime(at))).toBe(
      company === 'America/Chicago' ? 'Jan 9, 2026, 9:04 AM CST' : 'Jan 10, 2026, 12:04 AM GMT+9',
    );
    setTimeZoneSource(() => viewer);
    const local = new Date(at);
    expect(plain(formatDateTime(at))).toBe(
      plain(
        new Intl.DateTimeFormat('en-US', {
          month: 'short',
          day: 'numeric',
          year: 'numeric',
          hour: 'numeric',
          minute: '2-digit',
        }).format(local),
      ),
    );
  });
});

describe('formatDate and formatDateTime', () => {
  it('read a date-only value as that calendar day, in each language', () => {
    inLanguage('en');
    expect(formatDate('2024-01-05')).toBe('Jan 5, 2024');
    expect(formatDate('2024-12-31')).toBe('Dec 31, 2024');
    inLanguage('es');
    expect(formatDate('2024-09-15')).toBe('15 sept 2024');
  });

  it('write local date and time, and nothing for nothing', () => {
    inLanguage('en');
    expect(plain(formatDateTime(new Date(2026, 2, 9, 15, 4)))).toBe('Mar 9, 2026, 3:04 PM');
    inLanguage('es');
    expect(plain(formatDateTime(new Date(2026, 2, 9, 15, 4)))).toBe('9 mar 2026, 3:04 p.m.');
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('');
    expect(formatDateTime(undefined)).toBe('');
  });
});
