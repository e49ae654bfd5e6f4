import { describe, expect, it } from 'vitest';
import {
  IDLE_DAYS,
  median,
  periodDays,
  utilizationOf,
  type UtilizationMachine,
} from './utilization';

const machine = (over: Partial<UtilizationMachine>): UtilizationMachine => ({
  equipmentId: 'm',
  name: 'M',
  type: 'machinery',
  unit: 'hours',
  startUsage: 0,
  endUsage: 0,
  lastUsedOn: null,
  addedOn: '2026-01-01',
  ...over,
});

describe('utilisation (issue 45)', () => {
  it('counts both ends of a period, and takes the median of an odd or even count', () => {
    expect(periodDays('2026-11-01', '2026-11-30')).toBe(30);
    expect(periodDays('2026-02-01', '2026-02-01')).toBe(1);
    expect(periodDays('2028-01-01', '2028-12-31')).toBe(366);
    expect(median([])).toBeNull();
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it('compares a machine with its type and unit only; a meter going back counts as no use', () => {
    const r = utilizationOf(
      [
        machine({ equipmentId: 'a', startUsage: 100, endUsage: 130 }),
        machine({ equipmentId: 'b', startUsage: 10, endUsage: 13 }),
        machine({ equipmentId: 'c', unit: 'miles', startUsage: 0, endUsage: 3000 }),
        machine({ equipmentId: 'd', startUsage: 50, endUsage: 40 }),
        machine({ equipmentId: 'e', startUsage: null, endUsage: null }),
      ],
      { from: '2026-03-01', to: '2026-03-30' },
      '2026-03-30',
    );
    const by = Object.fromEntries(r.machines.map((m) => [m.equipmentId, m]));
    expect(by.a).toMatchObject({ used: 30, perDay: 1, typeMedianPerDay: 0.1 });
    expect(by.b).toMatchObject({ used: 3, perDay: 0.1 });
    expect(by.d).toMatchObject({ used: 0, perDay: 0 });
    // No readings at all: nothing to say, and not counted among the peers.
    expect(by.e).toMatchObject({ used: null, perDay: null, typeMedianPerDay: 0.1 });
    expect(by.c).toMatchObject({ perDay: 100, typeMedianPerDay: 100 });
  });

  it(`is idle after ${IDLE_DAYS} days without a rise in usage, counted from the machine's addition when it never rose`, () => {
    const today = '2026-04-10';
    const idle = (over: Partial<UtilizationMachine>) =>
      utilizationOf([machine(over)], { from: '2026-03-12', to: today }, today).machines[0]!;
    expect(idle({ lastUsedOn: '2026-03-12' })).toMatchObject({ idleDays: 29, idle: false });
    expect(idle({ lastUsedOn: '2026-03-11' })).toMatchObject({ idleDays: 30, idle: true });
    expect(idle({ lastUsedOn: null, addedOn: '2026-04-01' })).toMatchObject({ idleDays: 9 });
    expect(idle({ unit: 'n/a' })).toMatchObject({ idleDays: null, idle: false, perDay: null });
  });
});
