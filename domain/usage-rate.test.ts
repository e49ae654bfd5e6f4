import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { usualDailyUsage, usualDailyUsageOf, type Reading } from './usage-rate';

const now = new Date('2026-06-30T12:00:00Z');
const daysAgo = (d: number) => new Date(now.getTime() - d * 86_400_000).toISOString();

describe('usualDailyUsage', () => {
  it('is total increase over total time', () => {
    const r = usualDailyUsage(
      [
        { at: daysAgo(10), usage: 100 },
        { at: daysAgo(5), usage: 120 },
        { at: daysAgo(0), usage: 162 },
      ],
      now,
    );
    expect(r).toEqual({
      kind: 'rate',
      perDay: 6.2,
      from: daysAgo(10),
      to: daysAgo(0),
      readings: 3,
    });
  });

  it('says why there is no rate', () => {
    expect(usualDailyUsage([], now)).toEqual({ kind: 'none', reason: 'no_readings' });
    expect(usualDailyUsage([{ at: daysAgo(1), usage: 5 }], now)).toEqual({
      kind: 'none',
      reason: 'single_reading',
    });
    expect(
      usualDailyUsage(
        [
          { at: daysAgo(0.5), usage: 5 },
          { at: daysAgo(0.1), usage: 8 },
        ],
        now,
      ),
    ).toEqual({ kind: 'none', reason: 'too_short' });
    expect(
      usualDailyUsage(
        [
          { at: daysAgo(200), usage: 5 },
          { at: daysAgo(120), usage: 80 },
        ],
        now,
      ),
    ).toEqual({ kind: 'none', reason: 'stale' });
  });

  it('anchors on the last reading before the window (a monthly reading still has a rate)', () => {
    const r = usualDailyUsage(
      [
        { at: daysAgo(400), usage: 0 },
        { at: daysAgo(120), usage: 100 },
        { at: daysAgo(60), usage: 160 },
        { at: daysAgo(0), usage: 220 },
      ],
      now,
    );
    expect(r.kind).toBe('rate');
    if (r.kind === 'rate') {
      expect(r.from).toBe(daysAgo(120));
      expect(r.perDay).toBeCloseTo(1, 10);
    }
  });

  it('a machine that stopped has a rate of 0, not none', () => {
    const r = usualDailyUsage(
      [
        { at: daysAgo(30), usage: 500 },
        { at: daysAgo(1), usage: 500 },
      ],
      now,
    );
    expect(r).toMatchObject({ kind: 'rate', perDay: 0 });
  });

  it('ignores readings in the future and values that went backwards', () => {
    const r = usualDailyUsage(
      [
        { at: daysAgo(10), usage: 100 },
        { at: daysAgo(5), usage: 50 },
        { at: daysAgo(0), usage: 110 },
        { at: daysAgo(-3), usage: 9999 },
      ],
      now,
    );
    expect(r).toMatchObject({ kind: 'rate', perDay: 1, readings: 2 });
  });

  const reading = fc.record({
    at: fc
      .integer({ min: 0, max: 200 * 24 })
      .map((h) => new Date(now.getTime() - h * 3_600_000).toISOString()),
    usage: fc.integer({ min: 0, max: 100_000 }).map((n) => n / 10),
  });
  const meter = fc
    .array(fc.tuple(fc.integer({ min: 1, max: 72 }), fc.integer({ min: 0, max: 500 })), {
      minLength: 0,
      maxLength: 40,
    })
    .map((steps) => {
      // A real meter: time goes back from now, usage never rises going back.
      let t = now.getTime();
      let u = 10_000;
      const out: Reading[] = [];
      for (const [hours, inc] of steps) {
        out.push({ at: new Date(t).toISOString(), usage: u / 10 });
        t -= hours * 3_600_000;
        u = Math.max(0, u - inc);
      }
      return out;
    });

  it('property: never negative, independent of order and of duplicated readings', () => {
    fc.assert(
      fc.property(
        fc.array(reading, { maxLength: 30 }),
        fc.integer({ min: 0, max: 1000 }),
        (rs, seed) => {
          const r = usualDailyUsage(rs, now);
          if (r.kind === 'rate') expect(r.perDay).toBeGreaterThanOrEqual(0);
          const shuffled = [...rs].sort(
            (a, b) => ((a.usage * 7919 + seed) % 13) - ((b.usage * 7919 + seed) % 13),
          );
          expect(usualDailyUsage(shuffled, now)).toEqual(r);
          expect(usualDailyUsage([...rs, ...rs.slice(0, seed % (rs.length + 1))], now)).toEqual(r);
        },
      ),
    );
  });

  it('property: more usage at the newest reading never lowers the rate', () => {
    fc.assert(
      fc.property(meter, fc.integer({ min: 1, max: 10_000 }), (rs, extra) => {
        const r = usualDailyUsage(rs, now);
        if (r.kind !== 'rate' || rs.length === 0) return;
        const bumped = rs.map((x, i) => (i === 0 ? { ...x, usage: x.usage + extra / 10 } : x));
        const b = usualDailyUsage(bumped, now);
        expect(b.kind).toBe('rate');
        if (b.kind === 'rate') expect(b.perDay).toBeGreaterThanOrEqual(r.perDay);
      }),
    );
  });

  it("gives the same rate from readings timed in milliseconds (a listing's readings)", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            // Whole days and hours from 200 days ago to 2 days ahead, with repeats and rollbacks.
            hoursAgo: fc.integer({ min: -48, max: 200 * 24 }),
            usage: fc.integer({ min: 0, max: 5000 }),
          }),
          { maxLength: 30 },
        ),
        (raw) => {
          const timed = raw.map((r) => ({
            t: now.getTime() - r.hoursAgo * 3_600_000,
            usage: r.usage,
          }));
          const iso: Reading[] = timed.map((r) => ({
            at: new Date(r.t).toISOString(),
            usage: r.usage,
          }));
          expect(usualDailyUsageOf(timed, now)).toEqual(usualDailyUsage(iso, now));
        },
      ),
    );
  });
});
