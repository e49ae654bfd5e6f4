// Over 400 lines: backup and restore of both database kinds (pg_dump/pg_restore, the PGlite image) and the checks that a restore is whole.
import { spawn } from 'node:child_process';
import {
  chmodSync,
  closeSync,
  existsSync,
  openSync,
  readSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { envSchema } from '../config';
import { SecretBox } from './secret-box';
import { AppRoleError, grantAppRole, type OwnerQuery } from './app-role';
import { APP_CONNECTION_NAME, dataDirHolder, lockDataDir, openDatabase } from './client';
import { requestSnapshot } from './control-channel';

/**
 * Backups of both databases and their restore (npm run backup / npm run restore;
 * docs/decisions/backup-and-restore.md, docs/deploy.md).
 *
 * - PostgreSQL: pg_dump's custom format (one consistent snapshot: pg_dump reads in one repeatable-read
 *   transaction while the app keeps writing), restored with pg_restore in one transaction.
 * - PGlite: an image of the data directory (PGlite's own dumpDataDir, a gzipped tar), taken between
 *   transactions: by the running server on request (db/control-channel.ts), or by this process when no
 *   server holds the directory. Restored with PGlite's loadDataDir into an empty data directory.
 *
 * Both refuse to overwrite a database that holds data unless `force` is given.
 */
export type Kind = 'postgres' | 'pglite';
type Row = Record<string, unknown>;
/** Runs one SQL text and answers its rows (a pg client, a PGlite instance or the app's database). */
export type Query = (text: string) => Promise<Row[]>;

export class BackupError extends Error {}

/** What a backup file holds, from its first bytes. */
export function kindOfBackup(file: string): Kind {
  const head = Buffer.alloc(5);
  const fd = openSync(file, 'r');
  try {
    readSync(fd, head, 0, 5, 0);
  } finally {
    closeSync(fd);
  }
  if (head.toString('latin1') === 'PGDMP') return 'postgres';
  if (head[0] === 0x1f && head[1] === 0x8b) return 'pglite';
  throw new BackupError(
    `${file} is not a backup made by npm run backup (neither a pg_dump archive nor a PGlite data directory image).`,
  );
}

const stamp = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
const EXT: Record<Kind, string> = { postgres: 'dump', pglite: 'tar.gz' };
const NAME = (kind: Kind) =>
  new RegExp(`^ems-${kind}-\\d{8}T\\d{6}Z\\.${EXT[kind].replace('.', '\\.')}$`);

/** The file name of a new backup in a directory: ems-<kind>-<UTC time>.<ext>. */
export function backupFileName(kind: Kind, at: Date): string {
  return `ems-${kind}-${stamp(at)}.${EXT[kind]}`;
}

/** Keeps the newest `keep` backups of a kind in dir (by the time in their names); returns the removed files. */
export function pruneBackups(dir: string, kind: Kind, keep: number): string[] {
  const ours = readdirSync(dir)
    .filter((f) => NAME(kind).test(f))
    .sort()
    .reverse();
  const removed = ours.slice(keep).map((f) => path.join(dir, f));
  for (const f of removed) rmSync(f, { force: true });
  return removed;
}

// ---- PostgreSQL ------------------------------------------------------------------------------------

/** libpq reads the password from the environment: it stays out of the process list. */
function libpqTarget(databaseUrl: string): { url: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (url.password) {
    env.PGPASSWORD = decodeURIComponent(url.password);
    url.password = '';
  }
  return { url: url.toString(), env };
}

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (b: Buffer) => (stderr += b.toString()));
    child.on('error', (err: NodeJS.ErrnoException) =>
      reject(
        new BackupError(
          err.code === 'ENOENT'
            ? `${cmd} was not found. Install the PostgreSQL client tools (Debian: apt-get install postgresql-client).`
            : `${cmd} could not start: ${err.message}`,
        ),
      ),
    );
    child.on('exit', (code) => {
      if (code === 0) resolve(stderr);
      else reject(new BackupError(`${cmd} failed (exit ${code}):\n${stderr.trim()}`));
    });
  });
}

async function withClient<T>(databaseUrl: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'ems-backup' });
  try {
    await client.connect();
  } catch (err) {
    throw new BackupError(`Could not connect to ${redact(databaseUrl)}: ${(err as Error).message}`);
  }
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** postgres://user:***@host/db for messages. */
export function redact(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    if (url.password) url.password = '***';
    return url.toString();
  } catch {
    return '(invalid URL)';
  }
}

async function backupPostgres(databaseUrl: string, file: string): Promise<void> {
  const { url, env } = libpqTarget(databaseUrl);
  const partial = `${file}.partial`;
  try {
    // Owner-only from its first byte (it holds password hashes): pg_dump writes into this file and keeps
    // its mode; chmod again in case one was left behind by an earlier run.
    closeSync(openSync(partial, 'w', 0o600));
    chmodSync(partial, 0o600);
    // The job queue's schema (pgboss) is left out: its jobs are transient and each server re-creates
    // its schedule at start; pg_restore --clean cannot drop its partitioned tables' inherited keys.
    await run(
      'pg_dump',
      ['--format=custom', '--exclude-schema=pgboss', '--file', partial, '--dbname', url],
      env,
    );
    renameSync(partial, file);
  } finally {
    rmSync(partial, { force: true });
  }
}

/** Tables outside PostgreSQL's own schemas: a database holding any is not overwritten without force. */
async function userTables(c: pg.Client): Promise<string[]> {
  const r = await c.query<{ name: string }>(
    `select n.nspname || '.' || c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema')
       and n.nspname not like 'pg_toast%' order by 1`,
  );
  return r.rows.map((x) => x.name);
}

async function restorePostgres(databaseUrl: string, file: string, force: boolean) {
  await withClient(databaseUrl, async (c) => {
    const servers = await c.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity
       where datname = current_database() and application_name = $1 and pid <> pg_backend_pid()`,
      [APP_CONNECTION_NAME],
    );
    const open = servers.rows[0]?.n ?? 0;
    if (open > 0)
      throw new BackupError(
        `App servers are connected to ${redact(databaseUrl)} (${open} connection(s)). Stop every app server, then restore.`,
      );
    const tables = await userTables(c);
    if (tables.length > 0 && !force)
      throw new BackupError(
        `${redact(databaseUrl)} is not empty (${tables.length} tables, e.g. ${tables.slice(0, 3).join(', ')}). ` +
          'Restore into an empty database, or pass --force to replace its tables with the backup.',
      );
  });
  const { url, env } = libpqTarget(databaseUrl);
  // No owners or grants from the source: the restoring user owns the tables. The app role's privileges
  // are granted right after (grantAppRole), and again by every server at start (db/app-role.ts).
  // One transaction: a failed restore leaves the database as it was.
  await run(
    'pg_restore',
    [
      '--dbname',
      url,
      '--exit-on-error',
      '--single-transaction',
      '--no-owner',
      '--no-privileges',
      ...(force ? ['--clean', '--if-exists'] : []),
      file,
    ],
    env,
  );
}

// ---- PGlite ----------------------------------------------------------------------------------------

const pgDir = (dataDir: string) => path.join(path.resolve(dataDir), 'pg');

async function backupPglite(dataDir: string, file: string): Promise<'server' | 'direct'> {
  const dir = path.resolve(dataDir);
  if (!existsSync(path.join(dir, 'pg')))
    throw new BackupError(`There is no embedded database in ${dir} (no pg folder).`);
  let image: Buffer;
  let via: 'server' | 'direct';
  if (dataDirHolder(dir) !== null) {
    image = await requestSnapshot(dir);
    via = 'server';
  } else {
    const database = await openDatabase({ dataDir: dir, migrate: false });
    try {
      image = await database.snapshot!();
    } finally {
      await database.close();
    }
    via = 'direct';
  }
  const partial = `${file}.partial`;
  writeFileSync(partial, image, { mode: 0o600 });
  chmodSync(partial, 0o600); // when a partial file was left behind, writeFileSync kept its mode
  renameSync(partial, file);
  return via;
}

async function restorePglite<T>(
  dataDir: string,
  file: string,
  force: boolean,
  inspect: (query: Query) => Promise<T>,
): Promise<{ keptAside: string | null; inspected: T }> {
  const dir = path.resolve(dataDir);
  mkdirSync(dir, { recursive: true });
  const holder = dataDirHolder(dir);
  if (holder !== null)
    throw new BackupError(`The server (pid ${holder}) is using ${dir}. Stop it, then restore.`);
  const release = lockDataDir(dir);
  const target = pgDir(dir);
  let keptAside: string | null = null;
  try {
    if (existsSync(target) && readdirSync(target).length > 0) {
      if (!force)
        throw new BackupError(
          `${target} already holds a database. Restore into an empty DATA_DIR, or pass --force to replace it ` +
            '(the current one is kept beside it as pg.replaced-<time>).',
        );
      keptAside = `${target}.replaced-${stamp(new Date())}`;
      renameSync(target, keptAside);
    }
    try {
      mkdirSync(target, { recursive: true });
      const db = new PGlite(target, { loadDataDir: new Blob([readFileSync(file)]) });
      await db.waitReady;
      try {
        const inspected = await inspect(async (text) => (await db.query(text)).rows as Row[]);
        return { keptAside, inspected };
      } finally {
        await db.close();
      }
    } catch (err) {
      rmSync(target, { recursive: true, force: true });
      if (keptAside) renameSync(keptAside, target);
      throw new BackupError(`The backup could not be restored: ${(err as Error).message}`);
    }
  } finally {
    release();
  }
}

// ---- Both ------------------------------------------------------------------------------------------

export type Target =
  { kind: 'postgres'; databaseUrl: string } | { kind: 'pglite'; dataDir: string };

export type BackupResult = {
  file: string;
  bytes: number;
  via: 'pg_dump' | 'server' | 'direct';
  removed: string[];
};

/**
 * Writes a backup of the target to `out` (a file), or to a new ems-<kind>-<time> file in `dir`, and then
 * keeps only the newest `keep` backups in `dir`.
 */
export async function backup(
  target: Target,
  where: { out: string } | { dir: string; keep?: number },
  now = new Date(),
): Promise<BackupResult> {
  const file =
    'out' in where
      ? path.resolve(where.out)
      : path.resolve(where.dir, backupFileName(target.kind, now));
  mkdirSync(path.dirname(file), { recursive: true });
  if (existsSync(file)) throw new BackupError(`${file} already exists.`);
  const via =
    target.kind === 'postgres'
      ? (await backupPostgres(target.databaseUrl, file), 'pg_dump' as const)
      : await backupPglite(target.dataDir, file);
  const removed =
    'dir' in where && where.keep !== undefined
      ? pruneBackups(path.dirname(file), target.kind, where.keep)
      : [];
  return { file, bytes: statSync(file).size, via, removed };
}

export type RestoreResult = {
  tables: TableDigest[];
  /** PGlite with force: where the replaced data directory was moved. */
  keptAside: string | null;
  /** Whether the shared operator passwords in the backup open with the target's APP_SECRET. */
  secret: SecretCheck;
  /** PostgreSQL: the app role's privileges granted after the restore, or why they could not be. */
  appRole: AppRoleOutcome | null;
};

export type AppRoleOutcome = { granted: number } | { problem: string };

export async function restore(
  target: Target,
  file: string,
  opts: { force: boolean; appSecret: string | null },
): Promise<RestoreResult> {
  const source = path.resolve(file);
  if (!existsSync(source)) throw new BackupError(`${source} does not exist.`);
  const kind = kindOfBackup(source);
  if (kind !== target.kind)
    throw new BackupError(
      kind === 'postgres'
        ? `${source} is a PostgreSQL backup: restore it with DATABASE_URL set to the target database.`
        : `${source} is an embedded-database (PGlite) backup: restore it without DATABASE_URL, into DATA_DIR.`,
    );
  const inspect = async (q: Query) => ({
    tables: await tableDigests(q, false),
    secret: await checkSecret(q, opts.appSecret),
  });
  if (target.kind === 'postgres') {
    await restorePostgres(target.databaseUrl, source, opts.force);
    return withClient(target.databaseUrl, async (c) => {
      const query: OwnerQuery = async (text, values) => (await c.query(text, values)).rows as Row[];
      let appRole: AppRoleOutcome;
      try {
        appRole = { granted: (await grantAppRole(query)).length };
      } catch (err) {
        if (!(err instanceof AppRoleError)) throw err;
        appRole = { problem: err.message };
      }
      return { ...(await inspect(query)), keptAside: null, appRole };
    });
  }
  // The image holds the whole embedded server, its roles and grants included.
  const { keptAside, inspected } = await restorePglite(target.dataDir, source, opts.force, inspect);
  return { ...inspected, keptAside, appRole: null };
}

export type TableDigest = { table: string; rows: number; md5: string | null };

/**
 * Every table of the app (schemas public and drizzle) with its row count and, when `hash`, the md5 of its
 * rows' text in a fixed order: two databases hold the same data when their digests are equal.
 */
export async function tableDigests(query: Query, hash = true): Promise<TableDigest[]> {
  const tables = await query(
    `select table_schema || '.' || table_name as name, format('%I.%I', table_schema, table_name) as ident
     from information_schema.tables where table_type = 'BASE TABLE' and table_schema in ('public', 'drizzle')
     order by 1`,
  );
  const out: TableDigest[] = [];
  for (const t of tables) {
    const ident = String(t.ident);
    const [r] = await query(
      hash
        ? `select count(*)::int as rows, md5(coalesce(string_agg(x::text, E'\\n' order by x::text), '')) as md5 from ${ident} x`
        : `select count(*)::int as rows from ${ident}`,
    );
    out.push({
      table: String(t.name),
      rows: Number(r?.rows ?? 0),
      md5: hash ? String(r?.md5) : null,
    });
  }
  return out;
}

export type SecretCheck = 'ok' | 'mismatch' | 'no secret' | 'nothing to check';

/** Opens one stored shared operator password with the target's APP_SECRET. */
async function checkSecret(query: Query, appSecret: string | null): Promise<SecretCheck> {
  const rows = await query(
    `select operator_password_enc as enc from company where operator_password_enc is not null limit 1`,
  ).catch(() => []);
  const enc = rows[0]?.enc;
  if (typeof enc !== 'string') return 'nothing to check';
  if (!appSecret) return 'no secret';
  try {
    new SecretBox(appSecret).decrypt(enc);
    return 'ok';
  } catch {
    return 'mismatch';
  }
}

/** The APP_SECRET a server on this target would use: the environment's, or the one generated into DATA_DIR. */
export function appSecretFor(target: Target, envSecret: string | undefined): string | null {
  if (envSecret) return envSecret;
  if (target.kind === 'pglite') {
    const file = path.join(path.resolve(target.dataDir), 'app-secret');
    if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  }
  return null;
}

/** The database the server would use with this environment (DATABASE_URL, else DATA_DIR), as the server reads them. */
export function targetFromEnv(env: NodeJS.ProcessEnv): {
  target: Target;
  appSecret: string | undefined;
} {
  const parsed = envSchema
    .pick({ DATA_DIR: true, DATABASE_URL: true, APP_SECRET: true })
    .safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new BackupError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const { DATA_DIR, DATABASE_URL, APP_SECRET } = parsed.data;
  return {
    target: DATABASE_URL
      ? { kind: 'postgres', databaseUrl: DATABASE_URL }
      : { kind: 'pglite', dataDir: path.resolve(DATA_DIR) },
    appSecret: APP_SECRET,
  };
}

export const describeTarget = (t: Target) =>
  t.kind === 'postgres' ? redact(t.databaseUrl) : `the embedded database in ${t.dataDir}`;
