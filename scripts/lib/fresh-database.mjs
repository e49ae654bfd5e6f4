// A database of its own for one server under test: a fresh PGlite data directory, or a new PostgreSQL
// database created on DATABASE_URL's server. Used by the benchmarks, the README smoke test and the
// browser tests' server (scripts/test.mjs).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/** The PostgreSQL server new databases are made on: DATABASE_URL's, or the local one. */
export const PG_BASE = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * Returns the server environment of a fresh database (DATA_DIR for PGlite, DATABASE_URL for PostgreSQL)
 * and how to drop it, or null when PostgreSQL cannot be reached (the caller says what it skips).
 */
export async function freshDatabase(kind, prefix) {
  if (kind === 'pglite') {
    const dir = mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
    return {
      env: { DATA_DIR: dir, DATABASE_URL: '' },
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const name = `${prefix.replaceAll('-', '_')}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_BASE });
  try {
    await admin.connect();
  } catch (err) {
    console.warn(`PostgreSQL not reachable at ${PG_BASE}: ${err.message}; skipping`);
    return null;
  }
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(PG_BASE);
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.toString() },
    drop: async () => {
      const c = new pg.Client({ connectionString: PG_BASE });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}
