import { describe, expect, it } from 'vitest';
import { costPerUnit, costSplit, machineCost, usageTracked } from './costs';

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

describe("a machine's maintenance cost (services + completed work orders)", () => {
  // The CAT 320 of issue 43: one service of $185.40, two completed work orders of $251.50 and $161.
  const lines = [
    { month: '2026-10', parts: 0, labor: 0, other: 185.4 },
    { month: '2026-11', parts: 101.5, labor: 150, other: 0, workOrders: 1 },
    { month: '2026-10', parts: 41, labor: 120, other: 0, workOrders: 1 },
  ];

  it('adds services and work orders in cents, in total and per month, oldest month first', () => {
    const s = costSplit(lines);
    expect([s.parts, s.labor, s.other, s.total, s.workOrders]).toEqual([
      142.5, 270, 185.4, 597.9, 2,
    ]);
    expect(s.byMonth).toEqual([
      { month: '2026-10', parts: 41, labor: 120, other: 185.4, total: 346.4 },
      { month: '2026-11', parts: 101.5, labor: 150, other: 0, total: 251.5 },
    ]);
    // Cents, not floats: ten lines of 0.1 make 1, not 0.9999999999999999.
    expect(
      costSplit(
        Array.from({ length: 10 }, () => ({ month: '2026-01', parts: 0.1, labor: 0, other: 0 })),
      ).total,
    ).toBe(1);
  });

  it('gives the cost per unit over the usage of the same period', () => {
    const c = machineCost(lines, { currentUsage: 1091.3, startUsage: 1000, unit: 'hours' });
    expect(c.total).toBe(597.9);
    expect(c.usage).toBe(91.3);
    expect(c.costPerUnit).toBe(6.5487);
    expect(machineCost([], { currentUsage: 5, startUsage: null, unit: 'hours' })).toMatchObject({
      total: 0,
      usage: 0,
      costPerUnit: null,
      byMonth: [],
    });
  });
});
