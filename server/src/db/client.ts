// Over 400 lines: the one Database interface over both kinds (PGlite and pg), with their locks, pools, scopes and snapshots.
import { closeSync, existsSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { gzip as gzipCb } from 'node:zlib';
import { PGlite, type Results, type Transaction } from '@electric-sql/pglite';
import { PreparedStatements } from './pglite-prepared';
import type { Logger } from 'drizzle-orm/logger';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { keepPoolAlive } from './connection-errors';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { grantAppRole, type OwnerQuery } from './app-role';
import * as schema from './schema/index';
import {
  APPLY_SCOPE_SQL,
  asSystem,
  currentScope,
  type DbScope,
  scopeKey,
  scopeParams,
} from './scope';

export type Schema = typeof schema;
/** One database type for both drivers: PGlite (embedded) and PostgreSQL through `pg`. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction or the database itself: services accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

/** How busy the database handle is, read by /metrics (plugins/metrics.ts) at scrape time. */
export type DatabaseStats =
  | { kind: 'postgres'; total: number; idle: number; waiting: number }
  /** PGlite runs one statement at a time: queries and transactions running or queued. */
  | { kind: 'pglite'; inFlight: number };

export type Database = {
  /**
   * The app's handle: each query runs with the scope of the code that issues it (db/scope.ts): a request's
   * company, `asSystem(...)`, or no company at all (tenant tables empty).
   */
  db: Db;
  /**
   * The same connections, every query run as system (all companies visible): for code that legitimately
   * crosses companies (db/scope.ts lists it). Grep for `systemDb` to review every use.
   */
  systemDb: Db;
  kind: 'pglite' | 'postgres';
  /** Counts every SQL statement sent (tests use it to prove queries are bounded). */
  queryCount: { value: number };
  stats: () => DatabaseStats;
  /**
   * Plain SQL as the login role (the tables' owner: no app role, no row-level security), on its own
   * connection: for libraries that manage their own schema (a job queue's tables), never for tenant data.
   * Without parameters the text may hold several statements.
   */
  ownerSql: (
    text: string,
    values?: unknown[],
    opts?: OwnerSqlOptions,
  ) => Promise<{ rows: unknown[]; rowCount: number }>;
  /**
   * The embedded database only (one process holds its data directory, so every write goes through this
   * handle): a value that changes whenever a write that may concern `companyId` has finished, that is a
   * write made in that company's scope, or one made in the system scope or with no company (which may
   * touch any company). Absent on PostgreSQL, where other app servers write too. Read by the read cache
   * (plugins/cached-read.ts, docs/decisions/0012-embedded-read-cache.md).
   */
  dataVersion?: (companyId: string) => string;
  /**
   * PostgreSQL only: the company's data version as the database keeps it (company_data_version, moved by
   * a trigger when any transaction that wrote the company's rows commits, whichever app server wrote), so
   * answers kept in memory are exact there too. One indexed read, in the system scope, not counted in
   * queryCount (it is the cache's, not the answer's).
   */
  storedDataVersion?: (companyId: string) => Promise<string>;
  /**
   * PGlite on a data directory only: a gzipped tar image of the data directory taken between
   * transactions (no query or transaction runs while it is copied), for backups (db/backup.ts) and the
   * API tests' migrated start (OpenOptions.image).
   */
  snapshot?: () => Promise<Buffer>;
  /**
   * The GRANT statements this start ran for the app role (db/app-role.ts): empty when its privileges were
   * all in place, the list after a restore that dropped them; absent when opened without migrating.
   */
  appRoleGrants?: string[];
  close: () => Promise<void>;
};

export type OwnerSqlOptions = {
  /**
   * The statement touches only its library's own tables (the job queue's), never the app's data: it
   * does not change Database.dataVersion. Every other owner statement that may write does.
   */
  libraryTables?: boolean;
};

export class DataDirLockedError extends Error {}

/**
 * Whether a statement can change no row: a plain SELECT calling none of the functions that change
 * state. Anything else (INSERT, UPDATE, DELETE, a data-modifying WITH, a script) counts as a write.
 */
export function isReadOnlyStatement(text: string): boolean {
  return (
    /^\s*(?:\(\s*)*select\b/i.test(text) && !/\b(?:nextval|setval|set_config)\s*\(/i.test(text)
  );
}

const gzip = promisify(gzipCb);

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

/**
 * PGlite has no lock of its own: a lock file keeps a second process out of the same directory.
 * Returns the release function. Also used by the restore command (db/backup.ts).
 */
/** The pid of the live process holding a data directory's lock, or null when none does. */
export function dataDirHolder(dir: string): number | null {
  try {
    const pid = Number(readFileSync(path.join(dir, 'server.lock'), 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 && isAlive(pid) ? pid : null;
  } catch {
    return null;
  }
}

export function lockDataDir(dir: string): () => void {
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
  /**
   * An embedded database's start (an image as Database.snapshot writes it): the API tests open every in-memory
   * database from one migrated image made once per run (test/global-setup.ts) instead of running
   * initdb and every migration again. Migrations still run after it (a no-op when it is current).
   */
  image?: Blob;
};

/**
 * The embedded database's memory: its WASM heap only grows, and PostgreSQL's default shared_buffers
 * (128 MB) ends up resident once a large data set has been read. 32 MB keeps a busy server well under
 * 400 MB (docs/benchmarks.md); pages beyond it come from the operating system's file cache.
 */
const PGLITE_SETTINGS = ['-c', 'shared_buffers=32MB', '-c', 'work_mem=2MB'];

/**
 * bytea in and out of PGlite as hex through Buffer. PGlite's own bytea serializer builds an array of one
 * string per byte (`Array.from(bytes).map(...).join('')`) and its parser calls parseInt per byte: a
 * 256 KB document chunk made some 20 MB of garbage each way, so 8 uploads at once swung the server's
 * memory by 50 to 120 MB with the collector's timing and a 25 MB upload took 12 s (issue 42, "Memory").
 */
const BYTEA_OID = 17;
const PGLITE_BYTEA = {
  serializers: {
    [BYTEA_OID]: (v: unknown) => {
      if (!(v instanceof Uint8Array)) throw new Error('Invalid input for bytea type');
      return `\\x${Buffer.from(v.buffer, v.byteOffset, v.byteLength).toString('hex')}`;
    },
  },
  parsers: { [BYTEA_OID]: (s: string) => Buffer.from(s.slice(2), 'hex') },
};

/** application_name of the app servers' PostgreSQL connections. */
export const APP_CONNECTION_NAME = 'ems-server';
/** pg_advisory_lock key held while migrating ("ems-migrate"): several servers may start at once. */
const MIGRATION_LOCK_KEY = 0x656d732d6d;

/**
 * drizzle's migrator reads the applied migrations, then applies the rest in one transaction, with no
 * lock: two servers starting together would both try to create the same tables. One session-level
 * advisory lock makes the second wait and then find everything applied.
 */
async function migrateWithLock(connectionString: string): Promise<string[]> {
  // Its own connection, as the connecting (owner) role: the pool's connections run as the app role.
  const conn = new pg.Client({ connectionString, application_name: APP_CONNECTION_NAME });
  await conn.connect();
  try {
    await conn.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migratePg(drizzlePg(conn), { migrationsFolder: migrationsFolder() });
      // Under the same lock: two servers granting at once could fail with "tuple concurrently updated".
      return await grantAppRole(async (text, values) => (await conn.query(text, values)).rows);
    } finally {
      await conn.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    await conn.end();
  }
}

const SCOPE_OF = Symbol('ems.scope');
type ScopedClient = pg.PoolClient & { [SCOPE_OF]?: string | undefined };

/** Puts the calling code's scope on a connection unless it already has it (one statement, session level). */
async function applyScope(client: ScopedClient): Promise<void> {
  const scope = currentScope();
  const key = scopeKey(scope);
  if (client[SCOPE_OF] === key) return;
  client[SCOPE_OF] = undefined;
  await client.query(APPLY_SCOPE_SQL, scopeParams(scope));
  client[SCOPE_OF] = key;
}

/**
 * Every connection the pool hands out, for a query or a transaction, first gets the scope of the code
 * asking for it. A connection keeps its last scope while idle; the next user changes it if it differs,
 * so a request never runs on another request's company. The scope is set before BEGIN (never inside a
 * transaction, where a rollback would undo it): a transaction runs in the scope it was opened in.
 */
function scopePool(pool: pg.Pool): void {
  const rawConnect = pool.connect.bind(pool) as () => Promise<pg.PoolClient>;
  const connect = async (): Promise<pg.PoolClient> => {
    const client = await rawConnect();
    try {
      await applyScope(client);
    } catch (err) {
      client.release(err as Error);
      throw err;
    }
    return client;
  };
  const query = async (config: pg.QueryConfig, values?: unknown[]) => {
    const client = await rawConnect();
    let failed: Error | undefined;
    try {
      await applyScope(client);
      return await client.query(config, values);
    } catch (err) {
      failed = err as Error;
      throw err;
    } finally {
      // Like pg's own pool.query: a connection whose query failed is not reused.
      client.release(failed);
    }
  };
  Object.assign(pool, { connect, query });
}

/** The same pool, every query and transaction in the system scope (Database.systemDb). */
function systemPool(pool: pg.Pool): pg.Pool {
  const sys = Object.create(pool) as pg.Pool;
  Object.assign(sys, {
    connect: () => asSystem(() => pool.connect()),
    query: (config: pg.QueryConfig, values?: unknown[]) =>
      asSystem(() => pool.query(config, values)),
  });
  return sys;
}

/**
 * PGlite that counts the queries and transactions running or waiting for its one connection, and puts
 * the calling code's scope (db/scope.ts) on that connection before each query or transaction, atomically
 * with it: once `scoping` is on (after migrations), every call waits its turn here, sets the scope if the
 * connection has another one, then runs (PGlite runs one statement or transaction at a time anyway).
 */
class CountingPGlite extends PGlite {
  inFlight = 0;
  scoping = false;
  private applied: string | null = null;
  private tail: Promise<unknown> = Promise.resolve();
  /** Writes finished with no company (system scope, none, the owner): they may touch any company. */
  private sharedWrites = 0;
  /** Writes finished in each company's scope. */
  private readonly companyWrites = new Map<string, number>();

  /** Database.dataVersion: changes once a write that may concern the company has finished. */
  dataVersion(companyId: string): string {
    return `${this.sharedWrites}.${this.companyWrites.get(companyId) ?? 0}`;
  }

  /** Counted when the write has finished (committed or failed): a read started after it sees its rows. */
  private wrote(scope: DbScope): void {
    if (scope.kind === 'company')
      this.companyWrites.set(scope.companyId, (this.companyWrites.get(scope.companyId) ?? 0) + 1);
    else this.sharedWrites += 1;
  }

  private scoped<T>(run: () => Promise<T>): Promise<T> {
    if (!this.scoping) return run();
    const next = async () => {
      // PGlite answers on this thread, and its answer settles as a microtask: a request that runs query
      // after query (an export's batches) never let the event loop take in another request until it was
      // done, so 20 downloads at once were served one after the other (issue 43). One turn of the loop
      // before each query lets waiting requests in; they queue here behind it, first come first served.
      await new Promise<void>((resolve) => setImmediate(resolve));
      const scope = currentScope();
      const key = scopeKey(scope);
      if (this.applied !== key) {
        this.applied = null;
        await this.statements.query(APPLY_SCOPE_SQL, scopeParams(scope));
        this.applied = key;
      }
      return run();
    };
    const result = this.tail.then(next, next);
    this.tail = result.catch(() => undefined);
    return result;
  }

  /**
   * Runs SQL on the connection as its owner (no app role, no scope): maintenance such as CHECKPOINT,
   * and Database.ownerSql scripts (counted as writes unless they touch only a library's own tables).
   */
  execAsOwner(sql: string, opts: OwnerSqlOptions = {}): Promise<Results[]> {
    return this.asOwner(sql, opts, () => super.exec(sql));
  }

  /** One statement with parameters as the owner (Database.ownerSql). */
  queryAsOwner<T>(sql: string, values: unknown[], opts: OwnerSqlOptions = {}): Promise<Results<T>> {
    return this.asOwner(sql, opts, () => super.query<T>(sql, values));
  }

  private asOwner<T>(sql: string, opts: OwnerSqlOptions, run: () => Promise<T>): Promise<T> {
    const writes = !opts.libraryTables && !isReadOnlyStatement(sql);
    const next = async () => {
      this.applied = null;
      await super.exec('reset role');
      try {
        return await run();
      } finally {
        if (writes) this.sharedWrites += 1;
      }
    };
    const result = this.tail.then(next, next);
    this.tail = result.catch(() => undefined);
    return result;
  }

  /** The app's statements, prepared once each on the connection (db/pglite-prepared.ts), once scoping is on. */
  private readonly statements = new PreparedStatements(this);

  override async query<T>(...args: Parameters<PGlite['query']>): Promise<Results<T>> {
    const scope = currentScope();
    const [text, params, options] = args;
    this.inFlight += 1;
    try {
      return await this.scoped(() =>
        this.scoping && !options?.blob
          ? this.statements.query<T>(text, params, options)
          : super.query<T>(...args),
      );
    } finally {
      this.inFlight -= 1;
      if (!isReadOnlyStatement(args[0])) this.wrote(scope);
    }
  }
  override async exec(...args: Parameters<PGlite['exec']>): Promise<Results[]> {
    const scope = currentScope();
    this.inFlight += 1;
    try {
      return await this.scoped(() => super.exec(...args));
    } finally {
      this.inFlight -= 1;
      this.wrote(scope);
    }
  }
  /** Every transaction counts as a write, once it has committed or rolled back. */
  override async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    const scope = currentScope();
    this.inFlight += 1;
    try {
      return await this.scoped(() => super.transaction(callback));
    } finally {
      this.inFlight -= 1;
      this.wrote(scope);
    }
  }
}

/** The same PGlite, every query and transaction in the system scope (Database.systemDb). */
function systemPglite(client: CountingPGlite): PGlite {
  const sys = Object.create(client) as CountingPGlite;
  Object.assign(sys, {
    query: (...args: Parameters<PGlite['query']>) => asSystem(() => client.query(...args)),
    exec: (...args: Parameters<PGlite['exec']>) => asSystem(() => client.exec(...args)),
    transaction: <T>(callback: (tx: Transaction) => Promise<T>) =>
      asSystem(() => client.transaction(callback)),
  });
  return sys;
}

/**
 * An image of the data directory between transactions: a checkpoint first (so the files hold nearly
 * everything), then the copy while PGlite's transaction mutex is held (no transaction is open and no
 * statement runs: the server's queries wait, ~0.2 s for a small database). Compressed afterwards,
 * outside the mutex. Restored with `new PGlite(dir, { loadDataDir })` (db/backup.ts).
 */
async function snapshotDataDir(client: CountingPGlite): Promise<Buffer> {
  // CHECKPOINT needs the owner (the app role may not run it).
  await client.execAsOwner('checkpoint');
  const tar = await client._runExclusiveTransaction(() => client.dumpDataDir('none'));
  return gzip(Buffer.from(await tar.arrayBuffer()));
}

/**
 * One statement with parameters (extended protocol), or a script without them (simple protocol). A
 * script that fails inside its own BEGIN is rolled back here: PGlite has one connection, and an
 * aborted transaction left open would fail every later query of the server.
 */
async function pgliteOwnerSql(
  client: CountingPGlite,
  text: string,
  values?: unknown[],
  opts?: OwnerSqlOptions,
) {
  if (values && values.length > 0) {
    const r = await client.queryAsOwner(text, values, opts);
    return { rows: r.rows, rowCount: r.affectedRows ?? r.rows.length };
  }
  try {
    const results = await client.execAsOwner(text, opts);
    const last = results[results.length - 1];
    return { rows: last?.rows ?? [], rowCount: last?.affectedRows ?? last?.rows.length ?? 0 };
  } catch (err) {
    if (/^\s*BEGIN\b/i.test(text)) await client.execAsOwner('ROLLBACK').catch(() => undefined);
    throw err;
  }
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  const queryCount = { value: 0 };
  const logger = new CountingLogger(queryCount);
  if (opts.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: opts.poolSize ?? 20,
      // Named in pg_stat_activity: the restore command refuses a database app servers are using.
      application_name: APP_CONNECTION_NAME,
    });
    const appRoleGrants =
      opts.migrate !== false ? await migrateWithLock(opts.databaseUrl) : undefined;
    scopePool(pool);
    // numeric columns come back as strings; drizzle's mode:'number' converts them.
    const db = drizzlePg(pool, { schema, logger });
    const systemDb = drizzlePg(systemPool(pool), { schema, logger });
    // A connection the server ends (restart, failover) must not end the process (db/connection-errors.ts).
    keepPoolAlive(pool, 'app');
    // The owner's connections (ownerSql): a small pool of their own, opened on first use.
    let ownerPool: pg.Pool | null = null;
    const ownerSql = async (text: string, values?: unknown[]) => {
      ownerPool ??= keepPoolAlive(
        new pg.Pool({
          connectionString: opts.databaseUrl,
          max: 2,
          application_name: APP_CONNECTION_NAME,
        }),
        'owner',
      );
      const r = (await ownerPool.query(text, values)) as pg.QueryResult | pg.QueryResult[];
      const last = Array.isArray(r) ? r[r.length - 1] : r;
      return { rows: last?.rows ?? [], rowCount: last?.rowCount ?? 0 };
    };
    const close = async () => {
      await ownerPool?.end();
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
    const stats = (): DatabaseStats => ({
      kind: 'postgres',
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    });
    const versionPool = systemPool(pool);
    const storedDataVersion = async (companyId: string) => {
      const r = await versionPool.query<{ version: string }>({
        name: 'company_data_version',
        text: 'select version::text as version from company_data_version where company_id = $1',
        values: [companyId],
      });
      return r.rows[0]?.version ?? '0';
    };
    return {
      db: db as unknown as Db,
      systemDb: systemDb as unknown as Db,
      kind: 'postgres',
      queryCount,
      stats,
      ownerSql,
      storedDataVersion,
      ...(appRoleGrants ? { appRoleGrants } : {}),
      close,
    };
  }
  const dir = opts.dataDir ?? 'memory://';
  const inMemory = dir.startsWith('memory://');
  const release = inMemory ? () => {} : lockDataDir(path.resolve(dir));
  try {
    const client = new CountingPGlite(inMemory ? dir : path.resolve(dir, 'pg'), {
      startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS],
      ...PGLITE_BYTEA,
      ...(opts.image ? { loadDataDir: opts.image } : {}),
    });
    await client.waitReady;
    const db = drizzlePglite(client, { schema, logger });
    let appRoleGrants: string[] | undefined;
    if (opts.migrate !== false) {
      await migratePglite(db, { migrationsFolder: migrationsFolder() });
      // Still the owner here: the scope (and with it the app role) is put on queries from the next line on.
      const owner: OwnerQuery = async (text, values) =>
        (await client.query<Record<string, unknown>>(text, values)).rows;
      appRoleGrants = await grantAppRole(owner);
    }
    client.scoping = true;
    const systemDb = drizzlePglite(systemPglite(client), { schema, logger });
    return {
      db: db as unknown as Db,
      systemDb: systemDb as unknown as Db,
      kind: 'pglite',
      queryCount,
      stats: () => ({ kind: 'pglite', inFlight: client.inFlight }),
      ownerSql: (text, values, ownerOpts) => pgliteOwnerSql(client, text, values, ownerOpts),
      dataVersion: (companyId) => client.dataVersion(companyId),
      ...(inMemory ? {} : { snapshot: () => snapshotDataDir(client) }),
      ...(appRoleGrants ? { appRoleGrants } : {}),
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
