import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { historyEntrySchema, type HistoryEntry } from '@domain/schemas/dashboard';
import { buildApp } from '../../app';
import { equipment, equipmentNote, equipmentVersion } from '../../db/schema/index';
import { overviewItemsOf } from '../equipment/index';
import { useTestApp } from '../../test/helpers';
import {
  addSignedInUser,
  call,
  callOk,
  reviewUpdate,
  createEquipmentViaApi,
  sessionForRole,
  type SignedIn,
  signInAgain,
  signupOwner,
  statusOf,
  insertMachine,
} from '../../test/factories';

const t = useTestApp();

/** A machine inserted straight into the company (the equipment API is another module's). */
const machine = (
  owner: SignedIn,
  name: string,
  extra: Partial<typeof equipment.$inferInsert> = {},
) => insertMachine(t, owner.companyId, { name, fuelType: 'diesel', ...extra });

/** Two companies with their own machines, readings, fuel and notes. */
async function twoCompanies() {
  const a = await signupOwner(t.app);
  const b = await signupOwner(t.app);
  const a1 = await machine(a, 'Alpha Loader');
  const a2 = await machine(a, 'Alpha Truck', {
    type: 'vehicle',
    unit: 'miles',
    fuelType: 'gasoline',
  });
  const b1 = await machine(b, 'Bravo Mower', { type: 'tools' });
  const post = (o: SignedIn, body: object) =>
    call(t.app, o.cookie, 'POST', '/api/operator-updates', body);
  expect(
    (
      await post(a, {
        equipmentId: a1.id,
        newUsage: 110,
        fuelAdded: 12.5,
        fuelType: 'diesel',
        notes: 'Alpha diesel',
      })
    ).statusCode,
  ).toBe(201);
  expect(
    (await post(a, { equipmentId: a2.id, newUsage: 150, fuelAdded: 7.25, fuelType: 'gas' }))
      .statusCode,
  ).toBe(201);
  expect((await post(a, { equipmentId: a1.id, notes: 'Alpha note only' })).statusCode).toBe(201);
  expect(
    (
      await post(b, {
        equipmentId: b1.id,
        newUsage: 105,
        fuelAdded: 3,
        fuelType: 'diesel',
        notes: 'Bravo fuel',
      })
    ).statusCode,
  ).toBe(201);
  return { a, b, a1, a2, b1 };
}

describe('dashboard read models and the exports it uses', () => {
  it('history and fuel exports hold exactly the company rows', async () => {
    const { a, b } = await twoCompanies();
    const histA = await call(t.app, a.cookie, 'GET', '/api/equipment-history/export');
    expect(histA.statusCode).toBe(200);
    const rowsA = histA.json<{ equipmentName: string; content: string }[]>();
    expect(rowsA).toHaveLength(3);
    expect(new Set(rowsA.map((r) => r.equipmentName))).toEqual(
      new Set(['Alpha Loader', 'Alpha Truck']),
    );
    expect(histA.body).not.toContain('Bravo');

    const histB = await call(t.app, b.cookie, 'GET', '/api/equipment-history/export');
    expect(histB.json<{ equipmentName: string }[]>().map((r) => r.equipmentName)).toEqual([
      'Bravo Mower',
    ]);

    const fuelA = await call(t.app, a.cookie, 'GET', '/api/fuel-usage/export');
    expect(fuelA.statusCode).toBe(200);
    const fA = fuelA.json<{ equipmentName: string; fuelAdded: number; fuelType: string }[]>();
    expect(fA.map((r) => [r.equipmentName, r.fuelAdded, r.fuelType]).sort()).toEqual([
      ['Alpha Loader', 12.5, 'diesel'],
      ['Alpha Truck', 7.25, 'gas'],
    ]);
    const fuelB = await call(t.app, b.cookie, 'GET', '/api/fuel-usage/export');
    expect(fuelB.json<{ equipmentName: string }[]>().map((r) => r.equipmentName)).toEqual([
      'Bravo Mower',
    ]);
  });

  it('the history list is newest first, limited, and scoped to the company', async () => {
    const { a, b } = await twoCompanies();
    const res = await call(t.app, a.cookie, 'GET', '/api/equipment-history?limit=2');
    expect(res.statusCode).toBe(200);
    const rows =
      res.json<
        { equipmentName: string; equipmentType: string; unit: string; createdAt: string }[]
      >();
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.equipmentName.startsWith('Alpha'))).toBe(true);
    expect(rows[0]!.createdAt >= rows[1]!.createdAt).toBe(true);
    const all = await call(t.app, b.cookie, 'GET', '/api/equipment-history');
    expect(all.json<{ equipmentName: string }[]>().map((r) => r.equipmentName)).toEqual([
      'Bravo Mower',
    ]);
    expect(await statusOf(t.app, a.cookie, 'GET', '/api/equipment-history?limit=0')).toBe(400);
    expect(await statusOf(t.app, null, 'GET', '/api/equipment-history')).toBe(401);
  });

  it('the history list carries what its texts are told from: reading kind, usage before, changed fields', async () => {
    const owner = await signupOwner(t.app);
    const m = await createEquipmentViaApi(t.app, owner.cookie, {
      name: 'Kubota Tractor',
      currentUsage: 100,
    });
    const inc = await call(t.app, owner.cookie, 'PATCH', `/api/equipment/${m.id}/usage`, {
      usageIncrease: 25.5,
    });
    expect(inc.statusCode, inc.body).toBe(200);
    const edit = await call(t.app, owner.cookie, 'PATCH', `/api/equipment/${m.id}`, {
      name: 'Kubota M7',
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const res = await call(t.app, owner.cookie, 'GET', '/api/equipment-history');
    expect(res.statusCode).toBe(200);
    const rows = historyEntrySchema.array().parse(res.json());
    const pick = (r: HistoryEntry) => ({
      noteType: r.noteType,
      reading: r.reading,
      usage: r.usage,
      previousUsage: r.previousUsage,
      changedFields: r.changedFields,
    });
    expect(rows.map(pick)).toEqual([
      {
        noteType: 'change',
        reading: null,
        usage: null,
        previousUsage: null,
        changedFields: ['name'],
      },
      {
        noteType: 'usage_update',
        reading: 'increase',
        usage: 125.5,
        previousUsage: 100,
        changedFields: [],
      },
      {
        noteType: 'usage_update',
        reading: 'initial',
        usage: 100,
        previousUsage: null,
        changedFields: [],
      },
    ]);
  });

  it('the fuel summary totals by type exactly and caps the top consumers at five', async () => {
    const owner = await signupOwner(t.app);
    for (let i = 1; i <= 7; i++) {
      await machine(owner, `Fuel ${i}`, {
        totalFuelUsed: i * 1.1,
        totalGasUsed: i % 2 ? i * 1.1 : 0,
        totalDieselUsed: i % 2 ? 0 : i * 1.1,
      });
    }
    const res = await call(t.app, owner.cookie, 'GET', '/api/dashboard/fuel-summary');
    expect(res.statusCode).toBe(200);
    const s = res.json<{
      total: number;
      totalGas: number;
      totalDiesel: number;
      top: { name: string }[];
    }>();
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
      ids[name] = (
        await machine(owner, name, {
          currentUsage: p,
          serviceInterval: 100,
          lastServiceUsage: 0,
          type: name === 'Soon' ? 'tools' : 'machinery',
        })
      ).id;
    }
    await machine(other, 'Elsewhere', { currentUsage: 200, serviceInterval: 100 });
    const res = await call(t.app, owner.cookie, 'GET', '/api/dashboard/overview?limit=2');
    expect(res.statusCode).toBe(200);
    const o = res.json<{
      counts: Record<string, number>;
      critical: Record<string, string>;
      total: number;
      items: { name: string; status: { serviceStatus: string } }[];
    }>();
    expect(o.counts).toEqual({
      all: 5,
      good: 2,
      approaching_service: 1,
      time_for_service: 1,
      overdue: 1,
      no_schedule: 0,
    });
    // Only the page's critical machines (bounded by the page, not the fleet); the whole page's below.
    expect(o.critical).toEqual({ [ids.Due!]: 'critical' });
    const whole = await call(t.app, owner.cookie, 'GET', '/api/dashboard/overview');
    expect(whole.json<{ critical: Record<string, string> }>().critical).toEqual({
      [ids.Soon!]: 'critical',
      [ids.Due!]: 'critical',
      [ids.Over!]: 'severe',
    });
    expect(o.total).toBe(5);
    expect(o.items.map((i) => i.name)).toEqual(['Due', 'Good1']);
    const due = await call(t.app, owner.cookie, 'GET', '/api/dashboard/overview?status=due');
    expect(
      due.json<{ total: number; items: { name: string }[] }>().items.map((i) => i.name),
    ).toEqual(['Due']);
    const tools = await call(
      t.app,
      owner.cookie,
      'GET',
      '/api/dashboard/overview?type=tools&search=soo',
    );
    expect(tools.json<{ items: { name: string }[] }>().items.map((i) => i.name)).toEqual(['Soon']);
    const page2 = await call(
      t.app,
      owner.cookie,
      'GET',
      '/api/dashboard/overview?limit=2&offset=4',
    );
    expect(page2.json<{ items: { name: string }[] }>().items.map((i) => i.name)).toEqual(['Soon']);
    expect(page2.body).not.toContain('Elsewhere');
    // The same validated filters as GET /api/equipment/page, with larger pages for the dashboard.
    expect(await statusOf(t.app, owner.cookie, 'GET', '/api/dashboard/overview?status=bogus')).toBe(
      400,
    );
    expect(await statusOf(t.app, owner.cookie, 'GET', '/api/dashboard/overview?limit=500')).toBe(
      200,
    );
    expect(
      (await call(t.app, owner.cookie, 'GET', '/api/dashboard/overview?limit=501')).json().message,
    ).toBe('limit must be at most 500');
    const operator = await sessionForRole(t.deps.systemDb, owner.companyId, 'operator');
    expect(await statusOf(t.app, operator.cookie, 'GET', '/api/dashboard/overview')).toBe(403);
  });
});

type OverviewBody = {
  counts: Record<string, number>;
  critical: Record<string, string>;
  total: number;
  items: { id: string; name: string; currentUsage: number; status: { serviceStatus: string } }[];
};

describe('machines with no schedule (issue 43, defect 6)', () => {
  it('are counted apart, never as Good, and listed by their own filter only, on every listing', async () => {
    const owner = await signupOwner(t.app);
    await machine(owner, 'Good one', {
      currentUsage: 10,
      serviceInterval: 100,
      lastServiceUsage: 0,
    });
    await machine(owner, 'Trailer', { currentUsage: 0, serviceInterval: 0 });
    await machine(owner, 'Ladder', { unit: 'n/a', serviceInterval: 0 });
    const o = (await call(t.app, owner.cookie, 'GET', '/api/dashboard/overview')).json<{
      counts: Record<string, number>;
    }>();
    expect(o.counts).toEqual({
      all: 3,
      good: 1,
      approaching_service: 0,
      time_for_service: 0,
      overdue: 0,
      no_schedule: 2,
    });
    const names = async (url: string) => {
      const res = await call(t.app, owner.cookie, 'GET', url);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json<{ items?: { name: string }[] } | { name: string }[]>();
      return (Array.isArray(body) ? body : (body.items ?? [])).map((m) => m.name).sort();
    };
    expect(await names('/api/dashboard/overview?status=good')).toEqual(['Good one']);
    expect(await names('/api/dashboard/overview?status=no_schedule')).toEqual([
      'Ladder',
      'Trailer',
    ]);
    expect(await names('/api/equipment/page?status=good')).toEqual(['Good one']);
    expect(await names('/api/equipment/page?status=no_schedule')).toEqual(['Ladder', 'Trailer']);
    // The full list behind the exports filters the same way.
    expect(await names('/api/equipment?status=good')).toEqual(['Good one']);
    expect(await names('/api/equipment?status=no_schedule')).toEqual(['Ladder', 'Trailer']);
    expect(await names('/api/equipment')).toEqual(['Good one', 'Ladder', 'Trailer']);
  });
});

describe('the recent history card', () => {
  it('marks a voided reading with who voided it, when and why (issue 26 item 17)', async () => {
    const o = await signupOwner(t.app);
    const e = await createEquipmentViaApi(t.app, o.cookie, { name: 'Loader', currentUsage: 100 });
    await call(t.app, o.cookie, 'PATCH', `/api/equipment/${e.id}/usage`, { usageIncrease: 50 });
    const listed = async () =>
      historyEntrySchema
        .array()
        .parse((await call(t.app, o.cookie, 'GET', '/api/equipment-history')).json());
    const reading = (await listed()).find((h) => h.kind === 'reading')!;
    expect(reading.voided).toBeNull();
    const res = await call(
      t.app,
      o.cookie,
      'POST',
      `/api/equipment/${e.id}/history/${reading.id}/void`,
      { reason: 'Typed 150 for 105' },
    );
    expect(res.statusCode, res.body).toBe(200);
    const after = (await listed()).find((h) => h.id === reading.id)!;
    expect(after.voided).toMatchObject({ reason: 'Typed 150 for 105', by: expect.any(String) });
    expect(Date.parse(after.voided!.at)).not.toBeNaN();
  });
});

describe('overview cache: one status engine, never stale after a write', () => {
  const load = async (cookie: string, query = '', app: FastifyInstance = t.app) => {
    const res = await call(app, cookie, 'GET', `/api/dashboard/overview${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<OverviewBody>();
  };
  const versionOf = async (companyId: string) =>
    (
      await t.deps.systemDb
        .select()
        .from(equipmentVersion)
        .where(eq(equipmentVersion.companyId, companyId))
    )[0]?.version ?? 0;
  /**
   * Loads the overview until it is served from the snapshot: one query (the page and the version
   * together). The second load asks for another URL, so the embedded database's read cache (which
   * keeps whole answers per URL, plugins/cached-read.ts) does not answer it and the snapshot is what is tested.
   */
  const primed = async (cookie: string) => {
    await load(cookie);
    const before = t.database.queryCount.value;
    const o = await load(cookie, '?offset=0');
    expect(t.database.queryCount.value - before).toBe(1);
    return o;
  };
  /** A machine at `usage` % of a 100-hour interval, through the equipment API. */
  const at = (owner: SignedIn, name: string, usage: number) =>
    createEquipmentViaApi(t.app, owner.cookie, {
      name,
      currentUsage: usage,
      serviceInterval: 100,
      lastServiceUsage: 0,
    });

  it('a repeated load is served from the snapshot in one query, with the same answer as a fresh one', async () => {
    const owner = await signupOwner(t.app);
    await at(owner, 'Good', 10);
    await at(owner, 'Soon', 96);
    const fresh = await load(owner.cookie, '?status=approaching');
    const cached = await primed(owner.cookie);
    expect(cached.counts).toEqual({
      all: 2,
      good: 1,
      approaching_service: 1,
      time_for_service: 0,
      overdue: 0,
      no_schedule: 0,
    });
    expect(await load(owner.cookie, '?status=approaching')).toEqual(fresh);
    expect(fresh.items.map((i) => i.name)).toEqual(['Soon']);
  });

  it('adding a machine (POST /api/equipment)', async () => {
    const owner = await signupOwner(t.app);
    await at(owner, 'First', 10);
    await primed(owner.cookie);
    await at(owner, 'Second', 130);
    const o = await load(owner.cookie);
    expect(o.counts).toMatchObject({ all: 2, good: 1, overdue: 1 });
    expect(Object.values(o.critical)).toEqual(['severe']);
  });

  it('editing a machine (PATCH /api/equipment/:id): name and status', async () => {
    const owner = await signupOwner(t.app);
    const m = await at(owner, 'Loader', 50);
    await primed(owner.cookie);
    expect(
      await statusOf(t.app, owner.cookie, 'PATCH', `/api/equipment/${m.id}`, {
        name: 'Grader',
        serviceInterval: 45,
      }),
    ).toBe(200);
    const o = await load(owner.cookie, '?search=grader');
    expect(o.total).toBe(1);
    expect(o.counts).toMatchObject({ good: 0, overdue: 1 });
    expect((await load(owner.cookie, '?search=loader')).total).toBe(0);
  });

  it('removing a machine (DELETE /api/equipment/:id)', async () => {
    const owner = await signupOwner(t.app);
    const m = await at(owner, 'Doomed', 99);
    await at(owner, 'Kept', 10);
    await primed(owner.cookie);
    expect(await statusOf(t.app, owner.cookie, 'DELETE', `/api/equipment/${m.id}`)).toBe(200);
    const o = await load(owner.cookie);
    expect(o.counts).toMatchObject({ all: 1, good: 1, approaching_service: 0 });
    expect(o.critical).toEqual({});
  });

  it('a usage increase (PATCH /api/equipment/:id/usage) and mark as serviced (PATCH .../reset-service)', async () => {
    const owner = await signupOwner(t.app);
    const m = await at(owner, 'Worked', 50);
    await primed(owner.cookie);
    expect(
      await statusOf(t.app, owner.cookie, 'PATCH', `/api/equipment/${m.id}/usage`, {
        usageIncrease: 80,
      }),
    ).toBe(200);
    let o = await load(owner.cookie);
    expect(o.counts).toMatchObject({ good: 0, overdue: 1 });
    expect(o.critical).toEqual({ [m.id]: 'severe' });
    await primed(owner.cookie);
    expect(
      await statusOf(t.app, owner.cookie, 'PATCH', `/api/equipment/${m.id}/reset-service`),
    ).toBe(200);
    o = await load(owner.cookie);
    expect(o.counts).toMatchObject({ good: 1, overdue: 0 });
    expect(o.critical).toEqual({});
  });

  it('retiring a machine (POST /api/equipment/:id/retire)', async () => {
    const owner = await signupOwner(t.app);
    const m = await at(owner, 'Old', 120);
    await primed(owner.cookie);
    expect(await statusOf(t.app, owner.cookie, 'POST', `/api/equipment/${m.id}/retire`, {})).toBe(
      200,
    );
    expect((await load(owner.cookie)).counts).toEqual({
      all: 0,
      good: 0,
      approaching_service: 0,
      time_for_service: 0,
      overdue: 0,
      no_schedule: 0,
    });
  });

  it("each machine's item is kept per row version: a load whose items are kept reads only those; a reading, the rate window's edge and a void each show at once, as a fresh read says", async () => {
    const owner = await signupOwner(t.app);
    const m = await at(owner, 'Kept', 10);
    const items = overviewItemsOf(t.deps.db);
    /** A reading by an operator signed in at the app's clock (a reading leaves the status good: no version bump). */
    const reading = async (newUsage: number) => {
      const op = await addSignedInUser(t.deps.systemDb, 'operator', owner.companyId, {
        now: t.deps.now(),
      });
      const res = await call(t.app, op.cookie, 'POST', '/api/operator-updates', {
        equipmentId: m.id,
        newUsage,
      });
      expect(res.json()).toMatchObject({ status: 'applied' });
    };
    let cookie = owner.cookie;
    let n = 50;
    /** The overview's item for the machine (a new URL each time: the embedded read cache never answers). */
    const item = async () => {
      const o = await load(cookie, `?limit=${n--}`);
      return o.items.find((i) => i.id === m.id) as unknown as {
        currentUsage: number;
        forecast: { perDay: number | null; dueDate: string | null; basis: string | null };
      };
    };
    /** What GET /api/equipment/:id, computed afresh, says of the same machine. */
    const fresh = async () => {
      const e = (await call(t.app, cookie, 'GET', `/api/equipment/${m.id}`)).json<{
        currentUsage: number;
        forecast: { perDay: number | null; dueDate: string | null; basis: string | null };
      }>();
      return {
        currentUsage: e.currentUsage,
        perDay: e.forecast.perDay === null ? null : Math.round(e.forecast.perDay * 1000) / 1000,
        dueDate: e.forecast.dueDate,
        basis: e.forecast.basis,
      };
    };
    const shown = (i: Awaited<ReturnType<typeof item>>) => ({
      currentUsage: i.currentUsage,
      perDay: i.forecast.perDay,
      dueDate: i.forecast.dueDate,
      basis: i.forecast.basis,
    });
    try {
      t.clock.set(new Date('2026-02-01T18:00:00Z'));
      await reading(20);
      t.clock.set(new Date('2026-02-11T18:00:00Z'));
      await reading(40);
      cookie = await signInAgain(t.app, owner);
      const first = await item();
      expect(shown(first)).toMatchObject({ currentUsage: 40, perDay: 2 });
      expect(shown(first)).toEqual(await fresh());
      // Kept: the next load reads the page's row versions only (one statement) and sends the same item.
      const hits = items.counts.hits;
      const before = t.database.queryCount.value;
      expect(await item()).toEqual(first);
      expect(t.database.queryCount.value - before).toBe(1);
      expect(items.counts.hits).toBeGreaterThan(hits);
      // A reading that leaves the status (and the equipment version) as it was: a new row version.
      await reading(50);
      const twice = t.database.queryCount.value;
      const moved = await item();
      // The page's row versions, then the one machine whose row changed.
      expect(t.database.queryCount.value - twice).toBe(2);
      expect(shown(moved)).toEqual(await fresh());
      expect((await item()).currentUsage).toBe(50);

      // The rate window's edge, within one day: an hour before the newest reading leaves the 90-day
      // window the machine still has a rate; an hour after, its readings are stale.
      t.clock.set(new Date('2026-05-12T17:00:00Z'));
      cookie = await signInAgain(t.app, owner);
      const inside = await item();
      expect(inside.forecast.perDay).not.toBeNull();
      expect(shown(inside)).toEqual(await fresh());
      t.clock.set(new Date('2026-05-12T19:00:00Z'));
      cookie = await signInAgain(t.app, owner);
      const after = await item();
      expect(after.forecast.perDay).toBeNull();
      expect(shown(after)).toEqual(await fresh());

      // Voiding the newest reading (corrections): the usage goes back to the reading before it.
      const [newest] = await t.deps.systemDb
        .select({ id: equipmentNote.id })
        .from(equipmentNote)
        .where(and(eq(equipmentNote.equipmentId, m.id), eq(equipmentNote.usage, 50)));
      const voided = await call(
        t.app,
        cookie,
        'POST',
        `/api/equipment/${m.id}/history/${newest!.id}/void`,
        { reason: 'Misread' },
      );
      expect(voided.statusCode, voided.body).toBe(200);
      const back = await item();
      expect(back.currentUsage).toBe(40);
      expect(shown(back)).toEqual(await fresh());
    } finally {
      t.clock.reset();
    }
  });

  it('operator readings: one that crosses a threshold raises the version, one that does not leaves the snapshot valid', async () => {
    const owner = await signupOwner(t.app);
    const op = await sessionForRole(t.deps.systemDb, owner.companyId, 'operator');
    const m = await at(owner, 'Field', 70);
    await primed(owner.cookie);
    const v0 = await versionOf(owner.companyId);
    const submit = (newUsage: number) =>
      call(t.app, op.cookie, 'POST', '/api/operator-updates', { equipmentId: m.id, newUsage });
    // 70 % -> 72 %: still good, nothing the overview caches changes.
    expect((await submit(72)).json()).toMatchObject({ status: 'applied' });
    expect(await versionOf(owner.companyId)).toBe(v0);
    const same = await primed(owner.cookie);
    expect(same.counts).toMatchObject({ good: 1, approaching_service: 0 });
    expect(same.items[0]!.currentUsage).toBe(72); // the page itself is always read fresh
    // 72 % -> 85 %: approaching service.
    expect((await submit(85)).json()).toMatchObject({ status: 'applied' });
    expect(await versionOf(owner.companyId)).toBe(v0 + 1);
    const moved = await load(owner.cookie);
    expect(moved.counts).toMatchObject({ good: 0, approaching_service: 1 });
    expect(moved.items[0]!.status.serviceStatus).toBe('approaching_service');
    // 85 % -> 96 %: same status, but now critical.
    await primed(owner.cookie);
    expect((await submit(96)).json()).toMatchObject({ status: 'applied' });
    expect((await load(owner.cookie)).critical).toEqual({ [m.id]: 'critical' });
  });

  it("the list of updates carries each machine's criticality now: it pulses until the machine is serviced", async () => {
    const owner = await signupOwner(t.app);
    const op = await sessionForRole(t.deps.systemDb, owner.companyId, 'operator');
    const calm = await at(owner, 'Calm', 10);
    const near = await at(owner, 'Near', 95.5); // 96 % after its reading: critical
    const over = await at(owner, 'Over', 130.5); // 131 %: severely critical
    const submit = (equipmentId: string, newUsage: number) =>
      call(t.app, op.cookie, 'POST', '/api/operator-updates', { equipmentId, newUsage });
    for (const [m, usage] of [
      [calm, 10.5],
      [near, 96],
      [over, 131],
    ] as const)
      expect((await submit(m.id, usage)).json()).toMatchObject({ status: 'applied' });
    const list = async () =>
      new Map(
        (await call(t.app, owner.cookie, 'GET', '/api/operator-updates'))
          .json<{ equipmentId: string; status: string; criticality?: string }[]>()
          .map((u) => [u.equipmentId, u]),
      );
    const before = await list();
    expect(before.get(calm.id)?.criticality).toBeUndefined();
    expect(before.get(near.id)?.criticality).toBe('critical');
    expect(before.get(over.id)).toMatchObject({ status: 'applied', criticality: 'severe' });
    // Serviced: the same update is about a machine that is no longer critical.
    await callOk(t.app, owner.cookie, 'PATCH', `/api/equipment/${over.id}/reset-service`, {}, 200);
    expect((await list()).get(over.id)?.criticality).toBeUndefined();
    // Another company's list says nothing about these machines.
    const other = await signupOwner(t.app);
    expect((await call(t.app, other.cookie, 'GET', '/api/operator-updates')).json()).toEqual([]);
  });

  it('approving a held reading (POST /api/operator-updates/:id/approve); a note or a rejection changes nothing cached', async () => {
    const owner = await signupOwner(t.app);
    const op = await sessionForRole(t.deps.systemDb, owner.companyId, 'operator');
    const m = await at(owner, 'Held', 10);
    const held = await call(t.app, op.cookie, 'POST', '/api/operator-updates', {
      equipmentId: m.id,
      newUsage: 200,
    });
    expect(held.json()).toMatchObject({ status: 'pending' });
    const other = await call(t.app, op.cookie, 'POST', '/api/operator-updates', {
      equipmentId: m.id,
      newUsage: 300,
    });
    await primed(owner.cookie);
    const v0 = await versionOf(owner.companyId);
    expect(
      (await reviewUpdate(t.app, owner.cookie, other.json().update.id, 'reject')).statusCode,
    ).toBe(200);
    expect(
      await statusOf(t.app, owner.cookie, 'POST', `/api/equipment/${m.id}/notes`, {
        content: 'Checked',
      }),
    ).toBe(201);
    expect(await versionOf(owner.companyId)).toBe(v0);
    expect((await primed(owner.cookie)).counts).toMatchObject({ good: 1 });
    expect(
      (await reviewUpdate(t.app, owner.cookie, held.json().update.id, 'approve')).statusCode,
    ).toBe(200);
    const o = await load(owner.cookie);
    expect(o.counts).toMatchObject({ good: 0, overdue: 1 });
    expect(o.critical).toEqual({ [m.id]: 'severe' });
  });

  it('a new day in the company time zone recomputes the snapshot without any write', async () => {
    t.clock.set(new Date('2026-11-20T23:00:00Z'));
    try {
      const owner = await signupOwner(t.app);
      await machine(owner, 'Scheduled', {
        hasScheduledMaintenance: true,
        nextMaintenanceDate: '2026-11-20',
        serviceInterval: 0,
      });
      expect((await primed(owner.cookie)).counts).toMatchObject({
        time_for_service: 1,
        overdue: 0,
      });
      t.clock.set(new Date('2026-11-21T01:00:00Z'));
      expect((await load(owner.cookie)).counts).toMatchObject({ time_for_service: 0, overdue: 1 });
    } finally {
      t.clock.reset();
    }
  });

  it('another app server on the same database sees a write made through this one at once', async () => {
    const second = await buildApp({
      config: t.deps.config,
      database: t.database,
      clientDir: null,
      logger: false,
      now: () => t.deps.now(),
    });
    try {
      await second.app.ready();
      const owner = await signupOwner(t.app);
      const m = await at(owner, 'Shared', 10);
      const elsewhere = await signInAgain(second.app, owner);
      expect((await load(elsewhere, '', second.app)).counts).toMatchObject({ good: 1 });
      await primed(owner.cookie);
      expect(
        await statusOf(t.app, owner.cookie, 'PATCH', `/api/equipment/${m.id}/usage`, {
          usageIncrease: 100,
        }),
      ).toBe(200);
      const there = await load(elsewhere, '', second.app);
      expect(there.counts).toMatchObject({ good: 0, overdue: 1 });
      expect(there.items[0]!.currentUsage).toBe(110);
      // and the other way round
      expect(
        (await call(second.app, elsewhere, 'PATCH', `/api/equipment/${m.id}/reset-service`))
          .statusCode,
      ).toBe(200);
      expect((await load(owner.cookie)).counts).toMatchObject({ good: 1, overdue: 0 });
    } finally {
      await second.app.close();
    }
  });
});
