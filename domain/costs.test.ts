import { describe, expect, it } from 'vitest';
import {
  costPerUnit,
  costSplit,
  machineCost,
  monthsOf,
  ownershipCost,
  usageTracked,
} from './costs';

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

describe('cost of ownership: maintenance plus fuel (issue 45)', () => {
  const prices = [
    { fuelType: 'diesel' as const, price: 3.5, volumeUnit: 'gal' as const, from: '2026-01-01' },
    { fuelType: 'diesel' as const, price: 1, volumeUnit: 'L' as const, from: '2026-03-01' },
  ];
  const fill = (day: string, gallons: number, own: { price?: number; cost?: number } = {}) => ({
    gallons,
    fuelType: 'diesel' as const,
    day,
    price: own.price ?? null,
    priceUnit: own.price === undefined ? null : ('gal' as const),
    cost: own.cost ?? null,
  });

  it('adds fill-ups valued once each to the maintenance, per month and in total, with the cost per hour', () => {
    const c = ownershipCost(
      [
        { month: '2026-02', parts: 100, labor: 50.25, other: 0, workOrders: 1 },
        { month: '2026-03', parts: 0, labor: 0, other: 185.4 },
      ],
      [
        // 20 gal at the company's $3.50 = $70; 10 gal at its own $4 = $40.
        fill('2026-02-10', 20),
        fill('2026-02-20', 10, { price: 4 }),
        // 10 gal at $1 a litre = $37.85 (37.85411784); its own cost of $12.34.
        fill('2026-03-05', 10),
        fill('2026-03-06', 3, { cost: 12.34 }),
      ],
      prices,
      { usage: 100, unit: 'hours' },
    );
    expect(c).toMatchObject({
      maintenance: 335.65,
      fuel: 160.19,
      total: 495.84,
      unpricedFillUps: 0,
      usage: 100,
      costPerUnit: 4.9584,
      workOrders: 1,
    });
    expect(c.byMonth).toEqual([
      { month: '2026-02', maintenance: 150.25, fuel: 110, total: 260.25 },
      { month: '2026-03', maintenance: 185.4, fuel: 50.19, total: 235.59 },
    ]);
    // The months add up to the total, to the cent.
    expect(c.byMonth.reduce((s, m) => s + Math.round(m.total * 100), 0) / 100).toBe(c.total);
  });

  it('counts a fill-up with no price anywhere as no money, and says so; no meter, no cost per unit', () => {
    const c = ownershipCost([], [fill('2025-12-31', 20)], prices, { usage: 10, unit: 'hours' });
    expect(c).toMatchObject({ fuel: 0, total: 0, unpricedFillUps: 1, costPerUnit: null });
    const tool = ownershipCost([], [fill('2026-02-01', 2)], prices, { usage: null, unit: 'n/a' });
    expect(tool).toMatchObject({ fuel: 7, total: 7, usage: null, costPerUnit: null });
  });

  it('lists every month of a period, across a year end', () => {
    expect(monthsOf('2025-11-15', '2026-02-01')).toEqual([
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
    ]);
    expect(monthsOf('2026-03-01', '2026-03-31')).toEqual(['2026-03']);
  });
});
