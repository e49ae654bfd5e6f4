/**
 * The data migrations of issue 12 on a database that holds data from before them: retired machines
 * move into `equipment` (retired_at set) and keep their figures; usage entries learn their kind, the
 * usage before them and the operator update they applied; services get their date in the company's
 * time zone, and each machine its last service date.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { freeTextOf, historyEntrySchema, type HistoryEntry } from '@domain/history';
import {
  emptyDatabase,
  migrationFiles as files,
  statementsOf as statements,
  type Db,
} from './migrations-testing';

let db: Db;
beforeAll(async () => {
  db = await emptyDatabase();
});
afterAll(async () => {
  await db?.close();
});

it('0002 keeps retired machines and their figures, and gives old history its kinds', async () => {
  const upTo = (prefix: string) => files.filter((f) => f < prefix);
  for (const f of upTo('0002')) for (const s of statements(f)) await db.exec(s);
  const C = '11111111-1111-4111-8111-111111111111';
  const E = '22222222-2222-4222-8222-222222222222';
  const R = '33333333-3333-4333-8333-333333333333';
  const U = '44444444-4444-4444-8444-444444444444';
  await db.exec(`
    insert into company (id, name, time_zone) values ('${C}', 'Old Co', 'America/Chicago');
    insert into equipment (id, company_id, name, type, unit, current_usage, has_scheduled_maintenance,
      maintenance_start_date, maintenance_interval, maintenance_interval_unit)
      values ('${E}', '${C}', 'Active', 'machinery', 'hours', 130, true, '2026-01-01', 1, 'months');
    insert into retired_equipment (company_id, original_equipment_id, name, type, serial_number, unit,
      final_usage, total_fuel_used, total_diesel_used, retirement_notes, retired_by, original_date_added, retired_at)
      values ('${C}', '${R}', 'Old truck', 'vehicle', 'SN-1', 'miles', 98765.4, 12.345, 12.345, 'Sold', 'Pat',
        '2025-01-01T00:00:00Z', '2026-06-01T00:00:00Z');
    insert into operator_update (id, company_id, equipment_id, equipment_name, operator_name, new_usage,
      fuel_added, fuel_type, status, created_at)
      values ('${U}', '${C}', '${E}', 'Active', 'Maria', 120, 5, 'gas', 'applied', '2026-05-01T12:00:00Z');
    insert into equipment_note (company_id, equipment_id, content, type, usage, operator_name, created_at) values
      ('${C}', '${E}', '', 'usage_update', 120, 'Maria', '2026-05-01T12:00:00Z'),
      ('${C}', '${E}', 'Usage increased by 10 to 130 hours', 'usage_update', 130, 'Pat', '2026-05-02T12:00:00Z'),
      ('${C}', '${E}', 'Marked as serviced at 130 hours', 'maintenance', 130, 'Pat', '2026-05-03T02:00:00Z');
  `);
  for (const f of files.filter((x) => x.startsWith('0002')))
    for (const s of statements(f)) await db.exec(s);

  const retired = await db.query<Record<string, unknown>>(
    `select name, serial_number, current_usage::float8 as usage, total_diesel_used::float8 as diesel,
       retirement_notes, retired_by, retired_at is not null as retired, date_added
     from equipment where id = '${R}'`,
  );
  expect(retired.rows).toEqual([
    {
      name: 'Old truck',
      serial_number: 'SN-1',
      usage: 98765.4,
      diesel: 12.345,
      retirement_notes: 'Sold',
      retired_by: 'Pat',
      retired: true,
      date_added: new Date('2025-01-01T00:00:00Z'),
    },
  ]);
  const tables = await db.query(`select 1 from pg_tables where tablename = 'retired_equipment'`);
  expect(tables.rows).toHaveLength(0);

  const notes = await db.query<Record<string, unknown>>(
    `select type, reading, previous_usage::float8 as prev, operator_update_id, service_date::text as service_date
     from equipment_note order by created_at`,
  );
  expect(notes.rows).toEqual([
    {
      type: 'usage_update',
      reading: 'reading',
      prev: null,
      operator_update_id: U,
      service_date: null,
    },
    {
      type: 'usage_update',
      reading: 'increase',
      prev: 120,
      operator_update_id: null,
      service_date: null,
    },
    // 02:00 UTC on the 3rd is still the 2nd in Chicago.
    {
      type: 'maintenance',
      reading: null,
      prev: null,
      operator_update_id: null,
      service_date: '2026-05-02',
    },
  ]);
  const active = await db.query<Record<string, unknown>>(
    `select last_service_date::text as d, retired_at from equipment where id = '${E}'`,
  );
  expect(active.rows).toEqual([{ d: '2026-05-02', retired_at: null }]);
});

it("0009 gives earlier operator updates their machine's unit", async () => {
  // The database of the test above, brought up to 0008, with its update from before 0009.
  for (const f of files.filter((x) => x >= '0003' && x < '0009'))
    for (const s of statements(f)) await db.exec(s);
  for (const f of files.filter((x) => x.startsWith('0009')))
    for (const s of statements(f)) await db.exec(s);
  const units = await db.query<{ unit: string | null }>(`select unit from operator_update`);
  expect(units.rows).toEqual([{ unit: 'hours' }]);
});

it('0010 turns every stored entry into a kind and params, one fixture per old sentence', async () => {
  // The database of the tests above, at 0009, with one entry of each pattern the old writers stored.
  const C = '11111111-1111-4111-8111-111111111111';
  const E = '55555555-5555-4555-8555-555555555555';
  const U1 = '66666666-6666-4666-8666-666666666661';
  const U2 = '66666666-6666-4666-8666-666666666662';
  const U3 = '66666666-6666-4666-8666-666666666663';
  await db.exec(`
    insert into equipment (id, company_id, name, type, unit, current_usage)
      values ('${E}', '${C}', 'Loader', 'machinery', 'hours', 400);
    insert into operator_update (id, company_id, equipment_id, equipment_name, operator_name, new_usage,
      fuel_added, fuel_type, notes, status, created_at) values
      ('${U1}', '${C}', '${E}', 'Loader', 'Maria', 150, 20, 'diesel', 'Leaking', 'applied', '2026-05-01T12:00:00Z'),
      ('${U2}', '${C}', '${E}', 'Loader', 'Maria', null, 5, 'gas', '', 'applied', '2026-05-01T13:00:00Z'),
      ('${U3}', '${C}', '${E}', 'Loader', 'Maria', 160, 0, 'gas', 'Inspection: Daily check', 'applied', '2026-05-01T14:00:00Z');
    insert into equipment_note (company_id, equipment_id, content, type, usage, reading, previous_usage,
      operator_update_id, service_date, parts, cost, performed_by, changes, operator_name, created_at) values
      ('${C}', '${E}', 'Added with usage 100 hours', 'usage_update', 100, 'initial', null, null, null, null, null, null, null, 'Pat', '2026-04-01T00:00:00Z'),
      ('${C}', '${E}', 'Imported with usage 100 hours', 'usage_update', 100, 'initial', null, null, null, null, null, null, null, 'Pat', '2026-04-01T00:00:01Z'),
      ('${C}', '${E}', 'Imported reading: 1,120 hours · fuel 1,020.5 gal diesel · From the old book', 'usage_update', 1120, 'reading', 100, null, null, null, null, null, null, 'Pat', '2026-04-02T00:00:00Z'),
      ('${C}', '${E}', 'Imported reading: 90 hours', 'usage_update', 90, null, null, null, null, null, null, null, null, 'Pat', '2026-04-02T00:00:01Z'),
      ('${C}', '${E}', 'Imported fuel entry · fuel 12 gal gas · Jerry can', 'note', null, null, null, null, null, null, null, null, null, 'Pat', '2026-04-03T00:00:00Z'),
      ('${C}', '${E}', 'Usage increased by 10 to 130 hours', 'usage_update', 130, 'increase', 120, null, null, null, null, null, null, 'Pat', '2026-04-04T00:00:00Z'),
      ('${C}', '${E}', 'Usage corrected from 130 to 125 hours', 'usage_update', 125, 'correction', 130, null, null, null, null, null, null, 'Pat', '2026-04-05T00:00:00Z'),
      ('${C}', '${E}', 'Leaking', 'usage_update', 150, 'reading', 125, '${U1}', null, null, null, null, null, 'Maria', '2026-05-01T12:00:00Z'),
      ('${C}', '${E}', '', 'usage_update', 150, null, null, '${U2}', null, null, null, null, null, 'Maria', '2026-05-01T13:00:00Z'),
      ('${C}', '${E}', 'Inspection: Daily check', 'usage_update', 160, 'reading', 150, '${U3}', null, null, null, null, null, 'Maria', '2026-05-01T14:00:00Z'),
      ('${C}', '${E}', 'Serviced at 160 hours', 'maintenance', 160, null, null, null, '2026-05-02', '[{"part":"Oil filter","partNumber":null,"qty":2}]', 85.4, 'Joe', null, 'Pat', '2026-05-02T00:00:00Z'),
      ('${C}', '${E}', 'Changed the belt too', 'maintenance', 160, null, null, null, '2026-05-03', null, null, null, null, 'Pat', '2026-05-03T00:00:00Z'),
      ('${C}', '${E}', 'Changed serviceInterval: 250 -> 300', 'change', null, null, null, null, null, null, null, null, '[{"field":"serviceInterval","from":250,"to":300}]', 'Pat', '2026-05-04T00:00:00Z'),
      ('${C}', '${E}', 'Retired: Sold for parts', 'retired', 160, null, null, null, null, null, null, null, null, 'Pat', '2026-05-05T00:00:00Z'),
      ('${C}', '${E}', 'Retired', 'retired', 160, null, null, null, null, null, null, null, null, 'Pat', '2026-05-05T00:00:01Z'),
      ('${C}', '${E}', 'Restored to the active equipment', 'restored', 160, null, null, null, null, null, null, null, null, 'Pat', '2026-05-06T00:00:00Z'),
      ('${C}', '${E}', 'Daily check: ✓ 4 · ✗ 2 (Brakes, Horn)', 'inspection', null, null, null, null, null, null, null, null, null, 'Maria', '2026-05-07T00:00:00Z'),
      ('${C}', '${E}', '✗ Brakes', 'out_of_service', null, null, null, null, null, null, null, null, null, 'Maria', '2026-05-07T00:00:01Z'),
      ('${C}', '${E}', 'Tyre burst', 'out_of_service', null, null, null, null, null, null, null, null, null, 'Pat', '2026-05-07T00:00:02Z'),
      ('${C}', '${E}', '✓ Brakes: new pads', 'defect_resolved', null, null, null, null, null, null, null, null, null, 'Pat', '2026-05-08T00:00:00Z'),
      ('${C}', '${E}', '✓ Brakes', 'in_service', null, null, null, null, null, null, null, null, null, 'Pat', '2026-05-08T00:00:01Z'),
      ('${C}', '${E}', 'Retired', 'note', null, null, null, null, null, null, null, null, null, 'Pat', '2026-05-09T00:00:00Z'),
      ('${C}', '${E}', 'Something else entirely', 'mystery', null, null, null, null, null, null, null, null, null, 'Pat', '2026-05-10T00:00:00Z');
  `);
  const counts = `select equipment_id, count(*)::int as n from equipment_note group by equipment_id order by equipment_id`;
  const before = (await db.query<{ equipment_id: string; n: number }>(counts)).rows;
  for (const f of files.filter((x) => x.startsWith('0010')))
    for (const s of statements(f)) await db.exec(s);
  expect((await db.query(counts)).rows).toEqual(before);

  const rows = (
    await db.query<{ kind: string; params: unknown }>(
      `select kind, params from equipment_note where equipment_id = '${E}' order by created_at`,
    )
  ).rows.map((r) => ({
    kind: r.kind,
    params: typeof r.params === 'string' ? JSON.parse(r.params) : r.params,
  }));
  const parsed = rows.map((r) => historyEntrySchema.safeParse(r));
  expect(parsed.filter((p) => !p.success)).toEqual([]);
  expect(rows).toEqual([
    { kind: 'added', params: { usage: 100, unit: 'hours' } },
    { kind: 'imported', params: { usage: 100, unit: 'hours' } },
    {
      kind: 'reading',
      params: {
        source: 'import',
        previousUsage: 100,
        usage: 1120,
        unit: 'hours',
        fuel: { amount: 1020.5, type: 'diesel' },
        notes: 'From the old book',
      },
    },
    {
      kind: 'reading',
      params: { source: 'import', previousUsage: null, usage: 90, unit: 'hours', past: true },
    },
    {
      kind: 'fuel',
      params: { source: 'import', fuel: { amount: 12, type: 'gas' }, notes: 'Jerry can' },
    },
    {
      kind: 'reading',
      params: { source: 'manager', previousUsage: 120, usage: 130, unit: 'hours' },
    },
    { kind: 'correction', params: { previousUsage: 130, usage: 125, unit: 'hours' } },
    {
      kind: 'reading',
      params: {
        source: 'operator',
        previousUsage: 125,
        usage: 150,
        unit: 'hours',
        fuel: { amount: 20, type: 'diesel' },
        notes: 'Leaking',
      },
    },
    { kind: 'fuel', params: { source: 'operator', fuel: { amount: 5, type: 'gas' }, usage: 150 } },
    {
      kind: 'reading',
      params: {
        source: 'inspection',
        previousUsage: 150,
        usage: 160,
        unit: 'hours',
        checklist: 'Daily check',
      },
    },
    {
      kind: 'service',
      params: {
        date: '2026-05-02',
        usage: 160,
        unit: 'hours',
        parts: [{ part: 'Oil filter', partNumber: null, qty: 2 }],
        cost: 85.4,
        performedBy: 'Joe',
        notes: null,
      },
    },
    {
      kind: 'service',
      params: {
        date: '2026-05-03',
        usage: 160,
        unit: 'hours',
        parts: [],
        cost: null,
        performedBy: null,
        notes: 'Changed the belt too',
      },
    },
    { kind: 'change', params: { changes: [{ field: 'serviceInterval', from: 250, to: 300 }] } },
    { kind: 'retired', params: { remark: 'Sold for parts', usage: 160, unit: 'hours' } },
    { kind: 'retired', params: { remark: null, usage: 160, unit: 'hours' } },
    { kind: 'restored', params: { usage: 160, unit: 'hours' } },
    {
      kind: 'inspection',
      params: { checklist: 'Daily check', passed: 4, failed: ['Brakes', 'Horn'] },
    },
    { kind: 'out_of_service', params: { items: ['Brakes'], reason: null } },
    { kind: 'out_of_service', params: { items: [], reason: 'Tyre burst' } },
    { kind: 'defect_resolved', params: { item: 'Brakes', note: 'new pads' } },
    { kind: 'back_in_service', params: { items: ['Brakes'], reason: null } },
    // A note a person typed as "Retired" stays their words.
    { kind: 'note', params: { text: 'Retired' } },
    { kind: 'note', params: { text: 'Something else entirely' } },
  ]);
});

it('0013 keeps only what a person wrote in content (no stored sentences), notes untouched, counts unchanged', async () => {
  // The database of the test above, after 0010: every entry has its kind and params, and `content` still
  // holds the old English sentence of each.
  const counts = `select equipment_id, count(*)::int as n from equipment_note group by equipment_id order by equipment_id`;
  const before = (await db.query<{ equipment_id: string; n: number }>(counts)).rows;
  for (const f of files.filter((x) => x > '0011' && x < '0014'))
    for (const s of statements(f)) await db.exec(s);
  expect((await db.query(counts)).rows).toEqual(before);

  const rows = (
    await db.query<{ kind: string; params: unknown; content: string }>(
      `select kind, params, content from equipment_note order by created_at`,
    )
  ).rows.map((r) => ({
    entry: {
      kind: r.kind,
      params: typeof r.params === 'string' ? JSON.parse(r.params) : r.params,
    } as HistoryEntry,
    content: r.content,
  }));
  // The SQL keeps exactly the free text the ledger keeps for each kind (domain/history.ts freeTextOf).
  expect(rows.map((r) => r.content)).toEqual(rows.map((r) => freeTextOf(r.entry) ?? ''));
  const contents = rows.map((r) => r.content);
  expect(contents).not.toContain('Added with usage 100 hours');
  expect(contents).not.toContain('Serviced at 160 hours');
  expect(contents.filter((c) => /^(Usage|Imported|Added|Restored|Retired:)/.test(c))).toEqual([]);
  // What people wrote stays: an operator's notes, a service note, a remark, a reason, the typed notes.
  for (const kept of [
    'Leaking',
    'Changed the belt too',
    'Sold for parts',
    'Tyre burst',
    'new pads',
  ])
    expect(contents).toContain(kept);
  expect(rows.filter((r) => r.entry.kind === 'note').map((r) => r.content)).toEqual([
    'Retired',
    'Something else entirely',
  ]);
});
