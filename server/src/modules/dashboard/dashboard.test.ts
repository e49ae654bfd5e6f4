import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { equipment } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/helpers';
import { call, sessionForRole, signupOwner, type SignedIn } from '../../test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** A machine inserted straight into the company (the equipment API is another module's). */
async function machine(owner: SignedIn, name: string, extra: Partial<typeof equipment.$inferInsert> = {}) {
  const [row] = await t.deps.db
    .insert(equipment)
    .values({ companyId: owner.companyId, name, type: 'machinery', unit: 'hours', currentUsage: 100, fuelType: 'diesel', ...extra })
    .returning();
  return row!;
}

/** Two companies with their own machines, readings, fuel and notes. */
async function twoCompanies() {
  const a = await signupOwner(t.app);
  const b = await signupOwner(t.app);
  const a1 = await machine(a, 'Alpha Loader');
  const a2 = await machine(a, 'Alpha Truck', { type: 'vehicle', unit: 'miles', fuelType: 'gasoline' });
  const b1 = await machine(b, 'Bravo Mower', { type: 'tools' });
  const post = (o: SignedIn, body: object) => call(t.app, o.cookie, 'POST', '/api/operator-updates', body);
  expect((await post(a, { equipmentId: a1.id, newUsage: 110, fuelAdded: 12.5, fuelType: 'diesel', notes: 'Alpha diesel' })).statusCode).toBe(201);
  expect((await post(a, { equipmentId: a2.id, newUsage: 150, fuelAdded: 7.25, fuelType: 'gas' })).statusCode).toBe(201);
  expect((await post(a, { equipmentId: a1.id, notes: 'Alpha note only' })).statusCode).toBe(201);
  expect((await post(b, { equipmentId: b1.id, newUsage: 105, fuelAdded: 3, fuelType: 'diesel', notes: 'Bravo fuel' })).statusCode).toBe(201);
  return { a, b, a1, a2, b1 };
}

describe('dashboard read models and the exports it uses', () => {
  it('history and fuel exports hold exactly the company rows', async () => {
    const { a, b } = await twoCompanies();
    const histA = await call(t.app, a.cookie, 'GET', '/api/equipment-history/export');
    expect(histA.statusCode).toBe(200);
    const rowsA = histA.json<{ equipmentName: string; content: string }[]>();
    expect(rowsA).toHaveLength(3);
    expect(new Set(rowsA.map((r) => r.equipmentName))).toEqual(new Set(['Alpha Loader', 'Alpha Truck']));
    expect(histA.body).not.toContain('Bravo');

    const histB = await call(t.app, b.cookie, 'GET', '/api/equipment-history/export');
    expect(histB.json<{ equipmentName: string }[]>().map((r) => r.equipmentName)).toEqual(['Bravo Mower']);

    const fuelA = await call(t.app, a.cookie, 'GET', '/api/fuel-usage/export');
    expect(fuelA.statusCode).toBe(200);
    const fA = fuelA.json<{ equipmentName: string; fuelAdded: number; fuelType: string }[]>();
    expect(fA.map((r) => [r.equipmentName, r.fuelAdded, r.fuelType]).sort()).toEqual([
      ['Alpha Loader', 12.5, 'diesel'],
      ['Alpha Truck', 7.25, 'gas'],
    ]);
    const fuelB = await call(t.app, b.cookie, 'GET', '/api/fuel-usage/export');
    expect(fuelB.json<{ equipmentName: string }[]>().map((r) => r.equipmentName)).toEqual(['Bravo Mower']);
  });

  it('the history list is newest first, limited, and scoped to the company', async () => {
    const { a, b } = await twoCompanies();
    const res = await call(t.app, a.cookie, 'GET', '/api/equipment-history?limit=2');
    expect(res.statusCode).toBe(200);
    const rows = res.json<{ equipmentName: string; equipmentType: string; unit: string; createdAt: string }[]>();
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.equipmentName.startsWith('Alpha'))).toBe(true);
    expect(rows[0]!.createdAt >= rows[1]!.createdAt).toBe(true);
    const all = await call(t.app, b.cookie, 'GET', '/api/equipment-history');
    expect(all.json<{ equipmentName: string }[]>().map((r) => r.equipmentName)).toEqual(['Bravo Mower']);
    expect((await call(t.app, a.cookie, 'GET', '/api/equipment-history?limit=0')).statusCode).toBe(400);
    expect((await call(t.app, null, 'GET', '/api/equipment-history')).statusCode).toBe(401);
  });

  it('the fuel summary totals by type exactly and caps the top consumers at five', async () => {
    const owner = await signupOwner(t.app);
    for (let i = 1; i <= 7; i++) {
      await machine(owner, `Fuel ${i}`, { totalFuelUsed: i * 1.1, totalGasUsed: i % 2 ? i * 1.1 : 0, totalDieselUsed: i % 2 ? 0 : i * 1.1 });
    }
    const res = await call(t.app, owner.cookie, 'GET', '/api/dashboard/fuel-summary');
    expect(res.statusCode).toBe(200);
    const s = res.json<{ total: number; totalGas: number; totalDiesel: number; top: { name: string }[] }>();
    expect(s.total).toBe(30.8);
    expect(s.totalGas).toBe(17.6);
    expect(s.totalDiesel).toBe(13.2);
    expect(s.top.map((m) => m.name)).toEqual(['Fuel 7', 'Fuel 6', 'Fuel 5', 'Fuel 4', 'Fuel 3']);
    const other = await signupOwner(t.app);
    const empty = await call(t.app, other.cookie, 'GET', '/api/dashboard/fuel-summary');
    expect(empty.json()).toEqual({ total: 0, totalGas: 0, totalDiesel: 0, top: [] });
  });

  it('the overview counts every status, marks critical machines and pages the filtered list', async () => {
    const owner = await signupOwner(t.app);
    const other = await signupOwner(t.app);
    const pct = { Good1: 10, Good2: 50, Soon: 96, Due: 105, Over: 130 } as const;
    const ids: Record<string, string> = {};
    for (const [name, p] of Object.entries(pct)) {
      ids[name] = (await machine(owner, name, { currentUsage: p, serviceInterval: 100, lastServiceUsage: 0, type: name === 'Soon' ? 'tools' : 'machinery' })).id;
    }
    await machine(other, 'Elsewhere', { currentUsage: 200, serviceInterval: 100 });
    const res = await call(t.app, owner.cookie, 'GET', '/api/dashboard/overview?limit=2');
    expect(res.statusCode).toBe(200);
    const o = res.json<{ counts: Record<string, number>; critical: Record<string, string>; total: number; items: { name: string; status: { serviceStatus: string } }[] }>();
    expect(o.counts).toEqual({ all: 5, good: 2, approaching_service: 1, time_for_service: 1, overdue: 1 });
    expect(o.critical).toEqual({ [ids.Soon!]: 'critical', [ids.Due!]: 'critical', [ids.Over!]: 'severe' });
    expect(o.total).toBe(5);
    expect(o.items.map((i) => i.name)).toEqual(['Due', 'Good1']);
    const due = await call(t.app, owner.cookie, 'GET', '/api/dashboard/overview?status=due');
    expect(due.json<{ total: number; items: { name: string }[] }>().items.map((i) => i.name)).toEqual(['Due']);
    const tools = await call(t.app, owner.cookie, 'GET', '/api/dashboard/overview?type=tools&search=soo');
    expect(tools.json<{ items: { name: string }[] }>().items.map((i) => i.name)).toEqual(['Soon']);
    const page2 = await call(t.app, owner.cookie, 'GET', '/api/dashboard/overview?limit=2&offset=4');
    expect(page2.json<{ items: { name: string }[] }>().items.map((i) => i.name)).toEqual(['Soon']);
    expect(page2.body).not.toContain('Elsewhere');
    // The same validated filters as GET /api/equipment/page, with larger pages for the dashboard.
    expect((await call(t.app, owner.cookie, 'GET', '/api/dashboard/overview?status=bogus')).statusCode).toBe(400);
    expect((await call(t.app, owner.cookie, 'GET', '/api/dashboard/overview?limit=500')).statusCode).toBe(200);
    expect((await call(t.app, owner.cookie, 'GET', '/api/dashboard/overview?limit=501')).json().message).toBe('limit must be at most 500');
    const operator = await sessionForRole(t.deps.db, owner.companyId, 'operator');
    expect((await call(t.app, operator.cookie, 'GET', '/api/dashboard/overview')).statusCode).toBe(403);
  });
});
