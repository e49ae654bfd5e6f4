/**
 * Fleet insight, costs (issue 45): the cost of ownership per machine and month, maintenance (services,
 * work orders) plus fuel valued at each fill-up's own cost or price, else the company price in force on
 * its day, on a company made for the test with hand-worked answers; the machine page says the same; the
 * filters and every bad input. On PGlite and (TEST_DB=postgres) PostgreSQL.
 */
import { describe, expect, it } from 'vitest';
import { machinePageSchema } from '@domain/schemas/machine-page';
import type { CostsReport } from '@domain/schemas/reports';
import { workOrderDtoSchema } from '@domain/schemas/work-orders';
import { call, createEquipmentViaApi, signInAgain, signupOwner } from '../../test/factories';
import { useTestApp } from '../../test/helpers';
import * as kit from '../../test/reports';

const t = useTestApp();

const report = kit.reportOf<CostsReport>(() => t, 'costs');

/**
 * A company in UTC from March 1, 2026 with diesel at $3.50 a gallon from March 1 and $1.00 a litre from
 * March 15 (no gasoline price). Excavator A: +40 h and 20 gal (company price: $70) on March 5, a
 * $185.40 service on March 10, +20 h and 10 gal on March 20 ($1/L: $37.85); a work order of 1.5 h at
 * $100 on April 2. Excavator B: 5 gal at its own $4 and 3 gal at its own total of $12.34 on March 20
 * ($32.34). The truck: 10 gal of gasoline with no price anywhere on March 20, +100 mi on April 2.
 */
async function fleet() {
  t.clock.set(new Date('2026-03-01T15:00:00Z'));
  const o = await signupOwner(t.app);
  await kit.makePaying(t, o.companyId);
  const at = async (iso: string) => {
    t.clock.set(new Date(`${iso}T15:00:00Z`));
    o.cookie = await signInAgain(t.app, o);
  };
  const ok = async (method: 'POST' | 'PATCH', url: string, body?: object) => {
    const res = await call(t.app, o.cookie, method, url, body);
    expect(res.statusCode, `${url}: ${res.body}`).toBeLessThan(300);
    return res.json<unknown>();
  };
  const fill = (equipmentId: string, body: object) =>
    ok('POST', '/api/operator-updates', { equipmentId, ...body });
  const add = (name: string, type: string, unit: string, currentUsage: number, fuelType: string) =>
    createEquipmentViaApi(t.app, o.cookie, { name, type, unit, currentUsage, fuelType });
  await ok('POST', '/api/fuel-prices', {
    fuelType: 'diesel',
    price: 3.5,
    volumeUnit: 'gal',
    from: '2026-03-01',
  });
  const a = await add('Excavator A', 'machinery', 'hours', 100, 'diesel');
  const b = await add('Excavator B', 'machinery', 'hours', 200, 'diesel');
  const truck = await add('Truck', 'vehicle', 'miles', 1000, 'gasoline');
  await at('2026-03-05');
  await ok('PATCH', `/api/equipment/${a.id}/usage`, { usageIncrease: 40 });
  await fill(a.id, { fuelAdded: 20, fuelType: 'diesel' });
  await at('2026-03-10');
  await ok('PATCH', `/api/equipment/${a.id}/reset-service`, { cost: 185.4 });
  await at('2026-03-15');
  await ok('POST', '/api/fuel-prices', {
    fuelType: 'diesel',
    price: 1,
    volumeUnit: 'L',
    from: '2026-03-15',
  });
  await at('2026-03-20');
  await ok('PATCH', `/api/equipment/${a.id}/usage`, { usageIncrease: 20 });
  await fill(a.id, { fuelAdded: 10, fuelType: 'diesel' });
  await fill(b.id, { fuelAdded: 5, fuelType: 'diesel', price: 4 });
  await fill(b.id, { fuelAdded: 3, fuelType: 'diesel', cost: 12.34 });
  await fill(truck.id, { fuelAdded: 10, fuelType: 'gas' });
  await at('2026-04-02');
  const wo = workOrderDtoSchema.parse(
    await ok('POST', '/api/work-orders', { equipmentId: a.id, title: 'Track', kind: 'repair' }),
  );
  await ok('POST', `/api/work-orders/${wo.id}/complete`, { laborHours: 1.5, laborRate: 100 });
  await ok('PATCH', `/api/equipment/${truck.id}/usage`, { usageIncrease: 100 });
  await at('2026-04-10');
  return { o, a, b, truck };
}

describe('GET /api/reports/costs', () => {
  it('gives maintenance plus fuel per machine and month, and the cost per hour, from hand-worked figures', async () => {
    const { o, a, b, truck } = await fleet();
    const r = await report(o, '?from=2026-03-01&to=2026-03-31');
    expect(r).toMatchObject({ from: '2026-03-01', to: '2026-03-31', currency: 'USD' });
    const row = (id: string) => r.machines.find((m) => m.equipmentId === id)!;
    // $185.40 + $70 + $37.85 over 60 h.
    expect(row(a.id)).toEqual({
      equipmentId: a.id,
      name: 'Excavator A',
      type: 'machinery',
      unit: 'hours',
      maintenance: 185.4,
      fuel: 107.85,
      total: 293.25,
      unpricedFillUps: 0,
      usage: 60,
      costPerUnit: 4.8875,
    });
    // Its own price; no use, no cost per hour.
    expect(row(b.id)).toMatchObject({ fuel: 32.34, total: 32.34, usage: 0, costPerUnit: null });
    // No gasoline price: counted as no money, and said.
    expect(row(truck.id)).toMatchObject({ fuel: 0, total: 0, unpricedFillUps: 1, usage: 0 });
    expect(r.months).toEqual([
      { month: '2026-03', maintenance: 185.4, fuel: 140.19, total: 325.59 },
    ]);
    expect(r.totals).toEqual({ maintenance: 185.4, fuel: 140.19, total: 325.59, machines: 3 });

    const both = await report(o, `?from=2026-03-01&to=2026-04-10&equipmentId=${a.id}`);
    expect(both.machines).toHaveLength(1);
    expect(both.machines[0]).toMatchObject({
      maintenance: 335.4,
      fuel: 107.85,
      total: 443.25,
      usage: 60,
      costPerUnit: 7.3875,
    });
    expect(both.months).toEqual([
      { month: '2026-03', maintenance: 185.4, fuel: 107.85, total: 293.25 },
      { month: '2026-04', maintenance: 150, fuel: 0, total: 150 },
    ]);
    const trucks = await report(o, '?from=2026-03-01&to=2026-04-10&type=vehicle');
    expect(trucks.machines.map((m) => m.equipmentId)).toEqual([truck.id]);
    expect(trucks.machines[0]).toMatchObject({ usage: 100, total: 0, costPerUnit: null });
  });

  it('the machine page says the same cost of ownership as the report over the same period', async () => {
    const { o, a, b } = await fleet();
    // The machines' whole life lies within the last five years.
    const r = await report(o, '?from=2021-04-11&to=2026-04-10');
    for (const m of [a, b]) {
      const res = await call(t.app, o.cookie, 'GET', `/api/equipment/${m.id}/page`);
      expect(res.statusCode, res.body).toBe(200);
      const page = machinePageSchema.parse(res.json());
      const row = r.machines.find((x) => x.equipmentId === m.id)!;
      expect(page.figures.totalMaintenanceCost).toBe(row.maintenance);
      expect(page.figures.fuelCost).toBe(row.fuel);
      expect(page.figures.totalCost).toBe(row.total);
      expect(page.figures.usageTracked).toBe(row.usage);
      expect(page.figures.totalCostPerUnit).toBe(row.costPerUnit);
    }
    const pageA = machinePageSchema.parse(
      (await call(t.app, o.cookie, 'GET', `/api/equipment/${a.id}/page`)).json(),
    );
    expect(pageA.figures).toMatchObject({ totalCost: 443.25, totalCostPerUnit: 7.3875 });
  });

  it('answers a read key; refuses operators, another company’s machine and every bad period', async () => {
    const { o, a } = await fleet();
    const byKey = await kit.checkReportAccess<CostsReport>(t, o, 'costs', {
      keyQuery: '?from=2026-03-01&to=2026-03-31',
      equipmentId: a.id,
    });
    expect(byKey.totals.total).toBe(325.59);

    const bad = kit.badReportQuery(t, o, 'costs');
    await kit.checkBadPeriods(bad, '?from=2021-04-01&to=2026-04-10');
  });
});
