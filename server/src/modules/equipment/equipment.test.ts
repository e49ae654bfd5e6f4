import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  EquipmentDto,
  HistoryRecordDto,
  NoteDto,
  RetiredEquipmentDto,
} from '@domain/schemas/equipment';
import { equipmentInputSchema, withoutMeterFields } from '@domain/schemas/equipment';
import { company, equipment, equipmentNote } from '../../db/schema/index';
import {
  call,
  createEquipmentViaApi,
  PICKER_FIELDS,
  sessionForRole,
  type SignedIn,
  signInAgain,
  signupOwner,
  statusOf,
} from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/helpers';
import { EXPORT_BATCH, EXPORT_FIRST_BATCH } from './equipment-export';
import { bumpEquipmentVersion } from '../ledger/index';

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
/** Bulk rows straight into the table, with the version raise every equipment write makes (the listings' cache key). */
async function insertMachines(
  companyId: string,
  rows: Omit<typeof equipment.$inferInsert, 'companyId' | 'unit'>[],
) {
  await t.deps.systemDb
    .insert(equipment)
    .values(rows.map((r) => ({ companyId, unit: 'hours', ...r })));
  await bumpEquipmentVersion(t.deps.systemDb, companyId);
}
/**
 * insertMachines of named rows: machinery with no serial number unless the row says, a service interval
 * of 100, and the fields `more` gives for the row.
 */
const insertNamed = <R extends { name: string; type?: string; serialNumber?: string }>(
  companyId: string,
  rows: R[],
  more: (row: R) => Partial<typeof equipment.$inferInsert>,
) =>
  insertMachines(
    companyId,
    rows.map((r) => ({
      name: r.name,
      type: r.type ?? 'machinery',
      serialNumber: r.serialNumber ?? null,
      serviceInterval: 100,
      ...more(r),
    })),
  );
const unlimited = async (companyId: string) =>
  t.deps.systemDb.update(company).set({ equipmentLimit: -1 }).where(eq(company.id, companyId));
/** POST /api/equipment of a tool with no meter (the least a machine needs), as `cookie`. */
const addTool = (cookie: string | null, name: string) =>
  call(t.app, cookie, 'POST', '/api/equipment', { name, type: 'tools', unit: 'n/a' });

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
      serviceParts: [
        { part: 'Oil filter', partNumber: 'OF-1', qty: 2 },
        { part: '   ', qty: 1 },
      ],
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
    expect(e.status).toMatchObject({
      serviceStatus: 'overdue',
      slug: 'overdue',
      hasSchedule: true,
      nextServiceUsage: 1450.5,
      remainingUsage: 250,
      severelyCritical: true,
    });
    expect(e.dateAdded).toBe('2026-11-20T15:00:00.000Z');
  });

  it('adds and edits a tool with no meter (unit N/A) without usage, lifespan or service interval', async () => {
    // What the Add form sends for N/A: its meter fields left out, whatever they held (domain withoutMeterFields).
    const form = {
      name: 'Torque wrench',
      type: 'tools',
      unit: 'n/a',
      currentUsage: '',
      threshold: 'not a number',
      alertThreshold: '20',
      serviceInterval: '-3',
      lastServiceUsage: '',
      hasScheduledMaintenance: true,
      maintenanceStartDate: '2026-01-15',
      maintenanceInterval: '6',
      maintenanceIntervalUnit: 'months',
    };
    expect(equipmentInputSchema.safeParse(form).success).toBe(false); // the hidden fields would fail
    const payload = withoutMeterFields(form);
    expect(Object.keys(payload)).not.toContain('currentUsage');
    const res = await call(t.app, owner.cookie, 'POST', '/api/equipment', payload);
    expect(res.statusCode, res.body).toBe(201);
    const e = res.json<EquipmentDto>();
    expect(e).toMatchObject({
      unit: 'n/a',
      currentUsage: 0,
      threshold: null,
      serviceInterval: 0,
      lastServiceUsage: 0,
      nextMaintenanceDate: '2026-07-15',
    });
    expect(e.status).toMatchObject({ nextServiceUsage: null, remainingUsage: null });
    const history = (await call(t.app, owner.cookie, 'GET', `/api/equipment/${e.id}/history`)).json<
      HistoryRecordDto[]
    >();
    expect(history.map((h) => h.text)).toEqual(['Added']); // nothing about usage

    // The edit form sends the same: no meter fields; the record keeps its calendar schedule.
    const edited = await call(t.app, owner.cookie, 'PATCH', `/api/equipment/${e.id}`, {
      ...payload,
      name: 'Torque wrench 2',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<EquipmentDto>()).toMatchObject({ name: 'Torque wrench 2', currentUsage: 0 });
    // And a plain request with no meter fields at all.
    const bare = await call(t.app, owner.cookie, 'POST', '/api/equipment', {
      name: 'Ladder',
      type: 'tools',
      unit: 'n/a',
    });
    expect(bare.statusCode, bare.body).toBe(201);
  });

  it('answers each validation rule with the spec message', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ type: 'vehicle', unit: 'miles' }, 'Name is required'],
      [{ name: 'X', unit: 'miles' }, 'Type is required'],
      [{ name: 'X', type: 'vehicle' }, 'Unit is required'],
      [
        {
          name: 'X',
          type: 'vehicle',
          unit: 'miles',
          hasScheduledMaintenance: true,
          maintenanceInterval: 3,
        },
        'Maintenance start date is required when scheduled maintenance is enabled',
      ],
      [
        {
          name: 'X',
          type: 'vehicle',
          unit: 'miles',
          hasScheduledMaintenance: true,
          maintenanceStartDate: '2026-01-01',
        },
        'Maintenance interval is required when scheduled maintenance is enabled',
      ],
      [
        { name: 'X', type: 'vehicle', unit: 'miles', serviceParts: [{ part: 'Belt', qty: 0 }] },
        'Quantity must be at least 1',
      ],
      [
        { name: 'X', type: 'vehicle', unit: 'miles', currentUsage: -1 },
        'Current usage must be 0 or more',
      ],
      [
        { name: 'X', type: 'vehicle', unit: 'miles', threshold: 0.5 },
        'Lifespan must be at least 1',
      ],
      [
        { name: 'X', type: 'vehicle', unit: 'miles', alertThreshold: 30 },
        'Alert threshold must be 10, 15, 20 or 25',
      ],
      [
        {
          name: 'X',
          type: 'vehicle',
          unit: 'miles',
          hasScheduledMaintenance: true,
          maintenanceStartDate: '1899-12-31',
          maintenanceInterval: 1,
        },
        'The date must be between 1900-01-01 and 2100-12-31.',
      ],
      [
        {
          name: 'X',
          type: 'vehicle',
          unit: 'miles',
          hasScheduledMaintenance: true,
          maintenanceStartDate: '2026-01-01',
          maintenanceInterval: '1.5',
        },
        'Maintenance interval must be a positive whole number',
      ],
    ];
    for (const [body, message] of cases) {
      const res = await call(t.app, owner.cookie, 'POST', '/api/equipment', body);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });

  it('needs a session (401) and the owner or manager role (operator 403)', async () => {
    expect((await addTool(null, 'X')).statusCode).toBe(401);
    const op = await sessionForRole(t.deps.systemDb, owner.companyId, 'operator');
    expect((await addTool(op.cookie, 'X')).statusCode).toBe(403);
    const mgr = await sessionForRole(t.deps.systemDb, owner.companyId, 'manager');
    expect((await addTool(mgr.cookie, 'Mgr tool')).statusCode).toBe(201);
  });
});

describe('plan limit', () => {
  it('refuses the 16th machine on a 15 plan with 403 plan_limit', async () => {
    const o = await fresh();
    for (let i = 0; i < 15; i++) await createEquipmentViaApi(t.app, o.cookie, { name: `M${i}` });
    const res = await addTool(o.cookie, 'One too many');
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
      Array.from({ length: 10 }, (_, i) => addTool(o.cookie, `Race ${i}`)),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 403)).toHaveLength(9);
    expect((await call(t.app, o.cookie, 'GET', '/api/equipment/count')).json().count).toBe(15);
  });

  it('-1 means unlimited', async () => {
    const o = await fresh();
    await t.deps.systemDb
      .update(company)
      .set({ equipmentLimit: 1 })
      .where(eq(company.id, o.companyId));
    await createEquipmentViaApi(t.app, o.cookie);
    expect((await addTool(o.cookie, 'B')).statusCode).toBe(403);
    await unlimited(o.companyId);
    expect((await addTool(o.cookie, 'B')).statusCode).toBe(201);
  });
});

describe('GET /api/equipment', () => {
  it("lists only the company's machines, filters by status, type and search; operators may not (403)", async () => {
    const o = await fresh();
    const other = await fresh();
    await createEquipmentViaApi(t.app, other.cookie, { name: 'Not mine' });
    await createEquipmentViaApi(t.app, o.cookie, {
      name: 'Good truck',
      type: 'vehicle',
      unit: 'miles',
      currentUsage: 10,
      serviceInterval: 100,
      lastServiceUsage: 0,
    });
    await createEquipmentViaApi(t.app, o.cookie, {
      name: 'Due loader',
      currentUsage: 105,
      serviceInterval: 100,
      lastServiceUsage: 0,
    });
    await createEquipmentViaApi(t.app, o.cookie, {
      name: 'Soon drill',
      type: 'tools',
      serialNumber: 'ZX-9',
      hasScheduledMaintenance: true,
      maintenanceStartDate: '2026-11-20',
      maintenanceInterval: 5,
      maintenanceIntervalUnit: 'days',
      serviceInterval: 0,
    });
    const all = (await call(t.app, o.cookie, 'GET', '/api/equipment')).json<EquipmentDto[]>();
    expect(all.map((e) => e.name)).toEqual(['Due loader', 'Good truck', 'Soon drill']);
    const names = async (qs: string) =>
      (await call(t.app, o.cookie, 'GET', `/api/equipment?${qs}`))
        .json<EquipmentDto[]>()
        .map((e) => e.name);
    expect(await names('status=due')).toEqual(['Due loader']);
    expect(await names('status=time_for_service')).toEqual(['Due loader']);
    expect(await names('status=approaching')).toEqual(['Soon drill']);
    expect(await names('status=good')).toEqual(['Good truck']);
    expect(await names('status=all&type=vehicle')).toEqual(['Good truck']);
    expect(await names('search=zx-')).toEqual(['Soon drill']);
    expect(await names('search=100%25')).toEqual([]);
    const op = await sessionForRole(t.deps.systemDb, o.companyId, 'operator');
    expect(await statusOf(t.app, op.cookie, 'GET', '/api/equipment')).toBe(403);
    expect(await statusOf(t.app, null, 'GET', '/api/equipment')).toBe(401);
  });

  it('finds the same machines as the Equipment List and the operator picker for any search (one search)', async () => {
    const o = await fresh();
    for (const [name, serialNumber, type] of [
      ['Grúa ÁLAMO', null, 'machinery'],
      ['Forklift_3', 'ÑU-7', 'vehicle'],
      ['Drill 100%', 'a\\b', 'tools'],
      ['Backhoe', 'BH-1', 'machinery'],
      ['backhoe 2', null, 'other'],
    ] as const)
      await createEquipmentViaApi(t.app, o.cookie, { name, serialNumber, type });
    const names = async (url: string) => {
      const res = await call(t.app, o.cookie, 'GET', url);
      expect(res.statusCode).toBe(200);
      const body = res.json<EquipmentDto[] | { items: EquipmentDto[] }>();
      return (Array.isArray(body) ? body : body.items).map((e) => e.name);
    };
    const expected: Record<string, string[]> = {
      álamo: ['Grúa ÁLAMO'],
      GRÚA: ['Grúa ÁLAMO'],
      'ñu-': ['Forklift_3'],
      _: ['Forklift_3'],
      '%': ['Drill 100%'],
      '\\': ['Drill 100%'],
      ' hoe ': ['Backhoe', 'backhoe 2'],
      'hoe 2': ['backhoe 2'],
      other: ['backhoe 2'],
      '': ['Backhoe', 'backhoe 2', 'Drill 100%', 'Forklift_3', 'Grúa ÁLAMO'],
    };
    for (const [search, want] of Object.entries(expected)) {
      const q = encodeURIComponent(search);
      expect(await names(`/api/equipment?search=${q}`), search).toEqual(want);
      expect(await names(`/api/equipment/page?limit=100&search=${q}`), search).toEqual(want);
      expect(await names(`/api/equipment/options?search=${q}`), search).toEqual(want);
    }
  });

  it('runs a fixed number of SQL queries per batch of machines (streamed, issue 43), not per machine', async () => {
    const o = await fresh();
    await unlimited(o.companyId);
    await createEquipmentViaApi(t.app, o.cookie, { name: 'First' });
    const measure = async () => {
      const before = t.database.queryCount.value;
      const res = await call(t.app, o.cookie, 'GET', '/api/equipment');
      expect(res.statusCode).toBe(200);
      return {
        queries: t.database.queryCount.value - before,
        n: res.json<EquipmentDto[]>().length,
      };
    };
    const small = await measure();
    expect(small.n).toBe(1);
    for (let chunk = 0; chunk < 4; chunk++) {
      await t.deps.systemDb.insert(equipment).values(
        Array.from({ length: 500 }, (_, i) => ({
          companyId: o.companyId,
          name: `Bulk ${chunk}-${i}`,
          type: 'vehicle',
          unit: 'miles',
          currentUsage: i * 10,
          serviceInterval: 1000,
        })),
      );
    }
    const big = await measure();
    expect(big.n).toBe(2001);
    // The first batch's ids (LIMIT EXPORT_FIRST_BATCH), then, for a larger company, every id once; each
    // batch's records, its tasks and its forecasts' two reads (equipment-export.ts).
    const perBatches = (n: number) =>
      n < EXPORT_FIRST_BATCH
        ? 1 + 4
        : 2 + 4 * (1 + Math.ceil((n - EXPORT_FIRST_BATCH) / EXPORT_BATCH));
    expect(small.queries).toBe(perBatches(1));
    expect(big.queries).toBe(perBatches(2001));
  });
});

describe('GET /api/equipment/page (the Equipment List)', () => {
  type Page = {
    items: EquipmentDto[];
    total: number;
    offset: number;
    limit: number;
    counts: Record<string, number>;
  };
  const page = async (o: SignedIn, qs = '') => {
    const res = await call(t.app, o.cookie, 'GET', `/api/equipment/page${qs ? `?${qs}` : ''}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Page>();
  };
  const names = (p: Page) => p.items.map((e) => e.name);
  /** This company's machines with a usage percentage of an interval of 100. */
  const insert = (
    companyId: string,
    rows: { name: string; pct?: number; type?: string; serialNumber?: string }[],
  ) => insertNamed(companyId, rows, (r) => ({ currentUsage: r.pct ?? 10, lastServiceUsage: 0 }));

  it("pages, searches and filters the company's machines by name, with the counts; another company's never show", async () => {
    const o = await fresh();
    const other = await fresh();
    await insert(o.companyId, [
      { name: 'Backhoe 1', pct: 10 },
      { name: 'backhoe 2', pct: 85 },
      { name: 'Crane', pct: 105 },
      { name: 'Drill', pct: 130, type: 'tools', serialNumber: 'SN-77' },
      { name: 'Excavator', pct: 20 },
      { name: 'Forklift 100%', pct: 50, type: 'vehicle' },
    ]);
    await insert(other.companyId, [{ name: 'Backhoe Foreign', pct: 130 }]);

    const first = await page(o);
    expect(first).toMatchObject({ total: 6, offset: 0, limit: 25 });
    expect(first.counts).toEqual({
      all: 6,
      good: 3,
      approaching_service: 1,
      time_for_service: 1,
      overdue: 1,
      no_schedule: 0,
    });
    expect(names(first)).toEqual([
      'Backhoe 1',
      'backhoe 2',
      'Crane',
      'Drill',
      'Excavator',
      'Forklift 100%',
    ]);
    expect(first.items[3]!.status.serviceStatus).toBe('overdue');

    const p1 = await page(o, 'limit=4');
    const p2 = await page(o, 'limit=4&offset=4');
    expect([names(p1), names(p2)]).toEqual([
      ['Backhoe 1', 'backhoe 2', 'Crane', 'Drill'],
      ['Excavator', 'Forklift 100%'],
    ]);
    expect([p1.total, p2.total, p2.offset, p2.limit]).toEqual([6, 6, 4, 4]);
    expect(await page(o, 'offset=50')).toMatchObject({ items: [], total: 6 });

    // Search: case-insensitive, anywhere in the name (or the serial number); % is a plain character.
    expect(names(await page(o, 'search=BACKHOE'))).toEqual(['Backhoe 1', 'backhoe 2']);
    expect(names(await page(o, 'search=%20hoe%202%20'))).toEqual(['backhoe 2']);
    expect(names(await page(o, 'search=sn-7'))).toEqual(['Drill']);
    expect(names(await page(o, 'search=100%25'))).toEqual(['Forklift 100%']);
    expect(names(await page(o, 'search=0%25'))).toEqual(['Forklift 100%']);
    // Filters: status (service status or page slug), type; the counts stay those of the whole fleet.
    const overdue = await page(o, 'status=overdue');
    expect([names(overdue), overdue.total, overdue.counts.all]).toEqual([['Drill'], 1, 6]);
    expect(names(await page(o, 'status=due'))).toEqual(['Crane']);
    expect(names(await page(o, 'status=approaching_service'))).toEqual(['backhoe 2']);
    expect(names(await page(o, 'status=good&type=vehicle'))).toEqual(['Forklift 100%']);
    expect(names(await page(o, 'status=all&type=all&search=e&limit=2&offset=2'))).toEqual([
      'Crane',
      'Excavator',
    ]);

    // Another company: its machine never appears, whatever the search; its own list holds only it.
    const foreign = await page(o, 'search=foreign');
    expect([foreign.total, foreign.items]).toEqual([0, []]);
    const theirs = await page(other);
    expect([names(theirs), theirs.counts.all]).toEqual([['Backhoe Foreign'], 1]);
  });

  it('pages machines with the same name without gaps or repeats', async () => {
    const o = await fresh();
    await insert(
      o.companyId,
      Array.from({ length: 7 }, () => ({ name: 'Same' })),
    );
    const ids: string[] = [];
    for (let offset = 0; offset < 7; offset += 3)
      ids.push(...(await page(o, `limit=3&offset=${offset}`)).items.map((e) => e.id));
    expect(ids).toHaveLength(7);
    expect(new Set(ids).size).toBe(7);
  });

  it('answers a bad query with a 400 that says what is wrong', async () => {
    const o = await fresh();
    const cases: [string, string][] = [
      ['limit=0', 'limit must be at least 1'],
      ['limit=101', 'limit must be at most 100'],
      ['limit=abc', 'limit must be a number'],
      ['limit=2.5', 'limit must be a whole number'],
      ['limit=1&limit=2', 'limit must be a number'],
      ['offset=-1', 'offset must be 0 or more'],
      ['offset=1.5', 'offset must be a whole number'],
      ['offset=1000001', 'offset must be at most 1,000,000'],
      [
        'status=broken',
        'status must be one of: all, good, approaching_service, time_for_service, overdue, approaching, due, no_schedule',
      ],
      ['type=spaceship', 'type must be one of: all, vehicle, machinery, tools, other'],
      [`search=${'x'.repeat(201)}`, 'search must be at most 200 characters'],
      ['search=a&search=b', 'search must be text'],
    ];
    for (const [qs, message] of cases) {
      const res = await call(t.app, o.cookie, 'GET', `/api/equipment/page?${qs}`);
      expect([qs, res.statusCode, res.json().message]).toEqual([qs, 400, message]);
    }
  });

  it('is for owners and managers: operators 403, signed out 401', async () => {
    const o = await fresh();
    await insert(o.companyId, [{ name: 'Loader' }]);
    const manager = await sessionForRole(t.deps.systemDb, o.companyId, 'manager');
    expect(names(await page({ ...o, cookie: manager.cookie }))).toEqual(['Loader']);
    const op = await sessionForRole(t.deps.systemDb, o.companyId, 'operator');
    expect(await statusOf(t.app, op.cookie, 'GET', '/api/equipment/page')).toBe(403);
    expect(await statusOf(t.app, null, 'GET', '/api/equipment/page')).toBe(401);
  });

  it('stays bounded at 2,000 machines: the same few queries and one small page', async () => {
    const o = await fresh();
    await insert(o.companyId, [{ name: 'First' }]);
    const measure = async (qs: string) => {
      const before = t.database.queryCount.value;
      const res = await call(t.app, o.cookie, 'GET', `/api/equipment/page?${qs}`);
      expect(res.statusCode).toBe(200);
      return {
        queries: t.database.queryCount.value - before,
        bytes: res.body.length,
        p: res.json<Page>(),
      };
    };
    const small = await measure('limit=25');
    for (let chunk = 0; chunk < 4; chunk++) {
      await insert(
        o.companyId,
        Array.from({ length: 500 }, (_, i) => ({
          name: `Bulk ${chunk}-${String(i).padStart(3, '0')}`,
          pct: i % 130,
        })),
      );
    }
    const big = await measure('limit=25');
    expect(big.p.total).toBe(2001);
    expect(big.p.items).toHaveLength(25);
    expect(big.queries).toBe(small.queries);
    expect(big.queries).toBeLessThanOrEqual(3);
    // One page is a few tens of KB where the full list is megabytes.
    const full = await call(t.app, o.cookie, 'GET', '/api/equipment');
    expect(big.bytes).toBeLessThan(60_000);
    expect(full.body.length).toBeGreaterThan(20 * big.bytes);
    const last = await measure('limit=100&offset=1950&search=bulk 3');
    expect(last.p.total).toBe(500);
    expect(last.p.items).toEqual([]);
  });
});

describe("GET /api/equipment/options (the operator screen's picker)", () => {
  type Options = { items: Record<string, unknown>[]; total: number; limit: number };
  const insert = (
    companyId: string,
    rows: { name: string; type?: string; serialNumber?: string; fuelType?: string }[],
  ) =>
    insertNamed(companyId, rows, (r) => ({
      fuelType: r.fuelType ?? 'n/a',
      currentUsage: 12.5,
      totalFuelUsed: 99,
      description: 'owner only',
    }));
  const options = async (cookie: string, qs = '') => {
    const res = await call(t.app, cookie, 'GET', `/api/equipment/options${qs ? `?${qs}` : ''}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Options>();
  };
  const names = (o: Options) => o.items.map((e) => e.name);

  it('gives operators only the fields the screen needs, sorted by name, searchable by name, serial and type', async () => {
    const o = await fresh();
    const other = await fresh();
    await insert(o.companyId, [
      { name: 'Loader 2', serialNumber: 'LD-200', fuelType: 'diesel' },
      { name: 'bulldozer', fuelType: 'gasoline' },
      { name: 'Pickup', type: 'vehicle', serialNumber: 'VIN-77' },
      { name: 'Drill 100%', type: 'tools' },
    ]);
    await insert(other.companyId, [{ name: 'Loader Foreign', serialNumber: 'LD-999' }]);
    const op = await sessionForRole(t.deps.systemDb, o.companyId, 'operator');

    const all = await options(op.cookie);
    expect([names(all), all.total, all.limit]).toEqual([
      ['bulldozer', 'Drill 100%', 'Loader 2', 'Pickup'],
      4,
      50,
    ]);
    expect(all.items[2]).toEqual({
      id: expect.any(String),
      name: 'Loader 2',
      type: 'machinery',
      serialNumber: 'LD-200',
      unit: 'hours',
      fuelType: 'diesel',
      currentUsage: 12.5,
      outOfService: false,
    });
    for (const item of all.items) expect(Object.keys(item).sort()).toEqual(PICKER_FIELDS);

    expect(names(await options(op.cookie, 'search=LOADER'))).toEqual(['Loader 2']);
    expect(names(await options(op.cookie, 'search=ld-'))).toEqual(['Loader 2']);
    expect(names(await options(op.cookie, 'search=vin-77'))).toEqual(['Pickup']);
    expect(names(await options(op.cookie, 'search=vehicle'))).toEqual(['Pickup']);
    expect(names(await options(op.cookie, 'search=100%25'))).toEqual(['Drill 100%']);
    // A translated type label the client matched ("herramientas" is tools): that type matches too.
    expect(names(await options(op.cookie, 'search=herramientas&matchTypes=tools'))).toEqual([
      'Drill 100%',
    ]);
    expect(names(await options(op.cookie, 'search=maq&matchTypes=machinery,vehicle'))).toEqual([
      'bulldozer',
      'Loader 2',
      'Pickup',
    ]);
    expect(names(await options(op.cookie, 'matchTypes=tools'))).toHaveLength(4); // no search: no filter
    // Another company's machines never appear, whatever the search.
    expect(await options(op.cookie, 'search=foreign')).toEqual({ items: [], total: 0, limit: 50 });
    expect(names(await options(op.cookie, 'search=LD-999'))).toEqual([]);

    // Owners and managers may call it too; signed out is a 401.
    expect(names(await options(o.cookie, 'search=pick'))).toEqual(['Pickup']);
    const manager = await sessionForRole(t.deps.systemDb, o.companyId, 'manager');
    expect((await options(manager.cookie)).total).toBe(4);
    expect(await statusOf(t.app, null, 'GET', '/api/equipment/options')).toBe(401);
    // The owner-only calls stay closed to the operator.
    for (const url of [
      '/api/equipment',
      '/api/equipment/page',
      `/api/equipment/${String(all.items[0]!.id)}`,
    ]) {
      expect((await call(t.app, op.cookie, 'GET', url)).statusCode, url).toBe(403);
    }
  });

  it('is bounded: a limit (default 50, at most 100), the total, and search finds any machine of 2,000', async () => {
    const o = await fresh();
    await unlimited(o.companyId);
    await insert(
      o.companyId,
      Array.from({ length: 2000 }, (_, i) => ({
        name: `Unit ${String(i).padStart(4, '0')}`,
        serialNumber: `SN-${i}`,
      })),
    );
    const op = await sessionForRole(t.deps.systemDb, o.companyId, 'operator');
    const measure = async (qs: string) => {
      const before = t.database.queryCount.value;
      const res = await call(t.app, op.cookie, 'GET', `/api/equipment/options?${qs}`);
      return { res, queries: t.database.queryCount.value - before };
    };
    await measure('limit=1'); // the session's first use may write its last-seen time
    const few = await measure('limit=1');
    const { res, queries } = await measure('');
    const first = res.json<Options>();
    expect([first.items.length, first.total, first.limit]).toEqual([50, 2000, 50]);
    expect(names(first)[0]).toBe('Unit 0000');
    expect(queries).toBe(few.queries);
    expect(queries).toBeLessThanOrEqual(3);
    expect(res.body.length).toBeLessThan(10_000);
    expect((await options(op.cookie, 'limit=5')).items).toHaveLength(5);
    expect(names(await options(op.cookie, 'search=SN-1999'))).toEqual(['Unit 1999']);
    expect(names(await options(op.cookie, 'search=unit 1234'))).toEqual(['Unit 1234']);
  });

  it('answers a bad query with a 400 that says what is wrong', async () => {
    const o = await fresh();
    const op = await sessionForRole(t.deps.systemDb, o.companyId, 'operator');
    const cases: [string, string][] = [
      ['limit=0', 'limit must be at least 1'],
      ['limit=101', 'limit must be at most 100'],
      ['limit=x', 'limit must be a number'],
      [`search=${'x'.repeat(201)}`, 'search must be at most 200 characters'],
      [
        'matchTypes=tools,spaceship',
        'matchTypes must be a comma-separated list of: vehicle, machinery, tools, other',
      ],
      [
        'matchTypes=a&matchTypes=b',
        'matchTypes must be a comma-separated list of: vehicle, machinery, tools, other',
      ],
    ];
    for (const [qs, message] of cases) {
      const res = await call(t.app, op.cookie, 'GET', `/api/equipment/options?${qs}`);
      expect([qs, res.statusCode, res.json().message]).toEqual([qs, 400, message]);
    }
  });
});

describe('one record: get, edit, delete; tenancy', () => {
  it('gets, edits (lowering usage is written to history), turns scheduling off, deletes', async () => {
    const e = await createEquipmentViaApi(t.app, owner.cookie, {
      name: 'Edit me',
      currentUsage: 500,
      // Last serviced at 0: lowering the usage to 450 stays above it (an edit below it is refused).
      lastServiceUsage: 0,
      hasScheduledMaintenance: true,
      maintenanceStartDate: '2026-11-01',
      maintenanceInterval: 2,
      maintenanceIntervalUnit: 'years',
    });
    expect(e.nextMaintenanceDate).toBe('2028-11-01');
    const got = await call(t.app, owner.cookie, 'GET', `/api/equipment/${e.id}`);
    expect(got.json<EquipmentDto>().name).toBe('Edit me');

    const patched = await call(t.app, owner.cookie, 'PATCH', `/api/equipment/${e.id}`, {
      currentUsage: 450,
      description: 'Fixed meter',
      hasScheduledMaintenance: false,
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json<EquipmentDto>()).toMatchObject({
      currentUsage: 450,
      description: 'Fixed meter',
      hasScheduledMaintenance: false,
      maintenanceInterval: null,
      maintenanceStartDate: null,
      nextMaintenanceDate: null,
      name: 'Edit me',
    });
    const hist = (await call(t.app, owner.cookie, 'GET', `/api/equipment/${e.id}/history`)).json<
      HistoryRecordDto[]
    >();
    // One edit: the usage correction, then one entry with every other changed field (old and new values).
    expect(hist[1]).toMatchObject({
      type: 'update',
      noteType: 'usage_update',
      reading: 'correction',
      usage: 450,
      previousUsage: 500,
      equipmentName: 'Edit me',
      canVoid: true,
    });
    expect(hist[1]).toMatchObject({
      kind: 'correction',
      params: { previousUsage: 500, usage: 450, unit: 'hours' },
      text: 'Usage corrected from 500 hours to 450 hours',
    });
    expect(hist[0]).toMatchObject({ noteType: 'change', type: 'update' });
    expect(hist[0]!.changes?.map((c) => c.field)).toContain('hasScheduledMaintenance');
    expect(hist[0]!.operatorName).toBeTruthy();

    const bad = await call(t.app, owner.cookie, 'PATCH', `/api/equipment/${e.id}`, {
      hasScheduledMaintenance: true,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(
      'Maintenance start date is required when scheduled maintenance is enabled',
    );

    expect(await statusOf(t.app, owner.cookie, 'DELETE', `/api/equipment/${e.id}`)).toBe(200);
    expect(await statusOf(t.app, owner.cookie, 'GET', `/api/equipment/${e.id}`)).toBe(404);
    const notes = await t.deps.systemDb
      .select()
      .from(equipmentNote)
      .where(eq(equipmentNote.equipmentId, e.id));
    expect(notes).toHaveLength(0); // notes go with their equipment
  });

  it("another company's id is a 404 on every call, and operators get 403 on every write", async () => {
    const e = await createEquipmentViaApi(t.app, owner.cookie, { name: 'Private' });
    const other = await fresh();
    const op = await sessionForRole(t.deps.systemDb, owner.companyId, 'operator');
    const tech = await sessionForRole(t.deps.systemDb, owner.companyId, 'technician');
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
      expect(
        (await call(t.app, other.cookie, m, url, body)).statusCode,
        `${method} ${url} other company`,
      ).toBe(404);
      expect(
        (await call(t.app, op.cookie, m, url, body)).statusCode,
        `${method} ${url} operator`,
      ).toBe(403);
      expect(
        (await call(t.app, tech.cookie, m, url, body)).statusCode,
        `${method} ${url} technician`,
      ).toBe(403);
      expect(
        (await call(t.app, null, m, url, body)).statusCode,
        `${method} ${url} signed out`,
      ).toBe(401);
    }
    for (const url of ['/api/equipment/count', '/api/retired-equipment']) {
      expect(await statusOf(t.app, op.cookie, 'GET', url)).toBe(403);
    }
    expect(await statusOf(t.app, owner.cookie, 'GET', '/api/equipment/not-a-uuid')).toBe(404);
    expect((await call(t.app, owner.cookie, 'GET', `/api/equipment/${e.id}`)).json().name).toBe(
      'Private',
    );
  });
});

describe('usage, notes, service, history', () => {
  it('adds usage with SQL arithmetic (concurrent increases are never lost) and writes history', async () => {
    const e = await createEquipmentViaApi(t.app, owner.cookie, {
      name: 'Usage',
      currentUsage: 100.5,
      serviceInterval: 100,
    });
    const bad = await call(t.app, owner.cookie, 'PATCH', `/api/equipment/${e.id}/usage`, {
      usageIncrease: 0,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Please enter a valid positive number for usage increase.');
    expect(
      await statusOf(t.app, owner.cookie, 'PATCH', `/api/equipment/${e.id}/usage`, {
        usageIncrease: 'abc',
      }),
    ).toBe(400);
    await Promise.all(
      Array.from({ length: 10 }, () =>
        call(t.app, owner.cookie, 'PATCH', `/api/equipment/${e.id}/usage`, { usageIncrease: 0.1 }),
      ),
    );
    const res = await call(t.app, owner.cookie, 'PATCH', `/api/equipment/${e.id}/usage`, {
      usageIncrease: 80,
    });
    expect(res.statusCode).toBe(200);
    const after = res.json<EquipmentDto>();
    expect(after.currentUsage).toBe(181.5);
    expect(after.status.serviceStatus).toBe('approaching_service'); // (181.5 - 100.5) / 100 = 81 %
    const hist = (await call(t.app, owner.cookie, 'GET', `/api/equipment/${e.id}/history`)).json<
      HistoryRecordDto[]
    >();
    expect(hist).toHaveLength(12); // 11 increases and the value it was added with
    expect(hist.every((h) => h.noteType === 'usage_update' && h.type === 'update')).toBe(true);
    expect(hist.at(-1)).toMatchObject({ reading: 'initial', usage: 100.5, canVoid: false });
  });

  it('adds and lists notes (trimmed, not empty)', async () => {
    const e = await createEquipmentViaApi(t.app, owner.cookie, { name: 'Notes' });
    const empty = await call(t.app, owner.cookie, 'POST', `/api/equipment/${e.id}/notes`, {
      content: '   ',
      type: 'note',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Note cannot be empty');
    const res = await call(t.app, owner.cookie, 'POST', `/api/equipment/${e.id}/notes`, {
      content: '  Replaced the belt ',
      type: 'note',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json<NoteDto>()).toMatchObject({
      content: 'Replaced the belt',
      type: 'note',
      equipmentId: e.id,
    });
    const list = (await call(t.app, owner.cookie, 'GET', `/api/equipment/${e.id}/notes`)).json<
      NoteDto[]
    >();
    expect(list.map((n) => n.content)).toEqual(['Replaced the belt', 'Added with usage 100 hours']);
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
    await call(t.app, owner.cookie, 'PATCH', `/api/equipment/${e.id}/usage`, {
      usageIncrease: 120,
    });
    const before = (
      await call(t.app, owner.cookie, 'GET', `/api/equipment/${e.id}`)
    ).json<EquipmentDto>();
    expect(before.status.serviceStatus).toBe('overdue');
    // Twelve days later the first (browser-session) sign-in has expired: a remembered one has not.
    const remembered = await signInAgain(t.app, owner, true);
    t.clock.set(new Date('2026-12-02T23:30:00Z'));
    expect(await statusOf(t.app, owner.cookie, 'GET', `/api/equipment/${e.id}`)).toBe(401);
    const res = await call(t.app, remembered, 'PATCH', `/api/equipment/${e.id}/reset-service`);
    t.clock.set(new Date('2026-11-20T15:00:00Z'));
    expect(res.statusCode).toBe(200);
    const after = res.json<EquipmentDto>();
    expect(after).toMatchObject({
      lastServiceUsage: 120,
      currentUsage: 120,
      nextMaintenanceDate: '2027-01-02',
    });
    expect(after.status.remainingUsage).toBe(100);
    const hist = (await call(t.app, owner.cookie, 'GET', `/api/equipment/${e.id}/history`)).json<
      HistoryRecordDto[]
    >();
    expect(hist[0]).toMatchObject({ noteType: 'maintenance', type: 'update', usage: 120 });
  });

  it('computes "today" in the company time zone', async () => {
    const o = await fresh();
    await t.deps.systemDb
      .update(company)
      .set({ timeZone: 'America/Chicago' })
      .where(eq(company.id, o.companyId));
    const remembered = await signInAgain(t.app, o, true); // reads the new time zone (a sign-in is cached per process)
    t.clock.set(new Date('2026-11-21T03:00:00Z')); // still Nov 20 in Chicago
    const e = await createEquipmentViaApi(t.app, remembered, {
      serviceInterval: 0,
      hasScheduledMaintenance: true,
      maintenanceStartDate: '2026-11-20',
      maintenanceInterval: 1,
      maintenanceIntervalUnit: 'days',
    });
    t.clock.set(new Date('2026-11-20T15:00:00Z'));
    expect(e.status.daysUntilMaintenance).toBe(1);
  });
});

describe('retire and retired equipment', () => {
  it('marks the machine retired (its record and history stay) and removes it from the active list', async () => {
    const o = await fresh();
    const e = await createEquipmentViaApi(t.app, o.cookie, {
      name: 'Old truck',
      type: 'vehicle',
      unit: 'miles',
      currentUsage: 98765.4,
      serialNumber: 'SN-77',
      fuelType: 'diesel',
      threshold: 100000,
      description: 'Blue',
    });
    await t.deps.systemDb
      .update(equipment)
      .set({ totalFuelUsed: 12.345, totalDieselUsed: 12.345 })
      .where(eq(equipment.id, e.id));
    const res = await call(t.app, o.cookie, 'POST', `/api/equipment/${e.id}/retire`, {
      retirementNotes: '  Sold at auction ',
    });
    expect(res.statusCode).toBe(200);
    const r = res.json<RetiredEquipmentDto>();
    expect(r).toMatchObject({
      originalEquipmentId: e.id,
      name: 'Old truck',
      finalUsage: 98765.4,
      serialNumber: 'SN-77',
      fuelType: 'diesel',
      totalFuelUsed: 12.345,
      totalDieselUsed: 12.345,
      retirementNotes: 'Sold at auction',
      threshold: 100000,
      description: 'Blue',
      originalDateAdded: e.dateAdded,
    });
    expect(r.retiredBy).toBeTruthy();
    expect((await call(t.app, o.cookie, 'GET', '/api/equipment')).json()).toEqual([]);
    expect((await call(t.app, o.cookie, 'GET', '/api/equipment/count')).json().count).toBe(0);
    const retired = (await call(t.app, o.cookie, 'GET', '/api/retired-equipment')).json<
      RetiredEquipmentDto[]
    >();
    expect(retired.map((x) => x.name)).toEqual(['Old truck']);
    expect(
      (await call(t.app, owner.cookie, 'GET', '/api/retired-equipment'))
        .json<RetiredEquipmentDto[]>()
        .some((x) => x.name === 'Old truck'),
    ).toBe(false);
    expect(await statusOf(t.app, o.cookie, 'POST', `/api/equipment/${e.id}/retire`, {})).toBe(409);
  });
});
