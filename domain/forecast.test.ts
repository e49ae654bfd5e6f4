import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { daysBetween, dueAtUsageOf, forecastService, type ForecastInput } from './forecast';
import { overdueUsage } from './status';
import { usualDailyUsage, type Reading } from './usage-rate';

const today = '2026-03-01';
const now = new Date('2026-03-01T18:00:00Z');
const daysAgo = (d: number) => new Date(now.getTime() - d * 86_400_000).toISOString();
const machine = (over: Partial<ForecastInput> = {}): ForecastInput => ({
  currentUsage: 1000,
  lastServiceUsage: 900,
  serviceInterval: 250,
  hasScheduledMaintenance: false,
  nextMaintenanceDate: null,
  ...over,
});
const rateOf = (perDay: number) =>
  usualDailyUsage(
    [
      { at: daysAgo(10), usage: 1000 - perDay * 10 },
      { at: daysAgo(0), usage: 1000 },
    ],
    now,
  );

describe('forecastService', () => {
  it('reaches the next service at the usual rate: 150 h left at 6.25 h/day is 24 days', () => {
    const f = forecastService(machine(), rateOf(6.25), today);
    expect(f).toMatchObject({
      dueDate: '2026-03-25',
      basis: 'usage',
      daysUntil: 24,
      perDay: 6.25,
      dueAtUsage: 1150,
      noUsageForecast: null,
    });
  });

  it('takes whichever comes first, usage or the calendar', () => {
    const cal = machine({ hasScheduledMaintenance: true, nextMaintenanceDate: '2026-03-10' });
    expect(forecastService(cal, rateOf(6.25), today)).toMatchObject({
      dueDate: '2026-03-10',
      basis: 'calendar',
      usageDueDate: '2026-03-25',
      daysUntil: 9,
    });
    const late = machine({ hasScheduledMaintenance: true, nextMaintenanceDate: '2026-06-01' });
    expect(forecastService(late, rateOf(6.25), today).basis).toBe('usage');
  });

  it('says why there is no usage forecast, and still gives the calendar date', () => {
    const none = usualDailyUsage([{ at: daysAgo(1), usage: 1000 }], now);
    expect(forecastService(machine(), none, today)).toMatchObject({
      dueDate: null,
      noUsageForecast: 'single_reading',
    });
    expect(forecastService(machine(), rateOf(0), today).noUsageForecast).toBe('stopped');
    expect(forecastService(machine({ serviceInterval: 0 }), rateOf(5), today)).toMatchObject({
      dueDate: null,
      noUsageForecast: 'no_interval',
    });
    const cal = machine({
      serviceInterval: 0,
      hasScheduledMaintenance: true,
      nextMaintenanceDate: '2026-02-20',
    });
    expect(forecastService(cal, none, today)).toMatchObject({
      dueDate: '2026-02-20',
      basis: 'calendar',
      daysUntil: -9,
    });
  });

  it('a machine past its service usage is due today', () => {
    expect(forecastService(machine({ currentUsage: 1200 }), rateOf(0), today)).toMatchObject({
      dueDate: today,
      basis: 'usage',
      daysUntil: 0,
    });
  });

  const readingsArb = fc
    .array(
      fc.tuple(
        fc.double({ min: 0, max: 80, noNaN: true }),
        fc.double({ min: 0, max: 50, noNaN: true }),
      ),
      {
        minLength: 0,
        maxLength: 12,
      },
    )
    .map((pairs) => {
      // Rising meter values at increasing ages (older readings lower).
      const sorted = [...pairs].sort((a, b) => b[0] - a[0]);
      let usage = 500;
      return sorted.map(([age, step]): Reading => {
        usage += step;
        return { at: daysAgo(age), usage };
      });
    });

  it('never forecasts a usage due date before today', () => {
    fc.assert(
      fc.property(
        readingsArb,
        fc.double({ min: 0, max: 2000, noNaN: true }),
        (readings, current) => {
          const f = forecastService(
            machine({ currentUsage: current }),
            usualDailyUsage(readings, now),
            today,
          );
          if (f.usageDueDate) expect(f.usageDueDate >= today).toBe(true);
        },
      ),
    );
  });

  it('is monotone in usage: more usage never moves the due date later', () => {
    fc.assert(
      fc.property(
        readingsArb,
        fc.double({ min: 0, max: 2000, noNaN: true }),
        fc.double({ min: 0, max: 500, noNaN: true }),
        (readings, current, more) => {
          const rate = usualDailyUsage(readings, now);
          const a = forecastService(machine({ currentUsage: current }), rate, today);
          const b = forecastService(machine({ currentUsage: current + more }), rate, today);
          if (a.usageDueDate && b.usageDueDate) expect(b.usageDueDate <= a.usageDueDate).toBe(true);
          if (a.usageDueDate) expect(b.usageDueDate).not.toBeNull();
        },
      ),
    );
  });

  it('is stable under duplicate readings', () => {
    fc.assert(
      fc.property(
        readingsArb,
        fc.double({ min: 0, max: 2000, noNaN: true }),
        (readings, current) => {
          const once = forecastService(
            machine({ currentUsage: current }),
            usualDailyUsage(readings, now),
            today,
          );
          const twice = forecastService(
            machine({ currentUsage: current }),
            usualDailyUsage([...readings, ...readings].reverse(), now),
            today,
          );
          expect(twice).toEqual(once);
        },
      ),
    );
  });

  it('dueAtUsage is computed once: no float noise, and the lean overview gets the same figure back', () => {
    const e = machine({ currentUsage: 0.5, lastServiceUsage: 0.1, serviceInterval: 0.2 });
    const f = forecastService(e, rateOf(1), today);
    expect(f.dueAtUsage).toBe(0.3);
    // The overview leaves dueAtUsage out: the current usage less how far past it gives the same value.
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 1, max: 10_000 }),
        fc.integer({ min: 1, max: 10_000 }),
        (last, interval, past) => {
          const m = {
            currentUsage: (last + interval + past) / 100,
            lastServiceUsage: last / 100,
            serviceInterval: interval / 100,
          };
          const server = forecastService(machine(m), rateOf(1), today).dueAtUsage;
          const lean = dueAtUsageOf({
            currentUsage: m.currentUsage,
            status: { overdueUsage: overdueUsage(m) },
          });
          expect(lean).toBe(server);
          expect(dueAtUsageOf({ forecast: { dueAtUsage: server } })).toBe(server);
        },
      ),
    );
  });

  it('counts days between calendar dates', () => {
    expect(daysBetween('2026-02-27', '2026-03-02')).toBe(3);
    expect(daysBetween('2026-03-02', '2026-02-27')).toBe(-3);
  });
});
