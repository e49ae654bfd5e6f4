import { describe, expect, it } from 'vitest';
import {
  machinePageSchema,
  timelinePageSchema,
  type MachinePageDto,
  type TimelinePage,
} from '@domain/schemas/machine-page';
import { managerReadingResultSchema } from '@domain/schemas/manager-reading';
import {
  addSignedInUser,
  call,
  JPEG,
  createEquipmentViaApi,
  signInAgain,
  signInOperatorViaApi,
  signupOwner,
  type SignedIn,
} from '../../test/factories';
import { useTestApp } from '../../test/helpers';

/**
 * Issue 43, "one machine, one truth": what reaches the machine page. Operators' photos (a reported
 * problem's, a failed item's) and voided entries in the timeline's filters, a reading held for review,
 * the open work orders, work-order entries with their order, and a manager's meter reading.
 */

const START = new Date('2026-09-25T15:00:00Z');
const t = useTestApp({}, { start: START });

async function ok(o: SignedIn | string, method: 'POST' | 'PATCH', url: string, body: unknown) {
  const res = await call(t.app, typeof o === 'string' ? o : o.cookie, method, url, body);
  expect(res.statusCode, `${url}: ${res.body}`).toBeLessThan(300);
  return res;
}
const pageOf = async (o: SignedIn, id: string): Promise<MachinePageDto> => {
  const res = await call(t.app, o.cookie, 'GET', `/api/equipment/${id}/page`);
  expect(res.statusCode, res.body).toBe(200);
  return machinePageSchema.parse(res.json());
};
const timeline = async (o: SignedIn, id: string, kind?: string): Promise<TimelinePage> => {
  const res = await call(
    t.app,
    o.cookie,
    'GET',
    `/api/equipment/${id}/history?limit=20${kind ? `&kind=${kind}` : ''}`,
  );
  expect(res.statusCode, res.body).toBe(200);
  return timelinePageSchema.parse(res.json());
};
const post = (cookie: string, url: string, body: unknown, key?: string) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { cookie, ...(key ? { 'idempotency-key': key } : {}) },
    payload: body as object,
  });

describe('the machine page timeline (issue 43)', () => {
  it('"Photos" lists a reported problem’s and a failed item’s photo, each opening the defect’s photo', async () => {
    const owner = await signupOwner(t.app);
    const op = await signInOperatorViaApi(t.app, owner);
    const m = await createEquipmentViaApi(t.app, owner.cookie, {
      name: 'CAT 320',
      currentUsage: 100,
    });
    // A problem reported from the phone, its photo sent after it.
    expect(
      (await post(op, '/api/problem-reports', { equipmentId: m.id, problem: 'Hose leaking' }, 'r1'))
        .statusCode,
    ).toBe(201);
    await ok(op, 'POST', '/api/problem-reports/photo', { reportKey: 'r1', data: JPEG });
    // A checklist with two failed items, one of them with a photo; the label holds a comma.
    const tpl = await ok(owner, 'POST', '/api/inspection-templates', {
      name: 'Daily check',
      equipmentTypes: [m.type],
      daily: true,
      items: [
        { id: 'tires', label: 'Tires, front', kind: 'passFail', required: true, critical: false },
        { id: 'lights', label: 'Lights', kind: 'passFail', required: true, critical: false },
      ],
    });
    const sent = await post(
      op,
      '/api/inspections',
      {
        equipmentId: m.id,
        templateId: tpl.json<{ id: string }>().id,
        answers: [
          { itemId: 'tires', result: 'fail', note: 'Cut in the tread' },
          { itemId: 'lights', result: 'fail' },
        ],
      },
      'i1',
    );
    expect(sent.statusCode, sent.body).toBe(201);
    await ok(op, 'POST', '/api/inspections/photos', {
      inspectionKey: 'i1',
      itemId: 'tires',
      data: JPEG,
    });

    const photos = await timeline(owner, m.id, 'photo');
    expect(photos.entries.map((e) => [e.kind, e.params.item])).toEqual([
      ['defect_opened', 'Tires, front'],
      ['defect_opened', 'Hose leaking'],
    ]);
    for (const e of photos.entries) {
      expect(e.defectPhoto).not.toBeNull();
      const img = await call(t.app, owner.cookie, 'GET', `/api/defects/${e.defectPhoto}/photo`);
      expect(img.statusCode).toBe(200);
      expect(img.rawPayload.toString('base64')).toBe(JPEG);
    }
    // In every entry too, and only on the entries with a photo.
    const all = await timeline(owner, m.id);
    const lights = all.entries.find((e) => e.params.item === 'Lights');
    expect(lights?.defectPhoto).toBeNull();
    expect(all.entries.filter((e) => e.defectPhoto !== null)).toHaveLength(2);
    // An operator update's photo is a photo too.
    const upd = await post(op, '/api/operator-updates', { equipmentId: m.id, newUsage: 104 }, 'u1');
    expect(upd.statusCode, upd.body).toBe(201);
    await ok(op, 'POST', '/api/field/photos', { updateKey: 'u1', data: JPEG });
    const withUpdate = await timeline(owner, m.id, 'photo');
    expect(withUpdate.entries).toHaveLength(3);
    expect(withUpdate.entries[0]).toMatchObject({ kind: 'reading', hasPhoto: true });
  });

  it('"Voids" lists the voided entries', async () => {
    const o = await signupOwner(t.app);
    const m = await createEquipmentViaApi(t.app, o.cookie, { currentUsage: 10 });
    await ok(o, 'PATCH', `/api/equipment/${m.id}/usage`, { usageIncrease: 5 });
    await ok(o, 'PATCH', `/api/equipment/${m.id}/usage`, { usageIncrease: 500 });
    const wrong = (await timeline(o, m.id)).entries.find((e) => e.usage === 515);
    await ok(o, 'POST', `/api/equipment/${m.id}/history/${wrong!.id}/void`, { reason: 'Typo' });
    const voids = await timeline(o, m.id, 'void');
    expect(voids.entries.map((e) => [e.usage, e.voided?.reason])).toEqual([[515, 'Typo']]);
    expect(voids.nextCursor).toBeNull();
  });

  it('a work-order entry names its order (a link) and its total', async () => {
    const o = await signupOwner(t.app);
    const m = await createEquipmentViaApi(t.app, o.cookie, { currentUsage: 10 });
    const w = (
      await ok(o, 'POST', '/api/work-orders', {
        equipmentId: m.id,
        title: 'Replace hose',
        kind: 'repair',
        assigneeId: o.user.id,
      })
    ).json<{ id: string; number: number }>();
    await ok(o, 'POST', `/api/work-orders/${w.id}/complete`, { otherCost: 161 });
    const orders = await timeline(o, m.id, 'work_order');
    expect(orders.entries.length).toBeGreaterThan(0);
    for (const e of orders.entries)
      expect(e.workOrder).toMatchObject({ id: w.id, total: 161, status: 'done' });
    // Other entries link nowhere, and another company's order of the same number is not this one.
    const other = await signupOwner(t.app);
    const m2 = await createEquipmentViaApi(t.app, other.cookie);
    await ok(other, 'POST', '/api/work-orders', { equipmentId: m2.id, title: 'X', kind: 'other' });
    const mine = await timeline(o, m.id);
    expect(mine.entries.filter((e) => e.kind !== 'work_order').every((e) => !e.workOrder)).toBe(
      true,
    );
    const theirs = await timeline(other, m2.id, 'work_order');
    expect(theirs.entries[0]?.workOrder?.id).not.toBe(w.id);
  });
});

describe('the machine page shows (issue 43)', () => {
  it('a reading held for review, until it is approved', async () => {
    const owner = await signupOwner(t.app);
    const op = await signInOperatorViaApi(t.app, owner);
    const m = await createEquipmentViaApi(t.app, owner.cookie, { currentUsage: 600 });
    const held = await post(op, '/api/operator-updates', { equipmentId: m.id, newUsage: 667.5 });
    expect(held.statusCode, held.body).toBe(201);
    expect(held.json<{ status: string }>().status).toBe('pending');
    const page = await pageOf(owner, m.id);
    expect(page.pendingReadings).toMatchObject([
      { usage: 667.5, reason: 'implausible_reading', operatorName: expect.any(String) },
    ]);
    expect(page.equipment.currentUsage).toBe(600);
    await ok(owner, 'POST', `/api/operator-updates/${page.pendingReadings[0]!.id}/approve`, {});
    const after = await pageOf(owner, m.id);
    expect(after.pendingReadings).toEqual([]);
    expect(after.equipment.currentUsage).toBe(667.5);
  });

  it('the open work orders with their status and assignee, soonest due first', async () => {
    const o = await signupOwner(t.app);
    const tech = await addSignedInUser(t.deps.systemDb, 'technician', o.companyId, {
      firstName: 'Ana',
    });
    const m = await createEquipmentViaApi(t.app, o.cookie);
    const create = (body: object) =>
      ok(o, 'POST', '/api/work-orders', { equipmentId: m.id, kind: 'repair', ...body });
    await create({ title: 'Later', dueDate: '2026-10-20', vendor: 'Hydraulics Inc' });
    const soon = (
      await create({ title: 'Soon', dueDate: '2026-09-20', assigneeId: tech.userId })
    ).json<{ id: string }>();
    await ok(o, 'PATCH', `/api/work-orders/${soon.id}`, { status: 'in_progress' });
    const done = (await create({ title: 'Done' })).json<{ id: string }>();
    await ok(o, 'POST', `/api/work-orders/${done.id}/complete`, {});
    const page = await pageOf(o, m.id);
    expect(page.openWorkOrders.map((w) => [w.title, w.status, w.assignee, w.overdue])).toEqual([
      ['Soon', 'in_progress', 'Ana Test', true],
      ['Later', 'open', 'Hydraulics Inc', false],
    ]);
  });
});

describe('POST /api/equipment/:id/readings: a manager records the meter total (issue 43)', () => {
  const read = (o: { cookie: string }, id: string, body: object) =>
    call(t.app, o.cookie, 'POST', `/api/equipment/${id}/readings`, body);

  it('applies the total at its time, as a reading (not an increase), voidable', async () => {
    const o = await signupOwner(t.app);
    const m = await createEquipmentViaApi(t.app, o.cookie, { currentUsage: 100, unit: 'hours' });
    t.clock.advanceDays(2);
    o.cookie = await signInAgain(t.app, o);
    const takenAt = new Date(t.deps.now().getTime() - 3_600_000).toISOString();
    const res = await read(o, m.id, { newUsage: 112.5, takenAt });
    expect(res.statusCode, res.body).toBe(200);
    expect(managerReadingResultSchema.parse(res.json())).toMatchObject({
      currentUsage: 112.5,
      unusual: false,
    });
    const page = await pageOf(o, m.id);
    expect(page.equipment.currentUsage).toBe(112.5);
    expect(page.equipment.lastReadingAt).toBe(takenAt);
    const [entry] = (await timeline(o, m.id, 'reading')).entries;
    expect(entry).toMatchObject({
      createdAt: takenAt,
      usage: 112.5,
      previousUsage: 100,
      reading: 'reading',
      canVoid: true,
      text: 'Reading: 112.5 hours',
      params: { source: 'manager', total: true },
    });
    await ok(o, 'POST', `/api/equipment/${m.id}/history/${entry!.id}/void`, { reason: 'Wrong' });
    expect((await pageOf(o, m.id)).equipment.currentUsage).toBe(100);
  });

  it('refuses a total below the usage, a time in the future or before the last reading', async () => {
    const o = await signupOwner(t.app);
    const m = await createEquipmentViaApi(t.app, o.cookie, { currentUsage: 100, unit: 'miles' });
    const now = t.deps.now().getTime();
    const below = await read(o, m.id, { newUsage: 99, takenAt: new Date(now).toISOString() });
    expect(below.statusCode).toBe(400);
    expect(below.json()).toMatchObject({
      key: 'equipment.readingBelowCurrent',
      params: { reading: '99 miles', current: '100 miles' },
    });
    expect(below.json<{ fieldErrors: object }>().fieldErrors).toHaveProperty('newUsage');
    const future = await read(o, m.id, {
      newUsage: 120,
      takenAt: new Date(now + 3_600_000).toISOString(),
    });
    expect(future.json()).toMatchObject({ key: 'equipment.readingInFuture' });
    const before = await read(o, m.id, {
      newUsage: 120,
      takenAt: new Date(now - 3_600_000).toISOString(),
    });
    expect(before.statusCode).toBe(400);
    expect(before.json()).toMatchObject({ key: 'equipment.readingBeforeLast' });
    for (const body of [{ newUsage: -1, takenAt: new Date(now).toISOString() }, { newUsage: 5 }])
      expect((await read(o, m.id, body)).statusCode).toBe(400);
    // Nothing was written.
    expect((await pageOf(o, m.id)).equipment.currentUsage).toBe(100);
    expect((await timeline(o, m.id, 'reading')).entries).toEqual([]);
    // The dialog's time is to the minute: a time in the last reading's minute is read just after it.
    const sameMinute = await read(o, m.id, {
      newUsage: 101,
      takenAt: new Date(now - 30_000).toISOString(),
    });
    expect(sameMinute.statusCode, sameMinute.body).toBe(200);
    expect((await timeline(o, m.id, 'reading')).entries[0]?.createdAt).toBe(
      new Date(now).toISOString(),
    );
  });

  it('applies a reading the meter cannot do, flagged unusual (never held)', async () => {
    const o = await signupOwner(t.app);
    const m = await createEquipmentViaApi(t.app, o.cookie, { currentUsage: 100, unit: 'hours' });
    const res = await read(o, m.id, { newUsage: 400, takenAt: t.deps.now().toISOString() });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ currentUsage: 400, unusual: true });
    const page = await pageOf(o, m.id);
    expect(page.pendingReadings).toEqual([]);
    expect((await timeline(o, m.id, 'reading')).entries[0]?.text).toBe(
      'Reading: 400 hours · unusual, check',
    );
  });

  it('is for the machine company’s owners and managers, on an active machine', async () => {
    const o = await signupOwner(t.app);
    const m = await createEquipmentViaApi(t.app, o.cookie, { currentUsage: 100 });
    const body = { newUsage: 101, takenAt: t.deps.now().toISOString() };
    const other = await signupOwner(t.app);
    expect((await read(other, m.id, body)).statusCode).toBe(404);
    const op = await addSignedInUser(t.deps.systemDb, 'operator', o.companyId);
    expect((await read(op, m.id, body)).statusCode).toBe(403);
    const manager = await addSignedInUser(t.deps.systemDb, 'manager', o.companyId);
    expect((await read(manager, m.id, body)).statusCode).toBe(200);
    await ok(o, 'POST', `/api/equipment/${m.id}/retire`, { retirementNotes: 'Sold' });
    expect((await read(o, m.id, { ...body, newUsage: 102 })).statusCode).toBe(409);
  });
});
