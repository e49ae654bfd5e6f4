import { describe, expect, it } from 'vitest';
import { clockIn, instantOfWallTime, wallTimeIn } from './zoned-time';

describe('wall-clock times in a time zone', () => {
  it('reads the clock of the zone and turns it back into the same instant', () => {
    const at = new Date('2026-11-28T00:42:00Z');
    expect(wallTimeIn('America/Chicago', at)).toEqual({ date: '2026-11-27', time: '18:42' });
    expect(wallTimeIn('UTC', at)).toEqual({ date: '2026-11-28', time: '00:42' });
    expect(instantOfWallTime('2026-11-27', '18:42', 'America/Chicago')?.toISOString()).toBe(
      at.toISOString(),
    );
  });

  it('follows daylight saving time on either side of the change', () => {
    // Chicago: CDT (UTC-5) until 2026-11-01 02:00, CST (UTC-6) after.
    expect(instantOfWallTime('2026-10-31', '12:00', 'America/Chicago')?.toISOString()).toBe(
      '2026-10-31T17:00:00.000Z',
    );
    expect(instantOfWallTime('2026-11-02', '12:00', 'America/Chicago')?.toISOString()).toBe(
      '2026-11-02T18:00:00.000Z',
    );
    expect(instantOfWallTime('2026-07-01', '09:30', 'Europe/Madrid')?.toISOString()).toBe(
      '2026-07-01T07:30:00.000Z',
    );
  });

  it('refuses what is not a date and a time', () => {
    for (const [d, t] of [
      ['', '10:00'],
      ['2026-11-27', ''],
      ['27/11/2026', '10:00'],
      ['2026-11-27', '25:00'],
    ])
      expect(instantOfWallTime(d!, t!, 'UTC')).toBeNull();
  });
});

describe('clockIn', () => {
  it("reads a company's date and hour together, UTC's for a zone it cannot read", () => {
    const now = new Date('2026-11-01T04:30:00Z');
    expect(clockIn('America/Chicago', now)).toEqual({ today: '2026-10-31', hour: 23 });
    expect(clockIn('Europe/Madrid', now)).toEqual({ today: '2026-11-01', hour: 5 });
    expect(clockIn('Not/AZone', now)).toEqual({ today: '2026-11-01', hour: 4 });
  });
});
