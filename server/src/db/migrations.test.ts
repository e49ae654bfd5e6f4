/**
 * The data migrations of issue 12 on a database that holds data from before them: retired machines
 * move into `equipment` (retired_at set) and keep their figures; usage entries learn their kind, the
 * usage before them and the operator update they applied; services get their date in the company's
 * time zone, and each machine its last service date.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.sql'))
  .sort();
const statements = (file: string) =>
  readFileSync(path.join(dir, file), 'utf8')
    .split('--> statement-breakpoint')
    .map((s) => s.trim())
    .filter(Boolean);

/** A new, empty database of the kind this pass tests (PGlite in memory, or a fresh PostgreSQL database). */
type Db = {
  exec: (sql: string) => Promise<unknown>;
  query: <T>(sql: string) => Promise<{ rows: T[] }>;
  close: () => Promise<void>;
};
async function emptyDatabase(): Promise<Db> {
  if (process.env.TEST_DB !== 'postgres') {
    const lite = await PGlite.create();
    return {
      exec: (sql) => lite.exec(sql),
      query: <T>(sql: string) => lite.query<T>(sql),
      close: () => lite.close(),
    };
  }
  const base = process.env.DATABASE_URL!;
  const name = `ems_migrations_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  return {
    exec: (sql) => client.query(sql),
    query: async <T>(sql: string) => ({ rows: (await client.query(sql)).rows as T[] }),
    close: async () => {
      await client.end();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

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
