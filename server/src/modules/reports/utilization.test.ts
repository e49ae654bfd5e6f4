/**
 * Fleet insight, utilisation (issue 45): usage per day over a period against the median of the
 * machine's type, idle machines, the filters and every bad input, as owners, managers and read keys
 * see it. On PGlite and (TEST_DB=postgres) PostgreSQL.
 */
import { describe, expect, it } from 'vitest';
import type { UtilizationReport } from '@domain/schemas/reports';
import {
  call,
  createEquipmentViaApi,
  signInAgain,
  signupOwner,
  type SignedIn,
} from '../../test/factories';
import { useTestApp } from '../../test/helpers';
import * as kit from '../../test/reports';

const t = useTestApp();

const at = (iso: string) => t.clock.set(new Date(`${iso}T15:00:00Z`));
const report = kit.reportOf<UtilizationReport>(() => t, 'utilization');
const increase = async (o: SignedIn, id: string, usageIncrease: number) => {
  const res = await call(t.app, o.cookie, 'PATCH', `/api/equipment/${id}/usage`, { usageIncrease });
  expect(res.statusCode, res.body).toBe(200);
};

/** A small fleet with a month of use: three excavators, a truck, a tool without a meter. */
async function fleet() {
  at('2026-03-01');
  const o = await signupOwner(t.app);
  await kit.makePaying(t, o.companyId);
  const add = (name: string, type: string, unit: string, currentUsage = 0) =>
    createEquipmentViaApi(t.app, o.cookie, { name, type, unit, currentUsage });
  const a = await add('Excavator A', 'machinery', 'hours', 100);
  const b = await add('Excavator B', 'machinery', 'hours', 200);
  const c = await add('Excavator C', 'machinery', 'hours', 50);
  const truck = await add('Truck', 'vehicle', 'miles', 1000);
  const saw = await add('Saw', 'tools', 'n/a');
  at('2026-03-05');
  o.cookie = await signInAgain(t.app, o);
  await increase(o, a.id, 40);
  await increase(o, b.id, 10);
  at('2026-03-20');
  o.cookie = await signInAgain(t.app, o);
  await increase(o, a.id, 20);
  at('2026-04-10');
  o.cookie = await signInAgain(t.app, o);
  return { o, a, b, c, truck, saw };
}

describe('GET /api/reports/utilization', () => {
  it('gives usage per day against the type, and idle machines, for a period', async () => {
    const { o, a, b, c, truck, saw } = await fleet();
    const r = await report(o, '?from=2026-03-01&to=2026-03-30');
    expect(r).toMatchObject({ from: '2026-03-01', to: '2026-03-30' });
    const row = (id: string) => r.machines.find((m) => m.equipmentId === id)!;
    // 60 h in 30 days; the excavators' median per day is B's 10 h / 30 days.
    expect(row(a.id)).toMatchObject({
      used: 60,
      perDay: 2,
      typeMedianPerDay: 0.33,
      idleDays: 21,
      idle: false,
    });
    expect(row(b.id)).toMatchObject({ used: 10, perDay: 0.33, idleDays: 36, idle: true });
    // Never used since it was added on March 1.
    expect(row(c.id)).toMatchObject({ used: 0, perDay: 0, idleDays: 40, idle: true });
    // A truck is compared with trucks (miles), not with the excavators' hours.
    expect(row(truck.id)).toMatchObject({ unit: 'miles', perDay: 0, typeMedianPerDay: 0 });
    // No meter: no usage, never idle by usage.
    expect(row(saw.id)).toMatchObject({ perDay: null, idleDays: null, idle: false });
    expect(r.totals).toEqual({ machines: 5, idle: 3 });
    expect(r.machines.map((m) => m.name)).toEqual([
      'Excavator A',
      'Excavator B',
      'Excavator C',
      'Saw',
      'Truck',
    ]);
  });

  it('covers the 30 days ending today by default; filters by type or machine, the median still of every peer', async () => {
    const { o, a, truck } = await fleet();
    const r = await report(o);
    expect(r).toMatchObject({ from: '2026-03-12', to: '2026-04-10' });
    // From 140 h (the reading before March 12) to 160 h.
    expect(r.machines.find((m) => m.equipmentId === a.id)).toMatchObject({
      used: 20,
      perDay: 0.67,
    });
    const trucks = await report(o, '?type=vehicle');
    expect(trucks.machines.map((m) => m.equipmentId)).toEqual([truck.id]);
    const one = await report(o, `?equipmentId=${a.id}&from=2026-03-01&to=2026-03-30`);
    expect(one.machines).toHaveLength(1);
    expect(one.machines[0]).toMatchObject({ perDay: 2, typeMedianPerDay: 0.33 });
    expect(one.totals).toEqual({ machines: 1, idle: 0 });
  });

  it('answers a read key; refuses operators, another company’s machine and every bad period with nothing to show', async () => {
    const { o, a } = await fleet();
    const byKey = await kit.checkReportAccess<UtilizationReport>(t, o, 'utilization', {
      keyQuery: '?from=2026-03-01&to=2026-03-30',
      equipmentId: a.id,
    });
    expect(byKey.totals.machines).toBe(5);

    const bad = kit.badReportQuery(t, o, 'utilization');
    await kit.checkBadPeriods(bad, '?from=2021-03-01&to=2026-03-10');
    // Two years is within the five a report covers.
    await report(o, '?from=2024-03-01&to=2026-03-01');
  });
});
