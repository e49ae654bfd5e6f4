import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addInterval } from './dates';
import {
  calendarStatusOf,
  computeStatus,
  lifespanWarningPercent,
  nextServiceUsage,
  remainingUsage,
  parseStatusFilter,
  serviceStatuses,
  slugOfStatus,
  statusColour,
  statusLabel,
  statusOfSlug,
  statusRank,
  statusSlugs,
  usageStanding,
  usageStatusOf,
  worse,
  type StatusInput,
} from './status';

const TODAY = '2026-11-20';
const base: StatusInput = {
  currentUsage: 0,
  lastServiceUsage: 0,
  serviceInterval: 0,
  hasScheduledMaintenance: false,
  nextMaintenanceDate: null,
  threshold: null,
  alertThreshold: 20,
};
/** A record at p percent of a 10,000 interval (exact in floating point at two decimals). */
const atPercent = (p: number): StatusInput => ({
  ...base,
  serviceInterval: 10_000,
  lastServiceUsage: 500,
  currentUsage: 500 + p * 100,
});
const inDays = (d: number): StatusInput => ({
  ...base,
  hasScheduledMaintenance: true,
  nextMaintenanceDate: addInterval(TODAY, d, 'days'),
});

describe('usage status boundaries (80 / 100 / 110)', () => {
  it.each([
    [0, 'good'],
    [79.99, 'good'],
    [80, 'approaching_service'],
    [99.99, 'approaching_service'],
    [100, 'time_for_service'],
    [109.99, 'time_for_service'],
    [110, 'overdue'],
    [500, 'overdue'],
  ] as const)('%s %% -> %s', (p, expected) => {
    expect(usageStatusOf(p)).toBe(expected);
    const s = computeStatus(atPercent(p), TODAY);
    expect(s.serviceStatus).toBe(expected);
    expect(s.usagePercent).toBeCloseTo(p, 6);
    expect(s.hasSchedule).toBe(true);
    expect(s.calendarStatus).toBeNull();
  });

  it('treats a missing lastServiceUsage as 0', () => {
    const s = computeStatus(
      { ...base, currentUsage: 90, lastServiceUsage: null, serviceInterval: 100 },
      TODAY,
    );
    expect(s.usagePercent).toBe(90);
    expect(s.serviceStatus).toBe('approaching_service');
  });
});

describe('calendar status boundaries (days 8/7/2/1/0/-1/-7/-8)', () => {
  it.each([
    [30, 'good', false, false],
    [8, 'good', false, false],
    [7, 'approaching_service', true, false],
    [2, 'approaching_service', true, false],
    [1, 'time_for_service', true, false],
    [0, 'time_for_service', true, false],
    [-1, 'overdue', true, false],
    [-6, 'overdue', true, false],
    [-7, 'overdue', true, true],
    [-8, 'overdue', true, true],
  ] as const)('%s days -> %s (critical %s, severe %s)', (d, expected, critical, severe) => {
    expect(calendarStatusOf(d)).toBe(expected);
    const s = computeStatus(inDays(d), TODAY);
    expect(s.daysUntilMaintenance).toBe(d);
    expect(s.serviceStatus).toBe(expected);
    expect(s.critical).toBe(critical);
    expect(s.severelyCritical).toBe(severe);
    expect(s.usagePercent).toBeNull();
  });

  it('ignores the date when scheduled maintenance is off, and rounds a timestamp up to whole days', () => {
    expect(
      computeStatus({ ...inDays(-30), hasScheduledMaintenance: false }, TODAY).hasSchedule,
    ).toBe(false);
    expect(
      computeStatus(
        { ...base, hasScheduledMaintenance: true, nextMaintenanceDate: '2026-11-21T06:00:00Z' },
        TODAY,
      ).daysUntilMaintenance,
    ).toBe(2);
  });

  it('computes against the given today (month and year ends)', () => {
    const e = { ...base, hasScheduledMaintenance: true, nextMaintenanceDate: '2027-01-01' };
    expect(computeStatus(e, '2026-12-31').daysUntilMaintenance).toBe(1);
    expect(computeStatus(e, '2027-01-02').daysUntilMaintenance).toBe(-1);
  });
});

describe('critical levels (95 / 125 %)', () => {
  it.each([
    [94.99, false, false],
    [95, true, false],
    [124.99, true, false],
    [125, true, true],
  ] as const)('%s %%: critical %s, severely critical %s', (p, critical, severe) => {
    const s = computeStatus(atPercent(p), TODAY);
    expect(s.critical).toBe(critical);
    expect(s.severelyCritical).toBe(severe);
  });
});

describe('service status = worse of the two', () => {
  it('takes the worse', () => {
    expect(
      computeStatus(
        {
          ...atPercent(85),
          ...inDays(0),
          serviceInterval: 10_000,
          lastServiceUsage: 500,
          currentUsage: 9000,
        },
        TODAY,
      ).serviceStatus,
    ).toBe('time_for_service');
    expect(
      computeStatus(
        { ...atPercent(120), hasScheduledMaintenance: true, nextMaintenanceDate: '2027-06-01' },
        TODAY,
      ).serviceStatus,
    ).toBe('overdue');
  });
  it('is good, shown as "No schedule", with neither', () => {
    const s = computeStatus(base, TODAY);
    expect(s).toMatchObject({
      serviceStatus: 'good',
      hasSchedule: false,
      critical: false,
      severelyCritical: false,
      nextServiceUsage: null,
      remainingUsage: null,
    });
    expect(statusLabel(s)).toBe('No schedule');
    expect(statusColour(s)).toBe('gray');
  });
});

describe('next service and remaining usage', () => {
  it('next = last + interval; remaining floored at 0', () => {
    const s = computeStatus(
      { ...base, currentUsage: 1200.5, lastServiceUsage: 1000, serviceInterval: 250 },
      TODAY,
    );
    expect(s.nextServiceUsage).toBe(1250);
    expect(s.remainingUsage).toBeCloseTo(49.5, 6);
    expect(
      computeStatus(
        { ...base, currentUsage: 2000, lastServiceUsage: 1000, serviceInterval: 250 },
        TODAY,
      ).remainingUsage,
    ).toBe(0);
  });
  it('says how far past the next service the usage is (overdueUsage), without float noise', () => {
    const at = (currentUsage: number) =>
      computeStatus({ ...base, currentUsage, lastServiceUsage: 1000, serviceInterval: 250 }, TODAY)
        .overdueUsage;
    expect(at(1290)).toBe(40);
    expect(at(1250.3 + 0.1)).toBe(0.4);
    expect(at(1250)).toBeNull();
    expect(at(1200)).toBeNull();
    expect(computeStatus(base, TODAY).overdueUsage).toBeNull();
  });
});

describe('lifespan warning (alertThreshold 10/15/20/25 -> 90/85/80/75 %)', () => {
  it.each([
    [10, 90],
    [15, 85],
    [20, 80],
    [25, 75],
  ] as const)('alert %s warns at %s %%', (alert, pct) => {
    expect(lifespanWarningPercent(alert)).toBe(pct);
    const at = (u: number) =>
      computeStatus({ ...base, threshold: 1000, alertThreshold: alert, currentUsage: u }, TODAY);
    expect(at(pct * 10).lifespanWarning).toBe(true);
    expect(at(pct * 10 - 0.1).lifespanWarning).toBe(false);
  });
  it('no lifespan, no warning', () => {
    expect(computeStatus({ ...base, currentUsage: 1e9 }, TODAY).lifespanWarning).toBe(false);
  });
});

describe('labels, colours and slugs', () => {
  it('maps every status', () => {
    const labels = serviceStatuses.map((s) => statusLabel({ serviceStatus: s, hasSchedule: true }));
    expect(labels).toEqual(['Good', 'Approaching Service', 'Time for Service', 'Overdue']);
    expect(
      serviceStatuses.map((s) => statusColour({ serviceStatus: s, hasSchedule: true })),
    ).toEqual(['green', 'yellow', 'orange', 'red']);
    expect(serviceStatuses.map(slugOfStatus)).toEqual(['good', 'approaching', 'due', 'overdue']);
    for (const slug of statusSlugs) expect(slugOfStatus(statusOfSlug(slug))).toBe(slug);
    expect(parseStatusFilter('due')).toBe('time_for_service');
    expect(parseStatusFilter('approaching_service')).toBe('approaching_service');
    expect(parseStatusFilter('all')).toBeNull();
    expect(parseStatusFilter('nonsense')).toBeNull();
  });
});

describe('properties', () => {
  const usageArb = fc.record({
    currentUsage: fc.double({ min: 0, max: 1e7, noNaN: true }),
    lastServiceUsage: fc.option(fc.double({ min: 0, max: 1e7, noNaN: true }), { nil: null }),
    serviceInterval: fc.option(fc.integer({ min: 0, max: 100_000 }), { nil: null }),
    hasScheduledMaintenance: fc.boolean(),
    nextMaintenanceDate: fc.option(
      fc.integer({ min: -400, max: 400 }).map((d) => addInterval(TODAY, d, 'days')),
      { nil: null },
    ),
    threshold: fc.option(fc.double({ min: 1, max: 1e7, noNaN: true }), { nil: null }),
    alertThreshold: fc.constantFrom(10, 15, 20, 25),
  });

  it('service status is the worse of the two parts and never better than either', () => {
    fc.assert(
      fc.property(usageArb, (e) => {
        const s = computeStatus(e, TODAY);
        const parts = [s.usageStatus, s.calendarStatus].filter((x) => x !== null);
        const max = Math.max(0, ...parts.map(statusRank));
        expect(statusRank(s.serviceStatus)).toBe(max);
        expect(s.slug).toBe(slugOfStatus(s.serviceStatus));
        expect(s.hasSchedule).toBe(parts.length > 0);
      }),
    );
  });

  it('severely critical implies critical; remaining usage is never negative', () => {
    fc.assert(
      fc.property(usageArb, (e) => {
        const s = computeStatus(e, TODAY);
        if (s.severelyCritical) expect(s.critical).toBe(true);
        if (s.remainingUsage !== null) expect(s.remainingUsage).toBeGreaterThanOrEqual(0);
        if (s.severelyCritical) expect(s.serviceStatus).toBe('overdue');
      }),
    );
  });

  it('more usage never improves the usage status (monotone)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -50, max: 500, noNaN: true }),
        fc.double({ min: 0, max: 100, noNaN: true }),
        (p, delta) => {
          expect(statusRank(usageStatusOf(p + delta))).toBeGreaterThanOrEqual(
            statusRank(usageStatusOf(p)),
          );
        },
      ),
    );
  });

  it('fewer days never improves the calendar status (monotone)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1000, max: 1000 }),
        fc.integer({ min: 0, max: 100 }),
        (d, delta) => {
          expect(statusRank(calendarStatusOf(d - delta))).toBeGreaterThanOrEqual(
            statusRank(calendarStatusOf(d)),
          );
        },
      ),
    );
  });

  it('worse is commutative and idempotent', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...serviceStatuses),
        fc.constantFrom(...serviceStatuses),
        (a, b) => {
          expect(worse(a, b)).toBe(worse(b, a));
          expect(worse(a, a)).toBe(a);
        },
      ),
    );
  });
});

describe('usageStanding (what a new reading can change)', () => {
  it('names the usage status and critical level', () => {
    expect(usageStanding(atPercent(10))).toBe('good:none');
    expect(usageStanding(atPercent(96))).toBe('approaching_service:critical');
    expect(usageStanding(atPercent(130))).toBe('overdue:severe');
    expect(usageStanding({ ...base, currentUsage: 5000 })).toBe('good:none');
  });

  it('two readings with the same standing give the same status and critical level on every day', () => {
    const usage = fc.double({ min: 0, max: 5000, noNaN: true });
    fc.assert(
      fc.property(
        usage,
        usage,
        fc.integer({ min: 0, max: 1000 }),
        fc.integer({ min: 0, max: 500 }),
        fc.boolean(),
        fc.integer({ min: -40, max: 40 }),
        (a, b, last, interval, scheduled, days) => {
          const record = (currentUsage: number): StatusInput => ({
            ...base,
            currentUsage,
            lastServiceUsage: last,
            serviceInterval: interval,
            hasScheduledMaintenance: scheduled,
            nextMaintenanceDate: addInterval(TODAY, days, 'days'),
          });
          if (usageStanding(record(a)) !== usageStanding(record(b))) return;
          const [sa, sb] = [computeStatus(record(a), TODAY), computeStatus(record(b), TODAY)];
          expect([sb.serviceStatus, sb.critical, sb.severelyCritical]).toEqual([
            sa.serviceStatus,
            sa.critical,
            sa.severelyCritical,
          ]);
        },
      ),
    );
  });

  it('a reading that crosses a threshold changes the standing', () => {
    expect(usageStanding(atPercent(79.99))).not.toBe(usageStanding(atPercent(80)));
    expect(usageStanding(atPercent(94.99))).not.toBe(usageStanding(atPercent(95)));
    expect(usageStanding(atPercent(124.99))).not.toBe(usageStanding(atPercent(125)));
  });
});

describe('no float noise (issue 24)', () => {
  it('keeps the entered decimals after a 230.2-hour increase', () => {
    const e = { currentUsage: 230.2, lastServiceUsage: 0, serviceInterval: 250 };
    expect(remainingUsage(e)).toBe(19.8);
    expect(nextServiceUsage({ lastServiceUsage: 0.1, serviceInterval: 0.2 })).toBe(0.3);
  });
});
