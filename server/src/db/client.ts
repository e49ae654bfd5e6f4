import { closeSync, existsSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { Logger } from 'drizzle-orm/logger';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema/index';

export type Schema = typeof schema;
/** One database type for both drivers: PGlite (embedded) and PostgreSQL through `pg`. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction or the database itself: services accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Counts every SQL statement sent (tests use it to prove queries are bounded). */
  queryCount: { value: number };
  close: () => Promise<void>;
};

export class DataDirLockedError extends Error {}

class CountingLogger implements Logger {
  constructor(private readonly counter: { value: number }) {}
  logQuery(): void {
    this.counter.value += 1;
  }
}

function migrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.join(here, 'migrations'), path.join(here, 'db', 'migrations')];
  const found = candidates.find((c) => existsSync(path.join(c, 'meta', '_journal.json')));
  if (!found) throw new Error(`Database migrations not found (looked in ${candidates.join(', ')})`);
  return found;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** PGlite has no lock of its own: a lock file keeps a second process out of the same directory. */
function acquireLock(dir: string): () => void {
  const lockFile = path.join(dir, 'server.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockFile, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lockFile, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number(readFileSync(lockFile, 'utf8').trim());
      if (Number.isInteger(pid) && pid > 0 && (pid === process.pid || isAlive(pid))) {
        throw new DataDirLockedError(
          `The data directory ${dir} is in use by another process (pid ${pid}). ` +
            'Stop that process or choose another DATA_DIR.',
        );
      }
      rmSync(lockFile, { force: true }); // stale lock from a process that died
    }
  }
  throw new DataDirLockedError(`Could not lock the data directory ${dir}.`);
}

export type OpenOptions = {
  /** postgres:// URL; when absent an embedded PGlite database is used. */
  databaseUrl?: string | undefined;
  /** PGlite data directory ("memory://" for an in-memory database). */
  dataDir?: string;
  poolSize?: number;
  migrate?: boolean;
};

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  const queryCount = { value: 0 };
  const logger = new CountingLogger(queryCount);
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? 20 });
    // numeric columns come back as strings; drizzle's mode:'number' converts them.
    const db = drizzlePg(pool, { schema, logger });
    if (opts.migrate !== false) await migratePg(db, { migrationsFolder: migrationsFolder() });
    // An idle connection the server drops (restart, failover) must not crash the process.
    pool.on('error', (err) => console.warn('PostgreSQL idle connection error', err.message));
    const close = async () => {
      // pool.end() resolves before its connections have closed; wait for every one of them.
      const open = pool.totalCount;
      const allRemoved = new Promise<void>((resolve) => {
        let removed = 0;
        if (open === 0) resolve();
        pool.on('remove', () => {
          removed += 1;
          if (removed >= open) resolve();
        });
      });
      await pool.end();
      await allRemoved;
    };
    return { db: db as unknown as Db, kind: 'postgres', queryCount, close };
  }
  const dir = opts.dataDir ?? 'memory://';
  const inMemory = dir.startsWith('memory://');
  const release = inMemory ? () => {} : acquireLock(path.resolve(dir));
  try {
    const client = new PGlite(inMemory ? dir : path.resolve(dir, 'pg'));
    await client.waitReady;
    const db = drizzlePglite(client, { schema, logger });
    if (opts.migrate !== false) await migratePglite(db, { migrationsFolder: migrationsFolder() });
    return {
      db: db as unknown as Db,
      kind: 'pglite',
      queryCount,
      close: async () => {
        await client.close();
        release();
      },
    };
  } catch (err) {
    release();
    throw err;
  }
}
