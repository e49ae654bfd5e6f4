import { describe, expect, it } from 'vitest';
import { costPerUnit, usageTracked } from './costs';

describe('cost per unit of use', () => {
  it('is the total over the usage tracked, to 4 decimals, per hour, mile or km', () => {
    expect(costPerUnit(95.4, 100, 'hours')).toBe(0.954);
    expect(costPerUnit(10, 3, 'miles')).toBe(3.3333);
    // Below a hundredth of a cent: rounds to 0 (still a figure, not "no cost").
    expect(costPerUnit(1, 80_000, 'kilometers')).toBe(0);
  });

  it('is null without a meter, a cost or usage', () => {
    expect(costPerUnit(100, 10, 'n/a')).toBeNull();
    expect(costPerUnit(0, 10, 'hours')).toBeNull();
    expect(costPerUnit(100, 0, 'hours')).toBeNull();
    expect(costPerUnit(Number.NaN, 10, 'hours')).toBeNull();
  });

  it('counts the usage since the first known reading, never below zero', () => {
    expect(usageTracked(500, 100)).toBe(400);
    expect(usageTracked(100.1, 0.05)).toBe(100.05);
    expect(usageTracked(500, null)).toBe(0);
    expect(usageTracked(90, 100)).toBe(0);
  });
});
