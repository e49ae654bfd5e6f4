import { describe, expect, it } from 'vitest';
import { chargeCents, PLANS, PLAN_LIST } from './plans';

describe('plans', () => {
  it('matches spec section 9', () => {
    expect(
      PLAN_LIST.map((p) => [
        p.tier,
        p.equipmentLimit,
        p.monthly,
        p.yearlyPerMonth,
        p.monthlyCents,
        p.yearlyPerMonthCents,
        p.struckMonthly,
        p.struckYearlyPerMonth,
      ]),
    ).toEqual([
      ['basic', 15, 32, 27, 3200, 2720, 40, 34],
      ['professional', 30, 54, 46, 5400, 4590, 68, 58],
      ['enterprise', 65, 100, 85, 10000, 8500, 125, 106],
    ]);
    expect(PLANS.professional.mostPopular).toBe(true);
  });
  it('charges yearly plans 12 months up front at 15 % off', () => {
    expect(chargeCents('basic', 'month')).toBe(3200);
    expect(chargeCents('basic', 'year')).toBe(2720 * 12);
    for (const p of PLAN_LIST)
      expect(p.yearlyPerMonthCents).toBe(Math.round(p.monthlyCents * 0.85));
  });
});
