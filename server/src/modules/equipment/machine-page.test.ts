import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { EquipmentDto, HistoryRecordDto } from '@domain/schemas/equipment';
import { machinePageSchema, type MachinePageDto } from '@domain/schemas/machine-page';
import { company } from '../../db/schema/index';
import {
  addSignedInUser,
  call,
  operatorWithTruckCheck,
  createEquipmentViaApi,
  signInAgain,
  signupOwner,
  type SignedIn,
} from '../../test/factories';
import { useTestApp } from '../../test/helpers';

const START = new Date('2026-09-25T15:00:00Z');
const t = useTestApp({}, { start: START });

const get = async <T>(cookie: string, url: string) => {
  const res = await call(t.app, cookie, 'GET', url);
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json<T>();
};
const pageOf = async (o: SignedIn, id: string): Promise<MachinePageDto> =>
  machinePageSchema.parse(await get(o.cookie, `/api/equipment/${id}/page`));

async function ok(o: SignedIn, method: 'POST' | 'PATCH', url: string, body: unknown) {
  const res = await call(t.app, o.cookie, method, url, body);
  expect(res.statusCode, `${url}: ${res.body}`).toBeLessThan(300);
  return res;
}

/** Moves the clock by days and signs the owner in again (sessions follow the app's clock). */
async function advance(o: SignedIn, days: number) {
  t.clock.advanceDays(days);
  o.cookie = await signInAgain(t.app, o);
}

function operatorUpdate(cookie: string, body: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url: '/api/operator-updates',
    headers: { cookie },
    payload: body,
  });
}

describe('GET /api/equipment/:id/page', () => {
  it('answers the header, figures, charts and sections of one machine', async () => {
    const o = await signupOwner(t.app);
    const e = await createEquipmentViaApi(t.app, o.cookie, {
      name: 'Loader 7',
      serialNumber: 'SN-77',
      currentUsage: 100,
      serviceInterval: 250,
      description: 'Yard loader',
      serviceParts: [{ part: 'Oil filter', partNumber: 'OF-1', qty: 1 }],
    });
    // Readings over two months, one of them wrong and voided; fuel in two months; two services.
    await advance(o, 2);
    await ok(o, 'PATCH', `/api/equipment/${e.id}/usage`, { usageIncrease: 20 });
    await advance(o, 1);
    const op = (
      await addSignedInUser(t.deps.systemDb, 'operator', o.companyId, {
        firstName: 'Maria',
        now: t.deps.now(),
      })
    ).cookie;
    const sent = await operatorUpdate(op, {
      equipmentId: e.id,
      newUsage: 130,
      fuelAdded: 40,
      fuelType: 'diesel',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    await ok(o, 'PATCH', `/api/equipment/${e.id}/reset-service`, {
      cost: 120.5,
      parts: [{ part: 'Oil filter', qty: 2 }],
      performedBy: 'Shop A',
    });
    await advance(o, 5);
    const fuel2 = await operatorUpdate(
      (
        await addSignedInUser(t.deps.systemDb, 'operator', o.companyId, {
          firstName: 'Luis',
          now: t.deps.now(),
        })
      ).cookie,
      { equipmentId: e.id, newUsage: 150, fuelAdded: 12.5, fuelType: 'diesel' },
    );
    expect(fuel2.statusCode, fuel2.body).toBe(201);
    await ok(o, 'PATCH', `/api/equipment/${e.id}/usage`, { usageIncrease: 900 });
    const wrong = (await get<HistoryRecordDto[]>(o.cookie, `/api/equipment/${e.id}/history`)).find(
      (h) => h.usage === 1050,
    );
    expect(wrong?.canVoid).toBe(true);
    await ok(o, 'POST', `/api/equipment/${e.id}/history/${wrong!.id}/void`, {
      reason: 'Typed 1050 for 150',
    });
    await ok(o, 'PATCH', `/api/equipment/${e.id}/reset-service`, { cost: 79.5 });

    const page = await pageOf(o, e.id);
    const detail = await get<EquipmentDto>(o.cookie, `/api/equipment/${e.id}`);
    // The header and the dialogs' record: the same machine, status and forecast as the detail call.
    expect(page.equipment).toEqual(detail);
    expect(page.equipment).toMatchObject({
      name: 'Loader 7',
      serialNumber: 'SN-77',
      currentUsage: 150,
      description: 'Yard loader',
      totalFuelUsed: 52.5,
    });
    expect(page.figures).toEqual({
      totalMaintenanceCost: 200,
      serviceCount: 2,
      workOrderCount: 0,
      usageTracked: 50,
      costPerUnit: 4,
      // No fuel price anywhere: the fill-ups are no money (issue 45), the cost of ownership is the maintenance.
      fuelCost: 0,
      totalCost: 200,
      totalCostPerUnit: 4,
    });
    // Usage over time, oldest first, the voided reading kept and marked.
    expect(page.charts.usage.map((p) => [p.usage, p.voided])).toEqual([
      [100, false],
      [120, false],
      [130, false],
      [150, false],
      [1050, true],
    ]);
    expect(page.charts.services.map((s) => s.usage)).toEqual([130, 150]);
    expect(page.charts.fuelByMonth).toEqual([
      { month: '2026-09', value: 40 },
      { month: '2026-10', value: 12.5 },
    ]);
    expect(page.charts.costByMonth).toEqual([
      { month: '2026-09', value: 120.5 },
      { month: '2026-10', value: 79.5 },
    ]);
    // The service log, newest first, with parts, cost and who did it.
    expect(page.services.map((s) => [s.cost, s.usage])).toEqual([
      [79.5, 150],
      [120.5, 130],
    ]);
    expect(page.services[1]).toMatchObject({
      parts: [{ part: 'Oil filter', partNumber: null, qty: 2 }],
      performedBy: 'Shop A',
      equipmentId: e.id,
    });
    expect(page.inspections).toEqual([]);
    expect(page.openDefects).toEqual([]);
  });

  it('months follow the company time zone', async () => {
    const o = await signupOwner(t.app);
    await t.deps.systemDb
      .update(company)
      .set({ timeZone: 'America/Los_Angeles' })
      .where(eq(company.id, o.companyId));
    const e = await createEquipmentViaApi(t.app, o.cookie, { currentUsage: 10 });
    // 2026-10-01 03:00 UTC is still September 30 in Los Angeles.
    t.clock.set(new Date('2026-10-01T03:00:00Z'));
    o.cookie = await signInAgain(t.app, o);
    const op = (
      await addSignedInUser(t.deps.systemDb, 'operator', o.companyId, { now: t.deps.now() })
    ).cookie;
    const sent = await operatorUpdate(op, { equipmentId: e.id, newUsage: 11, fuelAdded: 5 });
    expect(sent.statusCode, sent.body).toBe(201);
    const page = await pageOf(o, e.id);
    expect(page.charts.fuelByMonth).toEqual([{ month: '2026-09', value: 5 }]);
  });

  it('shows the inspections, the open defects and the out-of-service state', async () => {
    const owner = await signupOwner(t.app);
    const { op, truck, templateId } = await operatorWithTruckCheck(t.app, owner, [
      { id: 'brakes', label: 'Brakes', kind: 'passFail', required: true, critical: true },
    ]);
    const res = await call(t.app, op, 'POST', '/api/inspections', {
      equipmentId: truck.id,
      templateId,
      answers: [{ itemId: 'brakes', result: 'fail', note: 'Soft pedal' }],
    });
    expect(res.statusCode, res.body).toBe(201);
    const page = await pageOf(owner, truck.id);
    expect(page.inspections).toMatchObject([{ templateName: 'Daily truck check', failedCount: 1 }]);
    expect(page.openDefects).toMatchObject([
      { itemLabel: 'Brakes', critical: true, note: 'Soft pedal', hasPhoto: false },
    ]);
    expect(page.equipment.outOfService).not.toBeNull();
  });

  it('is for owners and managers of the machine company only', async () => {
    const a = await signupOwner(t.app);
    const b = await signupOwner(t.app);
    const e = await createEquipmentViaApi(t.app, a.cookie);
    const foreign = await call(t.app, b.cookie, 'GET', `/api/equipment/${e.id}/page`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json<{ key: string }>().key).toBe('equipment.notFound');
    expect((await call(t.app, a.cookie, 'GET', '/api/equipment/not-a-uuid/page')).statusCode).toBe(
      404,
    );
    expect((await call(t.app, null, 'GET', `/api/equipment/${e.id}/page`)).statusCode).toBe(401);
    const op = await addSignedInUser(t.deps.systemDb, 'operator', a.companyId);
    expect((await call(t.app, op.cookie, 'GET', `/api/equipment/${e.id}/page`)).statusCode).toBe(
      403,
    );
    const manager = await addSignedInUser(t.deps.systemDb, 'manager', a.companyId);
    expect(
      (await call(t.app, manager.cookie, 'GET', `/api/equipment/${e.id}/page`)).statusCode,
    ).toBe(200);
  });

  it('comes in two requests of one query each (and one for its peers when not kept), however long the history (issue 24)', async () => {
    const o = await signupOwner(t.app);
    const e = await createEquipmentViaApi(t.app, o.cookie, {
      currentUsage: 10,
      serviceInterval: 50,
    });
    // Tasks are read in the same statement (issue 40).
    await ok(o, 'POST', `/api/equipment/${e.id}/tasks`, { name: 'Filter', everyUsage: 100 });
    // What the client's machine page asks on open (client/src/features/machines): its data and the
    // timeline's first page (TIMELINE_PAGE entries).
    const open = async () => {
      const counts: number[] = [];
      for (const url of [
        `/api/equipment/${e.id}/page`,
        `/api/equipment/${e.id}/history?limit=20`,
      ]) {
        const before = t.database.queryCount.value;
        await get(o.cookie, url);
        counts.push(t.database.queryCount.value - before);
      }
      return counts;
    };
    await open(); // the sign-in is looked up once, then cached (plugins/session.ts)
    // Opened again with nothing written: the page's and the timeline's answers are kept
    // (plugins/cached-read.ts, both databases) and no query runs for them.
    expect(await open()).toEqual([0, 0]);
    for (let i = 0; i < 30; i++)
      await ok(o, 'PATCH', `/api/equipment/${e.id}/usage`, { usageIncrease: 1 });
    await ok(o, 'PATCH', `/api/equipment/${e.id}/reset-service`, { cost: 10 });
    // Its type's rows (its peers) are kept between views (reports/type-peers.ts): read again, in one
    // more query, once the company's data changed (both databases).
    expect(await open()).toEqual([2, 1]);
    // An empty page is still an answer for a machine of the company, and a 404 for any other.
    const none = await get<{ entries: unknown[] }>(
      o.cookie,
      `/api/equipment/${e.id}/history?limit=20&kind=photo`,
    );
    expect(none).toEqual({ entries: [], nextCursor: null });
    const other = await signupOwner(t.app);
    for (const url of [
      `/api/equipment/${e.id}/history?limit=20`,
      `/api/equipment/${e.id}/history?limit=20&kind=photo`,
      `/api/equipment/${crypto.randomUUID()}/history?limit=20`,
    ])
      expect((await call(t.app, other.cookie, 'GET', url)).statusCode, url).toBe(404);
  });

  it('answers the maintenance schedule: every task as the tasks API answers it (issue 40)', async () => {
    const o = await signupOwner(t.app);
    const e = await createEquipmentViaApi(t.app, o.cookie, {
      currentUsage: 100,
      serviceInterval: 250,
    });
    for (const body of [
      { name: 'Fuel filters', everyUsage: 500, parts: [{ part: 'Fuel filter', qty: 2 }] },
      { name: 'Insurance', category: 'renewal', everyTime: { count: 1, unit: 'years' } },
    ])
      await ok(o, 'POST', `/api/equipment/${e.id}/tasks`, body);
    // Readings over days, so each usage task has a forecast from the machine's usual rate.
    for (let i = 0; i < 4; i++) {
      await advance(o, 1);
      await ok(o, 'PATCH', `/api/equipment/${e.id}/usage`, { usageIncrease: 50 });
    }
    const page = await pageOf(o, e.id);
    const tasks = await get<unknown[]>(o.cookie, `/api/equipment/${e.id}/tasks`);
    expect(page.tasks).toEqual(tasks);
    expect(page.tasks.map((x) => [x.name, x.primary, x.status, x.next.usage])).toEqual([
      ['Service', true, 'approaching_service', 350],
      ['Fuel filters', false, 'good', 600],
      ['Insurance', false, 'good', null],
    ]);
    expect(page.tasks[0]!.forecastDate).not.toBeNull();
    expect(page.tasks[1]).toMatchObject({
      percentUsed: 40,
      parts: [{ partId: null, part: 'Fuel filter', qty: 2 }],
    });
    expect(page.tasks[2]!.next.date).not.toBeNull();
    // A machine without a schedule has no task.
    const bare = await createEquipmentViaApi(t.app, o.cookie, {
      currentUsage: 5,
      serviceInterval: 0,
    });
    expect((await pageOf(o, bare.id)).tasks).toEqual([]);
  });

  it('answers a retired machine too', async () => {
    const o = await signupOwner(t.app);
    const e = await createEquipmentViaApi(t.app, o.cookie);
    await ok(o, 'POST', `/api/equipment/${e.id}/retire`, { retirementNotes: 'Sold' });
    const page = await pageOf(o, e.id);
    expect(page.equipment.retiredAt).not.toBeNull();
  });
});
