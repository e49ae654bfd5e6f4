import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addInterval, daysBetween, isDateOnly, nextMaintenanceDate, todayIn } from './dates';

describe('addInterval (month-end safe)', () => {
  it.each([
    ['2026-01-31', 1, 'months', '2026-02-28'],
    ['2028-01-31', 1, 'months', '2028-02-29'],
    ['2026-03-31', 1, 'months', '2026-04-30'],
    ['2026-01-15', 3, 'months', '2026-04-15'],
    ['2026-12-31', 1, 'days', '2027-01-01'],
    ['2026-03-07', 30, 'days', '2026-04-06'],
    ['2028-02-29', 1, 'years', '2029-02-28'],
    ['2026-11-20', 2, 'years', '2028-11-20'],
    ['2026-10-31', 12, 'months', '2027-10-31'],
  ] as const)('%s + %s %s = %s', (start, n, unit, expected) => {
    expect(addInterval(start, n, unit)).toBe(expected);
  });

  it('accepts an ISO timestamp and keeps its calendar date', () => {
    expect(addInterval('2026-01-31T00:00:00.000Z', 1, 'months')).toBe('2026-02-28');
  });

  it('days: daysBetween(start, start + n days) = n for any date', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 60_000 }),
        fc.integer({ min: 0, max: 3000 }),
        (offset, n) => {
          const start = addInterval('1950-01-01', offset, 'days');
          expect(daysBetween(start, addInterval(start, n, 'days'))).toBe(n);
        },
      ),
    );
  });

  it('months: the result is a real date, never past the month end, in the right month', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 30_000 }),
        fc.integer({ min: 1, max: 120 }),
        (offset, n) => {
          const start = addInterval('1990-01-01', offset, 'days');
          const next = addInterval(start, n, 'months');
          expect(isDateOnly(next)).toBe(true);
          const months =
            (Number(next.slice(0, 4)) - Number(start.slice(0, 4))) * 12 +
            Number(next.slice(5, 7)) -
            Number(start.slice(5, 7));
          expect(months).toBe(n);
          expect(Number(next.slice(8, 10))).toBeLessThanOrEqual(Number(start.slice(8, 10)));
        },
      ),
    );
  });
});

describe('nextMaintenanceDate', () => {
  it('is null unless scheduled maintenance is on with a start and interval', () => {
    expect(
      nextMaintenanceDate({
        hasScheduledMaintenance: false,
        maintenanceStartDate: '2026-01-01',
        maintenanceInterval: 1,
        maintenanceIntervalUnit: 'months',
      }),
    ).toBeNull();
    expect(
      nextMaintenanceDate({
        hasScheduledMaintenance: true,
        maintenanceStartDate: null,
        maintenanceInterval: 1,
        maintenanceIntervalUnit: 'months',
      }),
    ).toBeNull();
    expect(
      nextMaintenanceDate({
        hasScheduledMaintenance: true,
        maintenanceStartDate: '2026-01-31',
        maintenanceInterval: 1,
        maintenanceIntervalUnit: 'months',
      }),
    ).toBe('2026-02-28');
    expect(
      nextMaintenanceDate({
        hasScheduledMaintenance: true,
        maintenanceStartDate: '2026-01-31',
        maintenanceInterval: 2,
        maintenanceIntervalUnit: null,
      }),
    ).toBe('2026-03-31');
  });
});

describe('todayIn and daysBetween', () => {
  it('uses the time zone', () => {
    const now = new Date('2026-11-20T03:00:00Z');
    expect(todayIn('UTC', now)).toBe('2026-11-20');
    expect(todayIn('America/Chicago', now)).toBe('2026-11-19');
    expect(todayIn('Asia/Tokyo', new Date('2026-11-20T20:00:00Z'))).toBe('2026-11-21');
    expect(todayIn('Not/AZone', now)).toBe('2026-11-20');
  });
  it('counts whole days, rounding up', () => {
    expect(daysBetween('2026-11-20', '2026-11-27')).toBe(7);
    expect(daysBetween('2026-11-20', '2026-11-19')).toBe(-1);
    expect(daysBetween('2026-11-20', '2026-11-20')).toBe(0);
    expect(Object.is(daysBetween('2026-11-20', '2026-11-19T12:00:00Z'), 0)).toBe(true);
  });
  it('validates calendar dates', () => {
    expect(isDateOnly('2026-02-29')).toBe(false);
    expect(isDateOnly('2028-02-29')).toBe(true);
    expect(isDateOnly('2026-13-01')).toBe(false);
  });
});
