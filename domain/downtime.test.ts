import { describe, expect, it } from 'vitest';
import { downtimeOf, type DowntimeMachine } from './downtime';

const H = 3_600_000;
const D = 24 * H;
/** A 10-day period starting at 0. */
const period = { start: 0, end: 10 * D };
const now = 20 * D;

const machine = (over: Partial<DowntimeMachine>): DowntimeMachine => ({
  equipmentId: 'm',
  name: 'M',
  type: 'machinery',
  unit: 'hours',
  addedAt: -100 * D,
  events: [],
  outSince: null,
  defects: 0,
  startUsage: 100,
  endUsage: 200,
  ...over,
});
const out = (at: number) => ({ at, out: true });
const back = (at: number) => ({ at, out: false });
const one = (over: Partial<DowntimeMachine>, p = period, at = now) =>
  downtimeOf([machine(over)], p, at).machines[0]!;

describe('downtime (issue 45)', () => {
  it('is fully available without any out-of-service period, with no repair time and no failure', () => {
    expect(one({ defects: 2 })).toMatchObject({
      availability: 1,
      outOfServiceHours: 0,
      defects: 2,
      failures: 0,
      repairs: 0,
      mttrHours: null,
      usageBetweenFailures: null,
      outOfService: false,
    });
  });

  it('counts a period inside the period whole, and the mean time to repair over those that ended in it', () => {
    // Out for 1 day and for 12 hours: 36 h of 240 h; two failures, two repairs of 24 h and 12 h.
    const r = one({ events: [out(1 * D), back(2 * D), out(5 * D), back(5 * D + 12 * H)] });
    expect(r).toMatchObject({
      availability: 0.85,
      outOfServiceHours: 36,
      failures: 2,
      repairs: 2,
      mttrHours: 18,
      usageBetweenFailures: 50,
    });
  });

  it('counts only the part inside the period of one overlapping either edge', () => {
    // Out 2 days before the start until day 1: 24 h inside; a repair of 72 h ending in the period, no failure in it.
    const before = one({ events: [out(-2 * D), back(1 * D)] });
    expect(before).toMatchObject({
      outOfServiceHours: 24,
      availability: 0.9,
      failures: 0,
      repairs: 1,
      mttrHours: 72,
      usageBetweenFailures: null,
    });
    // Out on day 8 and back on day 12: 48 h inside, a failure, no repair in the period.
    const after = one({ events: [out(8 * D), back(12 * D)] });
    expect(after).toMatchObject({
      outOfServiceHours: 48,
      availability: 0.8,
      failures: 1,
      repairs: 0,
      mttrHours: null,
      usageBetweenFailures: 100,
      // Still out when the period ended.
      outOfService: true,
    });
    // A period entirely before or after does not count.
    expect(one({ events: [out(-5 * D), back(-4 * D), out(11 * D)] })).toMatchObject({
      availability: 1,
      failures: 0,
    });
  });

  it('counts an open one until the period end, or until now when now comes first', () => {
    expect(one({ events: [out(5 * D)] })).toMatchObject({
      outOfServiceHours: 120,
      availability: 0.5,
      outOfService: true,
      repairs: 0,
    });
    // Seen on day 6 (the period not over yet): 1 day out of 6.
    expect(one({ events: [out(5 * D)] }, period, 6 * D)).toMatchObject({
      outOfServiceHours: 24,
      availability: 0.8333,
    });
    // Out since before the period and still out: never available.
    expect(one({ events: [out(-3 * D)] })).toMatchObject({ availability: 0, failures: 0 });
    // Out by the machine itself with no history entry (since day 9).
    expect(one({ outSince: 9 * D })).toMatchObject({ outOfServiceHours: 24, failures: 1 });
  });

  it('does not count the time before a machine was added; a repeated out entry keeps the first', () => {
    expect(one({ addedAt: 5 * D, events: [out(6 * D), out(7 * D), back(8 * D)] })).toMatchObject({
      availability: 0.6,
      failures: 1,
      mttrHours: 48,
    });
    // Without a meter there is no usage between failures.
    expect(one({ unit: 'n/a', events: [out(1 * D)] })).toMatchObject({
      usageBetweenFailures: null,
    });
  });

  it('sums per type and in total, availability weighted by time, repairs pooled', () => {
    const r = downtimeOf(
      [
        machine({ equipmentId: 'a', events: [out(0), back(2 * D)], defects: 1 }),
        machine({ equipmentId: 'b', events: [out(0), back(1 * D)], defects: 2 }),
        machine({ equipmentId: 'c', type: 'vehicle', unit: 'miles', events: [out(5 * D)] }),
      ],
      period,
      now,
    );
    expect(r.types).toEqual([
      {
        type: 'machinery',
        machines: 2,
        availability: 0.85,
        defects: 3,
        failures: 2,
        mttrHours: 36,
      },
      { type: 'vehicle', machines: 1, availability: 0.5, defects: 0, failures: 1, mttrHours: null },
    ]);
    expect(r.totals).toEqual({
      machines: 3,
      availability: 0.7333,
      defects: 3,
      failures: 3,
      mttrHours: 36,
      outOfService: 1,
    });
    expect(downtimeOf([], period, now).totals).toMatchObject({ machines: 0, availability: 1 });
  });
});
