import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type {
  EquipmentDto,
  HistoryRecordDto,
  RetiredEquipmentDto,
  ServiceEntryDto,
  ServiceLogDto,
} from '@domain/schemas/equipment';
import type {
  FuelExportRow,
  HistoryRecord,
  OperatorUpdateDto,
  SubmitOperatorUpdateResponse,
} from '@domain/schemas/operators';
import { company, equipmentNote } from '../../db/schema/index';
import {
  addSignedInUser,
  call,
  createEquipmentViaApi,
  type SignedIn,
  signInAgain,
  signupOwner,
  statusOf,
} from '../../test/factories';
import { useTestApp } from '../../test/helpers';

const START = new Date('2026-11-20T15:00:00Z');
const t = useTestApp({}, { start: START });

type Owner = SignedIn & { op: string };
/** A new company with an operator session. */
async function company_(): Promise<Owner> {
  const o = await signupOwner(t.app);
  const op = await addSignedInUser(t.deps.systemDb, 'operator', o.companyId, {
    firstName: 'Maria',
    now: t.deps.now(),
  });
  return { ...o, op: op.cookie };
}

/** Moves the app's clock and signs the owner and an operator in again (sessions expire by that clock). */
async function advance(o: Owner, days: number) {
  t.clock.advanceDays(days);
  o.cookie = await signInAgain(t.app, o);
  o.op = (
    await addSignedInUser(t.deps.systemDb, 'operator', o.companyId, {
      firstName: 'Maria',
      now: t.deps.now(),
    })
  ).cookie;
}

const get = async <T>(cookie: string, url: string) => {
  const res = await call(t.app, cookie, 'GET', url);
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json<T>();
};
const machine = (o: Owner, id: string) => get<EquipmentDto>(o.cookie, `/api/equipment/${id}`);
const historyOf = (o: Owner, id: string) =>
  get<HistoryRecordDto[]>(o.cookie, `/api/equipment/${id}/history`);

async function submit(o: Owner, body: Record<string, unknown>, key?: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/operator-updates',
    headers: { cookie: o.op, ...(key ? { 'idempotency-key': key } : {}) },
    payload: body,
  });
  return res;
}

describe('retire keeps the record; restore; Delete Forever', () => {
  it('keeps every note, reading, fuel entry and service of a retired machine in history and exports', async () => {
    const o = await company_();
    const e = await createEquipmentViaApi(t.app, o.cookie, { name: 'Retire me', currentUsage: 10 });
    const other = await createEquipmentViaApi(t.app, o.cookie, { name: 'Stays', currentUsage: 5 });
    expect(
      (await submit(o, { equipmentId: e.id, newUsage: 14, fuelAdded: 7.5, fuelType: 'diesel' }))
        .statusCode,
    ).toBe(201);
    // A minute later: the fuel export is newest first, and entries of one instant are in id order.
    t.clock.set(new Date(START.getTime() + 60_000));
    expect((await submit(o, { equipmentId: other.id, fuelAdded: 2 })).statusCode).toBe(201);
    await call(t.app, o.cookie, 'POST', `/api/equipment/${e.id}/notes`, { content: 'Leaks oil' });
    await call(t.app, o.cookie, 'PATCH', `/api/equipment/${e.id}/reset-service`, {
      cost: 120.5,
      parts: [{ part: 'Filter', qty: 2 }],
    });
    const before = await historyOf(o, e.id);
    const res = await call(t.app, o.cookie, 'POST', `/api/equipment/${e.id}/retire`, {
      retirementNotes: 'Sold',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<RetiredEquipmentDto>()).toMatchObject({ id: e.id, finalUsage: 14 });

    // Its history is whole, plus the retirement entry.
    const after = await historyOf(o, e.id);
    expect(after.map((h) => h.id)).toEqual(expect.arrayContaining(before.map((h) => h.id)));
    expect(after[0]).toMatchObject({
      noteType: 'retired',
      kind: 'retired',
      params: { remark: 'Sold' },
      text: 'Retired · Sold',
    });
    expect(after.every((h) => !h.canVoid)).toBe(true);

    const hist = await get<HistoryRecord[]>(o.cookie, '/api/equipment-history/export');
    const mine = hist.filter((h) => h.equipmentId === e.id);
    expect(mine).toHaveLength(after.length);
    expect(mine.every((h) => h.retired)).toBe(true);
    expect(hist.filter((h) => h.equipmentId === other.id).every((h) => !h.retired)).toBe(true);
    expect(mine.find((h) => h.noteType === 'maintenance')?.service).toMatchObject({
      cost: 120.5,
      parts: [{ part: 'Filter', qty: 2, partNumber: null }],
    });
    expect(mine.find((h) => h.operatorUpdateId)).toMatchObject({
      fuelAdded: 7.5,
      fuelType: 'diesel',
    });

    const fuel = await get<FuelExportRow[]>(o.cookie, '/api/fuel-usage/export');
    expect(fuel.map((f) => [f.equipmentName, f.fuelAdded, f.retired])).toEqual([
      ['Stays', 2, false],
      ['Retire me', 7.5, true],
    ]);
    const services = await get<ServiceEntryDto[]>(o.cookie, '/api/service-entries/export');
    expect(services.map((s) => [s.equipmentName, s.cost, s.retired])).toEqual([
      ['Retire me', 120.5, true],
    ]);

    // The active fleet's fuel summary counts active machines only; a fuel reset leaves the retired one's totals.
    const summary = await get<{ total: number }>(o.cookie, '/api/dashboard/fuel-summary');
    expect(summary.total).toBe(2);
    await call(t.app, o.cookie, 'POST', '/api/fuel/reset');
    const retired = await get<RetiredEquipmentDto[]>(o.cookie, '/api/retired-equipment');
    expect(retired.map((r) => [r.name, r.totalFuelUsed, r.totalDieselUsed])).toEqual([
      ['Retire me', 7.5, 7.5],
    ]);

    // Not in the active lists, not for operators, no writes but restore and Delete Forever.
    expect((await get<EquipmentDto[]>(o.cookie, '/api/equipment')).map((x) => x.name)).toEqual([
      'Stays',
    ]);
    expect((await submit(o, { equipmentId: e.id, newUsage: 20 })).statusCode).toBe(404);
    for (const [method, url, body] of [
      ['PATCH', `/api/equipment/${e.id}`, { description: 'x' }],
      ['PATCH', `/api/equipment/${e.id}/usage`, { usageIncrease: 1 }],
      ['PATCH', `/api/equipment/${e.id}/reset-service`, {}],
      ['POST', `/api/equipment/${e.id}/notes`, { content: 'x' }],
      ['POST', `/api/equipment/${e.id}/retire`, {}],
    ] as const) {
      const r = await call(t.app, o.cookie, method, url, body);
      expect([url, r.statusCode, r.json().key]).toEqual([url, 409, 'equipment.isRetired']);
    }
  });

  it('restores within the plan limit only, and writes both to history', async () => {
    const o = await company_();
    await t.deps.systemDb
      .update(company)
      .set({ equipmentLimit: 1 })
      .where(eq(company.id, o.companyId));
    const a = await createEquipmentViaApi(t.app, o.cookie, { name: 'A' });
    await call(t.app, o.cookie, 'POST', `/api/equipment/${a.id}/retire`, {});
    const b = await createEquipmentViaApi(t.app, o.cookie, { name: 'B' });
    const refused = await call(t.app, o.cookie, 'POST', `/api/retired-equipment/${a.id}/restore`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'plan_limit',
      key: 'equipment.restorePlanLimit',
      params: { limit: 1 },
    });
    expect((await get<RetiredEquipmentDto[]>(o.cookie, '/api/retired-equipment')).length).toBe(1);
    await call(t.app, o.cookie, 'POST', `/api/equipment/${b.id}/retire`, {});
    const ok = await call(t.app, o.cookie, 'POST', `/api/retired-equipment/${a.id}/restore`);
    expect(ok.statusCode).toBe(200);
    expect(ok.json<EquipmentDto>()).toMatchObject({ id: a.id, retiredAt: null });
    expect((await historyOf(o, a.id)).slice(0, 2).map((h) => h.noteType)).toEqual([
      'restored',
      'retired',
    ]);
    const again = await call(t.app, o.cookie, 'POST', `/api/retired-equipment/${a.id}/restore`);
    expect([again.statusCode, again.json().key]).toEqual([409, 'equipment.notRetired']);
    // Another company's machine is not found; operators may not.
    const stranger = await company_();
    expect(
      (await call(t.app, stranger.cookie, 'POST', `/api/retired-equipment/${b.id}/restore`))
        .statusCode,
    ).toBe(404);
    expect(await statusOf(t.app, o.op, 'POST', `/api/retired-equipment/${b.id}/restore`)).toBe(403);
  });

  it('Delete Forever (active or retired) is the one call that removes history', async () => {
    const o = await company_();
    const e = await createEquipmentViaApi(t.app, o.cookie, {});
    await call(t.app, o.cookie, 'POST', `/api/equipment/${e.id}/notes`, { content: 'n' });
    await call(t.app, o.cookie, 'POST', `/api/equipment/${e.id}/retire`, {});
    const notes = async () =>
      Number(
        (
          await t.deps.systemDb
            .select({ n: count() })
            .from(equipmentNote)
            .where(eq(equipmentNote.equipmentId, e.id))
        )[0]?.n,
      );
    expect(await notes()).toBe(3);
    expect(await statusOf(t.app, o.cookie, 'DELETE', `/api/equipment/${e.id}`)).toBe(200);
    expect(await notes()).toBe(0);
    expect(await statusOf(t.app, o.cookie, 'GET', `/api/equipment/${e.id}/history`)).toBe(404);
  });
});

describe('service entries', () => {
  it('records date, usage, parts, cost and who; the latest service drives status and the next date', async () => {
    const o = await company_();
    const e = await createEquipmentViaApi(t.app, o.cookie, {
      currentUsage: 300,
      serviceInterval: 250,
      lastServiceUsage: 0,
      hasScheduledMaintenance: true,
      maintenanceStartDate: '2026-01-01',
      maintenanceInterval: 3,
      maintenanceIntervalUnit: 'months',
      serviceParts: [{ part: 'Oil filter', partNumber: 'OF-1', qty: 1 }],
    });
    expect(e.status.serviceStatus).toBe('overdue');
    expect(e.nextMaintenanceDate).toBe('2026-04-01');

    // Back-dated service at an earlier reading.
    const res = await call(t.app, o.cookie, 'PATCH', `/api/equipment/${e.id}/reset-service`, {
      serviceDate: '2026-11-10',
      usage: 280,
      parts: [{ part: 'Oil filter', partNumber: 'OF-1', qty: 2 }],
      cost: '85.40',
      performedBy: 'Joe’s Garage',
      notes: 'Oil and filter',
    });
    expect(res.statusCode, res.body).toBe(200);
    const served = res.json<EquipmentDto>();
    expect(served).toMatchObject({
      lastServiceUsage: 280,
      lastServiceDate: '2026-11-10',
      nextMaintenanceDate: '2027-02-10',
    });
    expect(served.status.serviceStatus).toBe('good');

    // An older back-dated service is logged but moves nothing.
    await call(t.app, o.cookie, 'PATCH', `/api/equipment/${e.id}/reset-service`, {
      serviceDate: '2026-06-01',
      usage: 150,
      cost: 10,
    });
    expect(await machine(o, e.id)).toMatchObject({
      lastServiceUsage: 280,
      lastServiceDate: '2026-11-10',
      nextMaintenanceDate: '2027-02-10',
    });

    // An unrelated edit never moves the date back; a new interval counts from the last service.
    const edited = await call(t.app, o.cookie, 'PATCH', `/api/equipment/${e.id}`, {
      description: 'Blue',
    });
    expect(edited.json<EquipmentDto>()).toMatchObject({
      nextMaintenanceDate: '2027-02-10',
      status: { serviceStatus: 'good' },
    });
    const interval = await call(t.app, o.cookie, 'PATCH', `/api/equipment/${e.id}`, {
      maintenanceInterval: 1,
    });
    expect(interval.json<EquipmentDto>().nextMaintenanceDate).toBe('2026-12-10');
    const change = (await historyOf(o, e.id))[0]!;
    expect(change.noteType).toBe('change');
    expect(change.changes).toEqual(
      expect.arrayContaining([
        { field: 'maintenanceInterval', from: 3, to: 1 },
        { field: 'nextMaintenanceDate', from: '2027-02-10', to: '2026-12-10' },
      ]),
    );

    const log = await get<ServiceLogDto>(o.cookie, `/api/equipment/${e.id}/services`);
    expect(log.entries.map((s) => [s.serviceDate, s.usage, s.cost, s.performedBy])).toEqual([
      ['2026-11-10', 280, 85.4, 'Joe’s Garage'],
      ['2026-06-01', 150, 10, null],
    ]);
    expect(log.entries[0]!.parts).toEqual([{ part: 'Oil filter', partNumber: 'OF-1', qty: 2 }]);
    expect(log.totalCost).toBe(95.4);
    // No reading since it was added: no usage tracked, no cost per hour.
    expect([log.usageTracked, log.costPerUnit]).toEqual([0, null]);
    await call(t.app, o.cookie, 'PATCH', `/api/equipment/${e.id}/usage`, { usageIncrease: 100 });
    const later = await get<ServiceLogDto>(o.cookie, `/api/equipment/${e.id}/services`);
    expect([later.usageTracked, later.costPerUnit, later.unit]).toEqual([100, 0.954, 'hours']);
  });

  it('defaults to today in the company time zone and the current usage; refuses the future and a higher usage', async () => {
    const o = await company_();
    await t.deps.systemDb
      .update(company)
      .set({ timeZone: 'America/Chicago' })
      .where(eq(company.id, o.companyId));
    const e = await createEquipmentViaApi(t.app, o.cookie, { currentUsage: 40 });
    // 2026-11-20T15:00Z is the 20th in Chicago; at 03:00Z on the 21st it is still the 20th there.
    t.clock.set(new Date('2026-11-21T03:00:00Z'));
    o.cookie = await signInAgain(t.app, o);
    try {
      const future = await call(t.app, o.cookie, 'PATCH', `/api/equipment/${e.id}/reset-service`, {
        serviceDate: '2026-11-21',
      });
      expect(future.statusCode).toBe(400);
      expect(future.json()).toMatchObject({
        key: 'equipment.serviceDateFuture',
        fieldErrors: { serviceDate: 'The service date cannot be in the future' },
      });
      const higher = await call(t.app, o.cookie, 'PATCH', `/api/equipment/${e.id}/reset-service`, {
        usage: 41,
      });
      expect(higher.json()).toMatchObject({
        key: 'equipment.serviceUsageAbove',
        params: { current: 40 },
      });
      const bad = await call(t.app, o.cookie, 'PATCH', `/api/equipment/${e.id}/reset-service`, {
        cost: -1,
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().fieldErrors).toMatchObject({ cost: 'Cost must be 0 or more' });
      expect(
        (await get<ServiceLogDto>(o.cookie, `/api/equipment/${e.id}/services`)).entries,
      ).toEqual([]);
      const ok = await call(t.app, o.cookie, 'PATCH', `/api/equipment/${e.id}/reset-service`);
      expect(ok.json<EquipmentDto>()).toMatchObject({
        lastServiceDate: '2026-11-20',
        lastServiceUsage: 40,
      });
    } finally {
      t.clock.set(START);
    }
  });
});

describe('void a wrong reading', () => {
  it('replays usage from the remaining readings, takes the fuel off, keeps the entry marked', async () => {
    const o = await company_();
    const e = await createEquipmentViaApi(t.app, o.cookie, {
      currentUsage: 100,
      serviceInterval: 100,
      lastServiceUsage: 100,
    });
    await advance(o, 1);
    const wrong = (
      await submit(o, { equipmentId: e.id, newUsage: 120, fuelAdded: 30, fuelType: 'gas' })
    ).json<SubmitOperatorUpdateResponse>();
    expect(wrong.status).toBe('applied');
    await call(t.app, o.cookie, 'PATCH', `/api/equipment/${e.id}/usage`, { usageIncrease: 5 });
    await advance(o, 1);
    expect((await machine(o, e.id)).currentUsage).toBe(125);

    // Void the operator's reading through the history: 100 + the later increase of 5.
    const entry = (await historyOf(o, e.id)).find((h) => h.operatorUpdateId === wrong.update.id)!;
    expect(entry).toMatchObject({ canVoid: true, reading: 'reading', previousUsage: 100 });
    const missing = await call(
      t.app,
      o.cookie,
      'POST',
      `/api/equipment/${e.id}/history/${entry.id}/void`,
      { reason: '  ' },
    );
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fieldErrors).toMatchObject({
      reason: 'Please say why this reading is wrong',
    });
    const res = await call(
      t.app,
      o.cookie,
      'POST',
      `/api/equipment/${e.id}/history/${entry.id}/void`,
      {
        reason: 'Typed 120 for 102',
      },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<HistoryRecordDto>()).toMatchObject({
      canVoid: false,
      voided: { reason: 'Typed 120 for 102', by: expect.any(String) },
    });
    const after = await machine(o, e.id);
    expect([after.currentUsage, after.totalFuelUsed, after.totalGasUsed]).toEqual([105, 0, 0]);
    expect(after.status.serviceStatus).toBe('good');
    const updates = await get<OperatorUpdateDto[]>(o.cookie, '/api/operator-updates');
    expect(updates.find((u) => u.id === wrong.update.id)?.voided?.reason).toBe('Typed 120 for 102');
    expect((await get<FuelExportRow[]>(o.cookie, '/api/fuel-usage/export')).length).toBe(0);
    const again = await call(
      t.app,
      o.cookie,
      'POST',
      `/api/operator-updates/${wrong.update.id}/void`,
      {
        reason: 'again',
      },
    );
    expect([again.statusCode, again.json().key]).toEqual([409, 'equipment.alreadyVoided']);
    // The entry is still there, marked.
    expect((await historyOf(o, e.id)).find((h) => h.id === entry.id)?.voided).not.toBeNull();

    // Void the increase: back to 100. The value it was added with cannot be voided.
    const hist = await historyOf(o, e.id);
    const inc = hist.find((h) => h.reading === 'increase')!;
    await call(t.app, o.cookie, 'POST', `/api/equipment/${e.id}/history/${inc.id}/void`, {
      reason: 'Double entry',
    });
    expect((await machine(o, e.id)).currentUsage).toBe(100);
    const initial = hist.find((h) => h.reading === 'initial')!;
    const refused = await call(
      t.app,
      o.cookie,
      'POST',
      `/api/equipment/${e.id}/history/${initial.id}/void`,
      { reason: 'x' },
    );
    expect([refused.statusCode, refused.json().key]).toEqual([400, 'equipment.notVoidable']);
  });

  it('a later absolute reading still counts; fuel-only updates void through the operator update', async () => {
    const o = await company_();
    const e = await createEquipmentViaApi(t.app, o.cookie, { currentUsage: 10 });
    await advance(o, 1);
    const first = (
      await submit(o, { equipmentId: e.id, newUsage: 18 })
    ).json<SubmitOperatorUpdateResponse>();
    await advance(o, 1);
    await submit(o, { equipmentId: e.id, newUsage: 25 });
    const fuelOnly = (
      await submit(o, { equipmentId: e.id, fuelAdded: 12.25, fuelType: 'diesel' })
    ).json<SubmitOperatorUpdateResponse>();
    const v = await call(t.app, o.cookie, 'POST', `/api/operator-updates/${first.update.id}/void`, {
      reason: 'wrong machine',
    });
    expect(v.statusCode, v.body).toBe(200);
    expect(v.json<OperatorUpdateDto>().voided?.reason).toBe('wrong machine');
    expect((await machine(o, e.id)).currentUsage).toBe(25);
    expect((await machine(o, e.id)).totalDieselUsed).toBe(12.25);
    await call(t.app, o.cookie, 'POST', `/api/operator-updates/${fuelOnly.update.id}/void`, {
      reason: 'not ours',
    });
    expect(await machine(o, e.id)).toMatchObject({
      currentUsage: 25,
      totalDieselUsed: 0,
      totalFuelUsed: 0,
    });

    // Tenancy and roles.
    const stranger = await company_();
    expect(
      await statusOf(
        t.app,
        stranger.cookie,
        'POST',
        `/api/operator-updates/${first.update.id}/void`,
        {
          reason: 'x',
        },
      ),
    ).toBe(404);
    const entry = (await historyOf(o, e.id))[0]!;
    expect(
      await statusOf(
        t.app,
        stranger.cookie,
        'POST',
        `/api/equipment/${e.id}/history/${entry.id}/void`,
        {
          reason: 'x',
        },
      ),
    ).toBe(404);
    expect(
      await statusOf(t.app, o.op, 'POST', `/api/operator-updates/${first.update.id}/void`, {
        reason: 'x',
      }),
    ).toBe(403);
  });
});

describe('plausibility by the machine’s own rate', () => {
  it('applies and flags a jump far above the usual daily usage; holds only what the meter cannot do', async () => {
    const o = await company_();
    const e = await createEquipmentViaApi(t.app, o.cookie, { currentUsage: 0 });
    // About 2 hours a day for a week.
    for (let day = 1; day <= 7; day++) {
      await advance(o, 1);
      const r = (
        await submit(o, { equipmentId: e.id, newUsage: day * 2 })
      ).json<SubmitOperatorUpdateResponse>();
      expect(r.status).toBe('applied');
    }
    await advance(o, 1);
    // 5 hours in a day: under the floor (25 % of 24 h), applied without looking at the rate.
    expect(
      (await submit(o, { equipmentId: e.id, newUsage: 19 })).json<SubmitOperatorUpdateResponse>()
        .status,
    ).toBe('applied');
    await advance(o, 1);
    // 20 hours in a day: physically possible, but ten times its usual rate: applied at once and
    // flagged for a manager to check (issue 24), its history entry marked unusual.
    const flagged = (
      await submit(o, { equipmentId: e.id, newUsage: 39 })
    ).json<SubmitOperatorUpdateResponse>();
    expect([flagged.status, flagged.update.reason, flagged.update.unusual]).toEqual([
      'applied',
      'unusual_reading',
      true,
    ]);
    expect((await machine(o, e.id)).currentUsage).toBe(39);
    const [entry] = await t.deps.systemDb
      .select()
      .from(equipmentNote)
      .where(eq(equipmentNote.operatorUpdateId, flagged.update.id));
    expect(entry?.params).toMatchObject({ source: 'operator', usage: 39, unusual: true });
    // 30 more hours in a day is beyond the meter: held as implausible.
    const impossible = (
      await submit(o, { equipmentId: e.id, newUsage: 69 })
    ).json<SubmitOperatorUpdateResponse>();
    expect([impossible.status, impossible.update.reason]).toEqual([
      'pending',
      'implausible_reading',
    ]);

    // A new machine has no rate: only the physical maximum applies.
    const fresh = await createEquipmentViaApi(t.app, o.cookie, { currentUsage: 0 });
    await advance(o, 1);
    expect(
      (
        await submit(o, { equipmentId: fresh.id, newUsage: 20 })
      ).json<SubmitOperatorUpdateResponse>().status,
    ).toBe('applied');
  });
});
