import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EquipmentDto, HistoryRecordDto, NoteDto, RetiredEquipmentDto } from '../../../../domain/schemas/equipment';
import { company, equipment, equipmentNote } from '../../db/schema/index';
import { call, createEquipmentViaApi, sessionForRole, signInAgain, signupOwner, type SignedIn } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/helpers';

let t: TestApp;
let owner: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(new Date('2026-11-20T15:00:00Z'));
  owner = await signupOwner(t.app);
});
afterAll(async () => {
  await t?.close();
});

const fresh = async () => signupOwner(t.app);
const unlimited = async (companyId: string) => t.deps.db.update(company).set({ equipmentLimit: -1 }).where(eq(company.id, companyId));

describe('POST /api/equipment', () => {
  it('creates with the save defaults and the computed status and next date', async () => {
    const res = await call(t.app, owner.cookie, 'POST', '/api/equipment', {
      name: '  Excavator 1 ',
      type: 'machinery',
      unit: 'hours',
      currentUsage: 1200.5,
      serviceInterval: 250,
      hasScheduledMaintenance: true,
      maintenanceStartDate: '2026-01-31',
      maintenanceInterval: 1,
      maintenanceIntervalUnit: 'months',
      nextMaintenanceDate: '1999-01-01',
      serviceParts: [{ part: 'Oil filter', partNumber: 'OF-1', qty: 2 }, { part: '   ', qty: 1 }],
    });
    expect(res.statusCode).toBe(201);
    const e = res.json<EquipmentDto>();
    expect(e).toMatchObject({
      name: 'Excavator 1',
      currentUsage: 1200.5,
      lastServiceUsage: 1200.5, // takes current usage when an interval is given without a last service
      fuelType: 'n/a',
      alertThreshold: 20,
      threshold: null,
      serialNumber: null,
      nextMaintenanceDate: '2026-02-28', // computed on the server, month-end safe; the client's value is ignored
      serviceParts: [{ part: 'Oil filter', partNumber: 'OF-1', qty: 2 }],
    });
    expect(e.status).toMatchObject({ serviceStatus: 'overdue', slug: 'overdue', hasSchedule: true, nextServiceUsage: 1450.5, remainingUsage: 250, severelyCritical: true });
    expect(e.dateAdded).toBe('2026-11-20T15:00:00.000Z');
  });

  it('answers each validation rule with the spec message', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ type: 'vehicle', unit: 'miles' }, 'Name is required'],
      [{ name: 'X', unit: 'miles' }, 'Type is required'],
      [{ name: 'X', type: 'vehicle' }, 'Unit is required'],
      [{ name: 'X', type: 'vehicle', unit: 'miles', hasScheduledMaintenance: true, maintenanceInterval: 3 }, 'Maintenance start date is required when scheduled maintenance is enabled'],
      [{ name: 'X', type: 'vehicle', unit: 'miles', hasScheduledMaintenance: true, maintenanceStartDate: '2026-01-01' }, 'Maintenance interval is required when scheduled maintenance is enabled'],
      [{ name: 'X', type: 'vehicle', unit: 'miles', serviceParts: [{ part: 'Belt', qty: 0 }] }, 'Quantity must be at least 1'],
      [{ name: 'X', type: 'vehicle', unit: 'miles', currentUsage: -1 }, 'Current usage must be 0 or more'],
      [{ name: 'X', type: 'vehicle', unit: 'miles', threshold: 0.5 }, 'Lifespan must be at least 1'],
      [{ name: 'X', type: 'vehicle', unit: 'miles', alertThreshold: 30 }, 'Alert threshold must be 10, 15, 20 or 25'],
      [{ name: 'X', type: 'vehicle', unit: 'miles', hasScheduledMaintenance: true, maintenanceStartDate: '1899-12-31', maintenanceInterval: 1 }, 'Maintenance start date cannot be before 1900-01-01'],
      [{ name: 'X', type: 'vehicle', unit: 'miles', hasScheduledMaintenance: true, maintenanceStartDate: '2026-01-01', maintenanceInterval: '1.5' }, 'Maintenance interval must be a positive whole number'],
    ];
    for (const [body, message] of cases) {
      const res = await call(t.app, owner.cookie, 'POST', '/api/equipment', body);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });

  it('needs a session (401) and the owner or manager role (operator 403)', async () => {
    expect((await call(t.app, null, 'POST', '/api/equipment', { name: 'X', type: 'tools', unit: 'n/a' })).statusCode).toBe(401);
    const op = await sessionForRole(t.deps.db, owner.companyId, 'operator');
    expect((await call(t.app, op.cookie, 'POST', '/api/equipment', { name: 'X', type: 'tools', unit: 'n/a' })).statusCode).toBe(403);
    const mgr = await sessionForRole(t.deps.db, owner.companyId, 'manager');
    expect((await call(t.app, mgr.cookie, 'POST', '/api/equipment', { name: 'Mgr tool', type: 'tools', unit: 'n/a' })).statusCode).toBe(201);
  });
});

describe('plan limit', () => {
  it('refuses the 16th machine on a 15 plan with 403 plan_limit', async () => {
    const o = await fresh();
    for (let i = 0; i < 15; i++) await createEquipmentViaApi(t.app, o.cookie, { name: `M${i}` });
    const res = await call(t.app, o.cookie, 'POST', '/api/equipment', { name: 'One too many', type: 'tools', unit: 'n/a' });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('plan_limit');
    expect(res.json().message).toMatch(/upgrade your plan or remove equipment/);
    const count = await call(t.app, o.cookie, 'GET', '/api/equipment/count');
    expect(count.json()).toEqual({ count: 15, limit: 15 });
  });

  it('holds under concurrency: ten simultaneous adds at 14 of 15 leave exactly 15', async () => {
    const o = await fresh();
    for (let i = 0; i < 14; i++) await createEquipmentViaApi(t.app, o.cookie, { name: `M${i}` });
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => call(t.app, o.cookie, 'POST', '/api/equipment', { name: `Race ${i}`, type: 'tools', unit: 'n/a' })),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 403)).toHaveLength(9);
    expect((await call(t.app, o.cookie, 'GET', '/api/equipment/count')).json().count).toBe(15);
  });

  it('-1 means unlimited', async () => {
    const o = await fresh();
    await t.deps.db.update(company).set({ equipmentLimit: 1 }).where(eq(company.id, o.companyId));
    await createEquipmentViaApi(t.app, o.cookie);
    expect((await call(t.app, o.cookie, 'POST', '/api/equipment', { name: 'B', type: 'tools', unit: 'n/a' })).statusCode).toBe(403);
    await unlimited(o.companyId);
    expect((await call(t.app, o.cookie, 'POST', '/api/equipment', { name: 'B', type: 'tools', unit: 'n/a' })).statusCode).toBe(201);
  });
});

describe('GET /api/equipment', () => {
  it('lists only the company\'s machines, filters by status, type and search; operators may list', async () => {
    const o = await fresh();
    const other = await fresh();
    await createEquipmentViaApi(t.app, other.cookie, { name: 'Not mine' });
    await createEquipmentViaApi(t.app, o.cookie, { name: 'Good truck', type: 'vehicle', unit: 'miles', currentUsage: 10, serviceInterval: 100, lastServiceUsage: 0 });
    await createEquipmentViaApi(t.app, o.cookie, { name: 'Due loader', currentUsage: 105, serviceInterval: 100, lastServiceUsage: 0 });
    await createEquipmentViaApi(t.app, o.cookie, { name: 'Soon drill', type: 'tools', serialNumber: 'ZX-9', hasScheduledMaintenance: true, maintenanceStartDate: '2026-11-20', maintenanceInterval: 5, maintenanceIntervalUnit: 'days', serviceInterval: 0 });
    const all = (await call(t.app, o.cookie, 'GET', '/api/equipment')).json<EquipmentDto[]>();
    expect(all.map((e) => e.name)).toEqual(['Due loader', 'Good truck', 'Soon drill']);
    const names = async (qs: string) => (await call(t.app, o.cookie, 'GET', `/api/equipment?${qs}`)).json<EquipmentDto[]>().map((e) => e.name);
    expect(await names('status=due')).toEqual(['Due loader']);
    expect(await names('status=time_for_service')).toEqual(['Due loader']);
    expect(await names('status=approaching')).toEqual(['Soon drill']);
    expect(await names('status=good')).toEqual(['Good truck']);
    expect(await names('status=all&type=vehicle')).toEqual(['Good truck']);
    expect(await names('search=zx-')).toEqual(['Soon drill']);
    expect(await names('search=100%25')).toEqual([]);
    const op = await sessionForRole(t.deps.db, o.companyId, 'operator');
    expect((await call(t.app, op.cookie, 'GET', '/api/equipment')).json<EquipmentDto[]>()).toHaveLength(3);
    expect((await call(t.app, null, 'GET', '/api/equipment')).statusCode).toBe(401);
  });

  it('runs a fixed number of SQL queries for 2,000 machines', async () => {
    const o = await fresh();
    await unlimited(o.companyId);
    await createEquipmentViaApi(t.app, o.cookie, { name: 'First' });
    const measure = async () => {
      const before = t.database.queryCount.value;
      const res = await call(t.app, o.cookie, 'GET', '/api/equipment');
      expect(res.statusCode).toBe(200);
      return { queries: t.database.queryCount.value - before, n: res.json<EquipmentDto[]>().length };
    };
    const small = await measure();
    expect(small.n).toBe(1);
    for (let chunk = 0; chunk < 4; chunk++) {
      await t.deps.db.insert(equipment).values(
        Array.from({ length: 500 }, (_, i) => ({ companyId: o.companyId, name: `Bulk ${chunk}-${i}`, type: 'vehicle', unit: 'miles', currentUsage: i * 10, serviceInterval: 1000 })),
      );
    }
    const big = await measure();
    expect(big.n).toBe(2001);
    expect(big.queries).toBe(small.queries);
    expect(big.queries).toBeLessThanOrEqual(3);
  });
});

describe('one record: get, edit, delete; tenancy', () => {
  it('gets, edits (lowering usage is written to history), turns scheduling off, deletes', async () => {
    const e = await createEquipmentViaApi(t.app, owner.cookie, { name: 'Edit me', currentUsage: 500, hasScheduledMaintenance: true, maintenanceStartDate: '2026-11-01', maintenanceInterval: 2, maintenanceIntervalUnit: 'years' });
    expect(e.nextMaintenanceDate).toBe('2028-11-01');
    const got = await call(t.app, owner.cookie, 'GET', `/api/equipment/${e.id}`);
    expect(got.json<EquipmentDto>().name).toBe('Edit me');

    const patched = await call(t.app, owner.cookie, 'PATCH', `/api/equipment/${e.id}`, { currentUsage: 450, description: 'Fixed meter', hasScheduledMaintenance: false });
    expect(patched.statusCode).toBe(200);
    expect(patched.json<EquipmentDto>()).toMatchObject({ currentUsage: 450, description: 'Fixed meter', hasScheduledMaintenance: false, maintenanceInterval: null, maintenanceStartDate: null, nextMaintenanceDate: null, name: 'Edit me' });
    const hist = (await call(t.app, owner.cookie, 'GET', `/api/equipment/${e.id}/history`)).json<HistoryRecordDto[]>();
    expect(hist[0]).toMatchObject({ type: 'update', noteType: 'usage_update', usage: 450, equipmentName: 'Edit me' });
    expect(hist[0]!.content).toMatch(/500 to 450/);

    const bad = await call(t.app, owner.cookie, 'PATCH', `/api/equipment/${e.id}`, { hasScheduledMaintenance: true });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Maintenance start date is required when scheduled maintenance is enabled');

    expect((await call(t.app, owner.cookie, 'DELETE', `/api/equipment/${e.id}`)).statusCode).toBe(200);
    expect((await call(t.app, owner.cookie, 'GET', `/api/equipment/${e.id}`)).statusCode).toBe(404);
    const notes = await t.deps.db.select().from(equipmentNote).where(eq(equipmentNote.equipmentId, e.id));
    expect(notes).toHaveLength(0); // notes go with their equipment
  });

  it('another company\'s id is a 404 on every call, and operators get 403 on every write', async () => {
    const e = await createEquipmentViaApi(t.app, owner.cookie, { name: 'Private' });
    const other = await fresh();
    const op = await sessionForRole(t.deps.db, owner.companyId, 'operator');
    const calls: [string, string, unknown?][] = [
      ['GET', `/api/equipment/${e.id}`],
      ['PATCH', `/api/equipment/${e.id}`, { name: 'Hacked' }],
      ['DELETE', `/api/equipment/${e.id}`],
      ['PATCH', `/api/equipment/${e.id}/usage`, { usageIncrease: 5 }],
      ['GET', `/api/equipment/${e.id}/notes`],
      ['POST', `/api/equipment/${e.id}/notes`, { content: 'x' }],
      ['POST', `/api/equipment/${e.id}/retire`, {}],
      ['PATCH', `/api/equipment/${e.id}/reset-service`],
      ['GET', `/api/equipment/${e.id}/history`],
    ];
    for (const [method, url, body] of calls) {
      const m = method as 'GET' | 'POST' | 'PATCH' | 'DELETE';
      expect((await call(t.app, other.cookie, m, url, body)).statusCode, `${method} ${url} other company`).toBe(404);
      expect((await call(t.app, op.cookie, m, url, body)).statusCode, `${method} ${url} operator`).toBe(403);
      expect((await call(t.app, null, m, url, body)).statusCode, `${method} ${url} signed out`).toBe(401);
    }
    for (const url of ['/api/equipment/count', '/api/retired-equipment']) {
      expect((await call(t.app, op.cookie, 'GET', url)).statusCode).toBe(403);
    }
    expect((await call(t.app, owner.cookie, 'GET', '/api/equipment/not-a-uuid')).statusCode).toBe(404);
    expect((await call(t.app, owner.cookie, 'GET', `/api/equipment/${e.id}`)).json().name).toBe('Private');
  });
});

describe('usage, notes, service, history', () => {
  it('adds usage with SQL arithmetic (concurrent increases are never lost) and writes history', async () => {
    const e = await createEquipmentViaApi(t.app, owner.cookie, { name: 'Usage', currentUsage: 100.5, serviceInterval: 100 });
    const bad = await call(t.app, owner.cookie, 'PATCH', `/api/equipment/${e.id}/usage`, { usageIncrease: 0 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Please enter a valid positive number for usage increase.');
    expect((await call(t.app, owner.cookie, 'PATCH', `/api/equipment/${e.id}/usage`, { usageIncrease: 'abc' })).statusCode).toBe(400);
    await Promise.all(Array.from({ length: 10 }, () => call(t.app, owner.cookie, 'PATCH', `/api/equipment/${e.id}/usage`, { usageIncrease: 0.1 })));
    const res = await call(t.app, owner.cookie, 'PATCH', `/api/equipment/${e.id}/usage`, { usageIncrease: 80 });
    expect(res.statusCode).toBe(200);
    const after = res.json<EquipmentDto>();
    expect(after.currentUsage).toBe(181.5);
    expect(after.status.serviceStatus).toBe('approaching_service'); // (181.5 - 100.5) / 100 = 81 %
    const hist = (await call(t.app, owner.cookie, 'GET', `/api/equipment/${e.id}/history`)).json<HistoryRecordDto[]>();
    expect(hist).toHaveLength(11);
    expect(hist.every((h) => h.noteType === 'usage_update' && h.type === 'update')).toBe(true);
  });

  it('adds and lists notes (trimmed, not empty)', async () => {
    const e = await createEquipmentViaApi(t.app, owner.cookie, { name: 'Notes' });
    const empty = await call(t.app, owner.cookie, 'POST', `/api/equipment/${e.id}/notes`, { content: '   ', type: 'note' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Note cannot be empty');
    const res = await call(t.app, owner.cookie, 'POST', `/api/equipment/${e.id}/notes`, { content: '  Replaced the belt ', type: 'note' });
    expect(res.statusCode).toBe(201);
    expect(res.json<NoteDto>()).toMatchObject({ content: 'Replaced the belt', type: 'note', equipmentId: e.id });
    const list = (await call(t.app, owner.cookie, 'GET', `/api/equipment/${e.id}/notes`)).json<NoteDto[]>();
    expect(list.map((n) => n.content)).toEqual(['Replaced the belt']);
  });

  it('mark as serviced resets the interval, moves the scheduled date one interval from today and writes a maintenance note', async () => {
    const e = await createEquipmentViaApi(t.app, owner.cookie, {
      name: 'Service me',
      currentUsage: 0,
      serviceInterval: 100,
      hasScheduledMaintenance: true,
      maintenanceStartDate: '2026-10-01',
      maintenanceInterval: 1,
      maintenanceIntervalUnit: 'months',
    });
    await call(t.app, owner.cookie, 'PATCH', `/api/equipment/${e.id}/usage`, { usageIncrease: 120 });
    const before = (await call(t.app, owner.cookie, 'GET', `/api/equipment/${e.id}`)).json<EquipmentDto>();
    expect(before.status.serviceStatus).toBe('overdue');
    // Twelve days later the first (browser-session) sign-in has expired: a remembered one has not.
    const remembered = await signInAgain(t.app, owner, true);
    t.clock.set(new Date('2026-12-02T23:30:00Z'));
    expect((await call(t.app, owner.cookie, 'GET', `/api/equipment/${e.id}`)).statusCode).toBe(401);
    const res = await call(t.app, remembered, 'PATCH', `/api/equipment/${e.id}/reset-service`);
    t.clock.set(new Date('2026-11-20T15:00:00Z'));
    expect(res.statusCode).toBe(200);
    const after = res.json<EquipmentDto>();
    expect(after).toMatchObject({ lastServiceUsage: 120, currentUsage: 120, nextMaintenanceDate: '2027-01-02' });
    expect(after.status.remainingUsage).toBe(100);
    const hist = (await call(t.app, owner.cookie, 'GET', `/api/equipment/${e.id}/history`)).json<HistoryRecordDto[]>();
    expect(hist[0]).toMatchObject({ noteType: 'maintenance', type: 'update', usage: 120 });
  });

  it('computes "today" in the company time zone', async () => {
    const o = await fresh();
    await t.deps.db.update(company).set({ timeZone: 'America/Chicago' }).where(eq(company.id, o.companyId));
    const remembered = await signInAgain(t.app, o, true); // reads the new time zone (a sign-in is cached per process)
    t.clock.set(new Date('2026-11-21T03:00:00Z')); // still Nov 20 in Chicago
    const e = await createEquipmentViaApi(t.app, remembered, { serviceInterval: 0, hasScheduledMaintenance: true, maintenanceStartDate: '2026-11-20', maintenanceInterval: 1, maintenanceIntervalUnit: 'days' });
    t.clock.set(new Date('2026-11-20T15:00:00Z'));
    expect(e.status.daysUntilMaintenance).toBe(1);
  });
});

describe('retire and retired equipment', () => {
  it('copies the record into retired equipment in one transaction and removes it from the list', async () => {
    const o = await fresh();
    const e = await createEquipmentViaApi(t.app, o.cookie, { name: 'Old truck', type: 'vehicle', unit: 'miles', currentUsage: 98765.4, serialNumber: 'SN-77', fuelType: 'diesel', threshold: 100000, description: 'Blue' });
    await t.deps.db.update(equipment).set({ totalFuelUsed: 12.345, totalDieselUsed: 12.345 }).where(eq(equipment.id, e.id));
    const res = await call(t.app, o.cookie, 'POST', `/api/equipment/${e.id}/retire`, { retirementNotes: '  Sold at auction ' });
    expect(res.statusCode).toBe(200);
    const r = res.json<RetiredEquipmentDto>();
    expect(r).toMatchObject({ originalEquipmentId: e.id, name: 'Old truck', finalUsage: 98765.4, serialNumber: 'SN-77', fuelType: 'diesel', totalFuelUsed: 12.345, totalDieselUsed: 12.345, retirementNotes: 'Sold at auction', threshold: 100000, description: 'Blue', originalDateAdded: e.dateAdded });
    expect(r.retiredBy).toBeTruthy();
    expect((await call(t.app, o.cookie, 'GET', '/api/equipment')).json()).toEqual([]);
    expect((await call(t.app, o.cookie, 'GET', '/api/equipment/count')).json().count).toBe(0);
    const retired = (await call(t.app, o.cookie, 'GET', '/api/retired-equipment')).json<RetiredEquipmentDto[]>();
    expect(retired.map((x) => x.name)).toEqual(['Old truck']);
    expect((await call(t.app, owner.cookie, 'GET', '/api/retired-equipment')).json<RetiredEquipmentDto[]>().some((x) => x.name === 'Old truck')).toBe(false);
    expect((await call(t.app, o.cookie, 'POST', `/api/equipment/${e.id}/retire`, {})).statusCode).toBe(404);
  });
});
