/**
 * Fleet insight, downtime (issue 45): availability, defects, mean time to repair and usage between
 * failures per machine and per type, from out-of-service periods set and ended through the API and
 * problems reported by an operator; the filters and every bad input, as owners and read keys see it.
 * On PGlite and (TEST_DB=postgres) PostgreSQL.
 */
import { describe, expect, it } from 'vitest';
import type { DowntimeReport } from '@domain/schemas/reports';
import {
  addSignedInUser,
  call,
  createEquipmentViaApi,
  signInAgain,
  signupOwner,
} from '../../test/factories';
import { useTestApp } from '../../test/helpers';
import * as kit from '../../test/reports';

const t = useTestApp();

const report = kit.reportOf<DowntimeReport>(() => t, 'downtime');

/**
 * A company in UTC with two excavators and a truck, from February. Excavator A: out of service on
 * March 5 15:00 until March 7 15:00 (48 h), and on March 20 15:00 until March 21 03:00 (12 h), 60 h
 * used in March. Excavator B: out since March 28 12:00. The truck: a defect on March 10 and one on April 2.
 */
async function fleet() {
  const o = await signupOwner(t.app);
  await kit.makePaying(t, o.companyId);
  const at = async (iso: string) => {
    t.clock.set(new Date(`${iso}Z`));
    o.cookie = await signInAgain(t.app, o);
  };
  const ok = async (method: 'POST' | 'PATCH', url: string, body?: object) => {
    const res = await call(t.app, o.cookie, method, url, body);
    expect(res.statusCode, res.body).toBe(200);
  };
  const out = (id: string) => ok('POST', `/api/equipment/${id}/out-of-service`, { reason: 'Leak' });
  const back = (id: string) => ok('POST', `/api/equipment/${id}/return-to-service`);
  const problem = async (id: string) => {
    const op = await addSignedInUser(t.deps.systemDb, 'operator', o.companyId, {
      now: t.deps.now(),
    });
    const res = await call(t.app, op.cookie, 'POST', '/api/problem-reports', {
      equipmentId: id,
      problem: 'Brakes soft',
    });
    expect(res.statusCode, res.body).toBe(201);
  };
  await at('2026-02-20T15:00');
  const add = (name: string, type: string, unit: string, currentUsage = 0) =>
    createEquipmentViaApi(t.app, o.cookie, { name, type, unit, currentUsage });
  const a = await add('Excavator A', 'machinery', 'hours', 100);
  const b = await add('Excavator B', 'machinery', 'hours', 200);
  const truck = await add('Truck', 'vehicle', 'miles', 1000);
  await at('2026-03-03T15:00');
  await ok('PATCH', `/api/equipment/${a.id}/usage`, { usageIncrease: 40 });
  await at('2026-03-05T15:00');
  await out(a.id);
  await at('2026-03-07T15:00');
  await back(a.id);
  await at('2026-03-10T15:00');
  await problem(truck.id);
  await at('2026-03-20T14:00');
  await ok('PATCH', `/api/equipment/${a.id}/usage`, { usageIncrease: 20 });
  await at('2026-03-20T15:00');
  await out(a.id);
  await at('2026-03-21T03:00');
  await back(a.id);
  await at('2026-03-28T12:00');
  await out(b.id);
  await at('2026-04-02T15:00');
  await problem(truck.id);
  await at('2026-04-10T15:00');
  return { o, a, b, truck };
}

describe('GET /api/reports/downtime', () => {
  it('gives availability, defects, mean time to repair and usage between failures per machine, per type and in total', async () => {
    const { o, a, b, truck } = await fleet();
    const r = await report(o, '?from=2026-03-01&to=2026-03-30');
    expect(r).toMatchObject({ from: '2026-03-01', to: '2026-03-30' });
    const row = (id: string) => r.machines.find((m) => m.equipmentId === id)!;
    // 60 h out of 720 h; two failures and two repairs (48 h and 12 h); 60 h used over two failures.
    expect(row(a.id)).toEqual({
      equipmentId: a.id,
      name: 'Excavator A',
      type: 'machinery',
      unit: 'hours',
      availability: 0.9167,
      outOfServiceHours: 60,
      defects: 0,
      failures: 2,
      repairs: 2,
      mttrHours: 30,
      usageBetweenFailures: 30,
      outOfService: false,
    });
    // Out from March 28 12:00 until the period's end: 60 h, no repair yet, no usage in March.
    expect(row(b.id)).toMatchObject({
      availability: 0.9167,
      outOfServiceHours: 60,
      failures: 1,
      repairs: 0,
      mttrHours: null,
      usageBetweenFailures: 0,
      outOfService: true,
    });
    // The April defect is outside the period.
    expect(row(truck.id)).toMatchObject({
      availability: 1,
      defects: 1,
      failures: 0,
      mttrHours: null,
      usageBetweenFailures: null,
    });
    expect(r.types).toEqual([
      {
        type: 'machinery',
        machines: 2,
        availability: 0.9167,
        defects: 0,
        failures: 3,
        mttrHours: 30,
      },
      { type: 'vehicle', machines: 1, availability: 1, defects: 1, failures: 0, mttrHours: null },
    ]);
    expect(r.totals).toEqual({
      machines: 3,
      availability: 0.9444,
      defects: 1,
      failures: 3,
      mttrHours: 30,
      outOfService: 1,
    });
  });

  it('counts only the part inside the period of a period across its edges; an open one until now', async () => {
    const { o, a, b, truck } = await fleet();
    // March 6 to 20: 39 h of the first period (from midnight) and 9 h of the second (until midnight).
    const edges = await report(o, `?from=2026-03-06&to=2026-03-20&equipmentId=${a.id}`);
    expect(edges.machines).toHaveLength(1);
    expect(edges.machines[0]).toMatchObject({
      outOfServiceHours: 48,
      availability: 0.8667,
      failures: 1,
      repairs: 1,
      mttrHours: 48,
    });
    // The 30 days ending today (April 10, 15:00): B out for 315 h of 711 h so far.
    const recent = await report(o);
    expect(recent).toMatchObject({ from: '2026-03-12', to: '2026-04-10' });
    const row = (id: string) => recent.machines.find((m) => m.equipmentId === id)!;
    expect(row(b.id)).toMatchObject({ outOfServiceHours: 315, availability: 0.557 });
    expect(row(a.id)).toMatchObject({ outOfServiceHours: 12, mttrHours: 12, availability: 0.9831 });
    expect(row(truck.id)).toMatchObject({ defects: 1 });
    const trucks = await report(o, '?type=vehicle');
    expect(trucks.machines.map((m) => m.equipmentId)).toEqual([truck.id]);
    expect(trucks.types.map((x) => x.type)).toEqual(['vehicle']);
    expect(trucks.totals).toMatchObject({ machines: 1, defects: 1, outOfService: 0 });
  });

  it('answers a read key; refuses operators, another company’s machine and every bad period', async () => {
    const { o, a } = await fleet();
    const byKey = await kit.checkReportAccess<DowntimeReport>(t, o, 'downtime', {
      keyQuery: '?from=2026-03-01&to=2026-03-30',
      equipmentId: a.id,
    });
    expect(byKey.totals).toMatchObject({ machines: 3, failures: 3 });

    const bad = kit.badReportQuery(t, o, 'downtime');
    await kit.checkBadPeriods(bad, '?from=2021-01-01&to=2026-03-01');
    await bad('?equipmentId=nope', 'common.notFound', 'equipmentId');
  });
});
