import { describe, expect, it } from 'vitest';
import { cycleKeyOf, taskEventUid } from './task-cycle';

describe('a task cycle', () => {
  it('is keyed by the last done date and usage, so a reset is a new cycle', () => {
    const a = cycleKeyOf({ lastDoneDate: '2026-03-01', lastDoneUsage: 1250 });
    expect(a).toBe('2026-03-01-u1250');
    expect(cycleKeyOf({ lastDoneDate: '2026-03-01', lastDoneUsage: 1250 })).toBe(a);
    // Done again the same day at a higher reading: another cycle.
    expect(cycleKeyOf({ lastDoneDate: '2026-03-01', lastDoneUsage: 1260 })).not.toBe(a);
    expect(cycleKeyOf({ lastDoneDate: null, lastDoneUsage: null })).toBe('start');
    expect(cycleKeyOf({ lastDoneDate: '2026-01-05', lastDoneUsage: null })).toBe('2026-01-05');
    expect(cycleKeyOf({ lastDoneDate: null, lastDoneUsage: 0 })).toBe('start-u0');
  });

  it('gives the calendar a UID of letters, digits and dashes before the domain', () => {
    expect(
      taskEventUid('9b1c', cycleKeyOf({ lastDoneDate: '2026-03-01', lastDoneUsage: 12.5 })),
    ).toBe('9b1c-2026-03-01-u12.5@equipment-management-suite');
  });
});
