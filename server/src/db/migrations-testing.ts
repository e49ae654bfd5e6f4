/**
 * For tests of the data migrations (migrations.test.ts, record-repair.test.ts): the migration files in
 * order, a file's statements, and a new empty database of the kind the test pass runs on (PGlite in
 * memory, or a fresh PostgreSQL database with TEST_DB=postgres), to bring up one migration at a time.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
export const migrationFiles = readdirSync(dir)
  .filter((f) => f.endsWith('.sql'))
  .sort();
export const statementsOf = (file: string) =>
  readFileSync(path.join(dir, file), 'utf8')
    .split('--> statement-breakpoint')
    .map((s) => s.trim())
    .filter(Boolean);

export type Db = {
  exec: (sql: string) => Promise<unknown>;
  query: <T>(sql: string) => Promise<{ rows: T[] }>;
  close: () => Promise<void>;
};

export async function emptyDatabase(): Promise<Db> {
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
