import { describe, expect, it } from 'vitest';
import { formatDecimal, formatUsd } from './format';

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
