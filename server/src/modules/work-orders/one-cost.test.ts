import { describe, expect, it } from 'vitest';
import { serviceLogDtoSchema } from '@domain/schemas/equipment';
import { machinePageSchema } from '@domain/schemas/machine-page';
import { costsDtoSchema, partDtoSchema, workOrderDtoSchema } from '@domain/schemas/work-orders';
import { callOk, createEquipmentViaApi, signupOwner, type SignedIn } from '../../test/factories';
import { useTestApp } from '../../test/helpers';

/**
 * One machine, one cost (issue 43, defect 1): the CAT 320's maintenance cost is its service plus its
 * completed work orders, and every place that shows it (the machine page's tile and chart, its costs
 * card's and the Costs report's GET /api/costs, the service log) gives the same total and the same cost
 * per hour. HTTP-level on PGlite and (TEST_DB=postgres) PostgreSQL.
 */
const t = useTestApp();

const ok = <T>(o: SignedIn, method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown) =>
  callOk<T>(t.app, o.cookie, method, url, body);

/** The CAT 320: 91.3 hours of use, one service of $185.40, completed orders of $251.50 and $161. */
async function cat320(o: SignedIn) {
  const e = await createEquipmentViaApi(t.app, o.cookie, {
    name: 'CAT 320',
    currentUsage: 1000,
    serviceInterval: 250,
  });
  await ok(o, 'PATCH', `/api/equipment/${e.id}/usage`, { usageIncrease: 91.3 });
  await ok(o, 'PATCH', `/api/equipment/${e.id}/reset-service`, { cost: 185.4 });
  const part = partDtoSchema.parse(
    await ok(o, 'POST', '/api/parts', {
      name: 'Hydraulic hose',
      partNumber: 'HH-1',
      unit: 'each',
      unitCost: 20.3,
      onHand: 10,
    }),
  );
  /** A work order of `kind` on the CAT 320, opened and completed with `done` (parts, labour, other). */
  const completed = async (title: string, kind: 'repair' | 'service', done: object) => {
    const order = workOrderDtoSchema.parse(
      await ok(o, 'POST', '/api/work-orders', { equipmentId: e.id, title, kind }),
    );
    await ok(o, 'POST', `/api/work-orders/${order.id}/complete`, done);
  };
  // A repair: 5 hoses ($101.50) and 1.5 h at $100 = $251.50.
  await completed('Hydraulic leak', 'repair', {
    parts: [{ partId: part.id, quantity: 5 }],
    laborHours: 1.5,
    laborRate: 100,
  });
  // A service order: 1 h at $120 and $41 other = $161. It writes a service entry of its own, which must
  // not be counted a second time.
  await completed('250-hour service', 'service', { laborHours: 1, laborRate: 120, otherCost: 41 });
  return e;
}

describe('a machine has one maintenance cost', () => {
  it('the machine page, its costs card, the Costs report and the service log all say $597.90', async () => {
    const o = await signupOwner(t.app);
    const e = await cat320(o);
    const perHour = Math.round((597.9 / 91.3) * 10_000) / 10_000;

    const page = machinePageSchema.parse(await ok(o, 'GET', `/api/equipment/${e.id}/page`));
    expect(page.figures).toMatchObject({
      totalMaintenanceCost: 597.9,
      serviceCount: 2,
      workOrderCount: 2,
      usageTracked: 91.3,
      costPerUnit: perHour,
    });
    const chart = page.charts.costByMonth.reduce((s, m) => s + Math.round(m.value * 100), 0) / 100;
    expect(chart).toBe(597.9);

    const card = costsDtoSchema.parse(
      await ok(o, 'GET', `/api/costs?months=12&equipmentId=${e.id}`),
    );
    expect(card.totals).toEqual({ parts: 101.5, labor: 270, other: 226.4, total: 597.9 });
    expect(card.machines).toHaveLength(1);
    expect(card.machines[0]).toMatchObject({ total: 597.9, usage: 91.3, costPerUnit: perHour });
    expect(card.months.reduce((s, m) => s + Math.round(m.total * 100), 0) / 100).toBe(597.9);

    const report = costsDtoSchema.parse(await ok(o, 'GET', '/api/costs'));
    expect(report.machines.find((m) => m.equipmentId === e.id)).toMatchObject({
      total: 597.9,
      costPerUnit: perHour,
    });

    const log = serviceLogDtoSchema.parse(await ok(o, 'GET', `/api/equipment/${e.id}/services`));
    expect(log).toMatchObject({ totalCost: 597.9, usageTracked: 91.3, costPerUnit: perHour });
  });

  it('a month chart and a 12-month card count a cost in the month it was done, in the company time zone', async () => {
    const o = await signupOwner(t.app);
    const e = await createEquipmentViaApi(t.app, o.cookie, { currentUsage: 10 });
    await ok(o, 'PATCH', `/api/equipment/${e.id}/usage`, { usageIncrease: 10 });
    // A service back-dated to an earlier month, with no work order.
    const today = t.deps.now().toISOString().slice(0, 10);
    const earlier = `${today.slice(0, 7) === '2026-01' ? '2025-12' : `${today.slice(0, 5)}${String(Number(today.slice(5, 7)) - 1).padStart(2, '0')}`}-15`;
    await ok(o, 'PATCH', `/api/equipment/${e.id}/reset-service`, {
      cost: 50,
      serviceDate: earlier,
    });
    const page = machinePageSchema.parse(await ok(o, 'GET', `/api/equipment/${e.id}/page`));
    expect(page.charts.costByMonth).toEqual([{ month: earlier.slice(0, 7), value: 50 }]);
    const card = costsDtoSchema.parse(
      await ok(o, 'GET', `/api/costs?months=12&equipmentId=${e.id}`),
    );
    expect(card.months.find((m) => m.month === earlier.slice(0, 7))?.total).toBe(50);
    expect(page.figures.costPerUnit).toBe(card.machines[0]?.costPerUnit);
    expect(page.figures.costPerUnit).toBe(5);
  });
});
