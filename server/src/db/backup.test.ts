import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { cookieFrom, migratedImage } from '../test/helpers';
import { call, createEquipmentViaApi, signupOwner } from '../test/factories';
import { multipartBody } from '../test/multipart';
import {
  BackupError,
  backup,
  restore,
  tableDigests,
  type Query,
  type TableDigest,
  type Target,
} from './backup';
import { openDatabase, type Database } from './client';
import { startControlChannel, type ControlChannel } from './control-channel';

/**
 * npm run backup / npm run restore on the database this run tests (TEST_DB): PGlite, whose backup a
 * running server takes through its control socket, or PostgreSQL (pg_dump / pg_restore). Round trips
 * compare every table (row count and a hash of its rows); a backup taken while writes go on restores a
 * consistent database.
 */
const kind = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
const APP_SECRET = `backup-test-${randomBytes(16).toString('hex')}`;
const SHARED = `Tractor-Blue-${randomBytes(3).toString('hex')}`;
const tmp = (p: string) => mkdtempSync(path.join(os.tmpdir(), p));
type Row = Record<string, unknown>;

/** Fresh PostgreSQL databases, dropped at the end. */
const created: string[] = [];
async function newPgDatabase(): Promise<string> {
  const base = process.env.DATABASE_URL!;
  const name = `ems_test_backup_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  created.push(name);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A place to restore into: an empty database or data directory. */
const newTarget = async (): Promise<Target> =>
  kind === 'postgres'
    ? { kind, databaseUrl: await newPgDatabase() }
    : { kind, dataDir: tmp('ems-restore-') };

/** Runs fn with a query function on a target (as the database owner, like the backup tools). */
async function onTarget<T>(target: Target, fn: (q: Query) => Promise<T>): Promise<T> {
  if (target.kind === 'postgres') {
    const c = new pg.Client({ connectionString: target.databaseUrl });
    await c.connect();
    try {
      return await fn(async (text) => (await c.query(text)).rows as Row[]);
    } finally {
      await c.end();
    }
  }
  const database = await openDatabase({ dataDir: target.dataDir, migrate: false });
  try {
    return await fn(queryOf(database));
  } finally {
    await database.close();
  }
}
const queryOf =
  (database: Database): Query =>
  async (text) =>
    ((await database.systemDb.execute(sql.raw(text))) as unknown as { rows: Row[] }).rows;

let source: Target;
let database: Database;
let app: FastifyInstance;
let control: ControlChannel | null = null;
let owner: { cookie: string; companyId: string };
let operatorCookie: string;
const backups = tmp('ems-backups-');

/** The source's tables, read through the running app's own database handle (PGlite) or as the owner. */
const sourceDigests = () =>
  kind === 'pglite' ? tableDigests(queryOf(database)) : onTarget(source, (q) => tableDigests(q));

beforeAll(async () => {
  const dataDir = tmp('ems-backup-src-');
  source = kind === 'postgres' ? { kind, databaseUrl: await newPgDatabase() } : { kind, dataDir };
  database = await openDatabase(
    source.kind === 'postgres'
      ? { databaseUrl: source.databaseUrl, poolSize: 10 }
      : { dataDir, image: migratedImage() },
  );
  const config = loadConfig({ DATA_DIR: dataDir, APP_SECRET, LOG_LEVEL: 'silent' });
  ({ app } = await buildApp({ config, database, clientDir: null, logger: false }));
  await app.ready();
  // As main.ts does: the running server answers snapshot requests of the backup command.
  control = await startControlChannel(database, dataDir, { info: () => {}, warn: () => {} });

  const o = await signupOwner(app);
  owner = o;
  expect(
    (await call(app, o.cookie, 'POST', '/api/company-settings', { masterPassword: SHARED }))
      .statusCode,
  ).toBe(200);
  const op = await call(app, o.cookie, 'POST', '/api/employees', {
    firstName: 'Ana',
    lastName: 'Ruiz',
  });
  const login = await call(app, null, 'POST', '/api/employee/login', {
    operatorName: op.json<{ operatorUsername: string }>().operatorUsername,
    password: SHARED,
  });
  operatorCookie = cookieFrom(login);
}, 120_000);

afterAll(async () => {
  await control?.close();
  await app?.close();
  await database?.close();
  if (created.length) {
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    for (const name of created) await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
});

const machines: string[] = [];
async function addMachines(n: number) {
  for (let i = 0; i < n; i++)
    machines.push((await createEquipmentViaApi(app, owner.cookie, { fuelType: 'diesel' })).id);
}
let keys = 0;
async function operatorUpdate(equipmentId: string): Promise<boolean> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/operator-updates',
    headers: { cookie: operatorCookie, 'idempotency-key': `k${keys++}` },
    payload: { equipmentId, fuelAdded: 1.5, fuelType: 'diesel', notes: 'filled up' },
  });
  return res.statusCode === 201;
}

const nonEmpty = (d: TableDigest[]) => d.filter((t) => t.rows > 0).map((t) => t.table);

describe(`backup and restore (${kind})`, () => {
  it('restores every table equal, row for row, and keeps the newest backups only', async () => {
    await addMachines(4);
    for (let i = 0; i < 12; i++) expect(await operatorUpdate(machines[i % 4]!)).toBe(true);
    // Documents (issue 42): a file of three chunks and a small one, byte for byte after the restore.
    const files = [
      Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(600 * 1024)]),
      Buffer.from('pieza,costo\nfiltro,12\n'),
    ];
    const sent: Record<string, string> = {};
    for (const [i, bytes] of files.entries()) {
      const { payload, headers } = multipartBody(
        { title: `File ${i}`, category: 'manual' },
        { name: `file-${i}.${i === 0 ? 'pdf' : 'csv'}`, bytes },
      );
      const res = await app.inject({
        method: 'POST',
        url: `/api/equipment/${machines[0]}/documents`,
        payload,
        headers: { ...headers, cookie: owner.cookie },
      });
      expect(res.statusCode, res.body).toBe(201);
      sent[res.json<{ id: string }>().id] = createHash('sha256').update(bytes).digest('hex');
    }
    const before = await sourceDigests();
    expect(nonEmpty(before)).toEqual(
      expect.arrayContaining([
        'public.company',
        'public.user',
        'public.equipment',
        'public.operator_update',
        'public.session',
        'public.document',
        'public.document_chunk',
        'public.document_machine',
      ]),
    );

    const made = [];
    for (const minute of [1, 2, 3])
      made.push(
        await backup(source, { dir: backups, keep: 2 }, new Date(Date.UTC(2026, 0, 1, 3, minute))),
      );
    expect(made[0]!.via).toBe(kind === 'postgres' ? 'pg_dump' : 'server');
    expect(made[2]!.removed).toEqual([made[0]!.file]);
    expect(readdirSync(backups).sort()).toEqual(
      [path.basename(made[1]!.file), path.basename(made[2]!.file)].sort(),
    );

    const target = await newTarget();
    const r = await restore(target, made[2]!.file, { force: false, appSecret: APP_SECRET });
    expect(r.secret).toBe('ok');
    expect(r.tables.map((t) => [t.table, t.rows])).toEqual(before.map((t) => [t.table, t.rows]));
    expect(await onTarget(target, (q) => tableDigests(q))).toEqual(before);
    // Each document's chunks, put together, are the bytes that were sent.
    const restoredFiles = await onTarget(target, (q) =>
      q(`select d.id::text as id, d.sha256,
                encode(sha256(string_agg(c.bytes, ''::bytea order by c.n)), 'hex') as actual
         from document d join document_chunk c on c.document_id = d.id group by d.id, d.sha256`),
    );
    expect(Object.fromEntries(restoredFiles.map((r) => [r.id, r.actual]))).toEqual(sent);
    expect(restoredFiles.every((r) => r.actual === r.sha256)).toBe(true);

    // Another APP_SECRET cannot open the shared operator password: restore says so.
    const other = await restore(await newTarget(), made[2]!.file, {
      force: false,
      appSecret: 'x'.repeat(40),
    });
    expect(other.secret).toBe('mismatch');
  });

  it('takes a consistent backup while operator updates are being written', async () => {
    let acknowledged = 0;
    let stop = false;
    const worker = async (w: number) => {
      for (let i = 0; !stop; i++)
        if (await operatorUpdate(machines[(w + i) % machines.length]!)) acknowledged += 1;
    };
    // And transactions of two statements with a pause between them: a backup holds both or neither.
    let pairs = 0;
    const pairWorker = async () => {
      while (!stop) {
        const n = pairs++;
        await database.systemDb.transaction(async (tx) => {
          for (const half of ['a', 'b']) {
            await tx.execute(
              sql`insert into equipment_note (company_id, equipment_id, content, type)
                  values (${owner.companyId}, ${machines[0]}, ${`pair ${n} ${half}`}, 'note')`,
            );
            await new Promise((r) => setTimeout(r, 10));
          }
        });
      }
    };
    const workers = [...[0, 1, 2, 3].map(worker), pairWorker()];
    const until = async (n: number) => {
      while (acknowledged < n) await new Promise((r) => setTimeout(r, 5));
    };
    await until(20);
    const ackedBefore = acknowledged;
    const made = await backup(source, { out: path.join(backups, 'under-load.backup') });
    const ackedAfter = acknowledged;
    await until(ackedAfter + 20);
    stop = true;
    await Promise.all(workers);

    const target = await newTarget();
    await restore(target, made.file, { force: false, appSecret: APP_SECRET });
    const [restored, finalRows] = await Promise.all([
      onTarget(target, async (q) => ({
        updates: await q(`select id from operator_update`),
        halfPairs: await q(
          `select split_part(content, ' ', 2) as n from equipment_note where content like 'pair %'
           group by 1 having count(*) <> 2`,
        ),
        pairs: await q(`select count(*)::int as n from equipment_note where content like 'pair %'`),
        // Each applied update added its fuel and wrote its history entry in the same statement.
        mismatched: await q(
          `select e.id from equipment e
           left join (select equipment_id, sum(fuel_added) as fuel, count(*) as n from operator_update
                      where status = 'applied' group by equipment_id) u on u.equipment_id = e.id
           left join (select equipment_id, count(*) as n from equipment_note
                      where type = 'usage_update' and operator_update_id is not null
                      group by equipment_id) h on h.equipment_id = e.id
           where e.total_fuel_used <> coalesce(u.fuel, 0) or e.total_diesel_used <> coalesce(u.fuel, 0)
              or coalesce(u.n, 0) <> coalesce(h.n, 0)`,
        ),
      })),
      kind === 'pglite'
        ? queryOf(database)(`select id from operator_update`)
        : onTarget(source, (q) => q(`select id from operator_update`)),
    ]);
    const baseline = 12; // from the first test
    expect(restored.mismatched).toEqual([]);
    expect(restored.halfPairs).toEqual([]);
    expect(Number(restored.pairs[0]?.n)).toBeGreaterThan(0);
    // Everything acknowledged before the backup started is in it; what was written after it is not.
    expect(restored.updates.length).toBeGreaterThanOrEqual(baseline + ackedBefore);
    expect(restored.updates.length).toBeLessThan(finalRows.length);
    expect(finalRows.length).toBe(baseline + acknowledged);
    const finalIds = new Set(finalRows.map((r) => r.id));
    expect(restored.updates.every((r) => finalIds.has(r.id))).toBe(true);
  });

  it('refuses to overwrite a database that holds data, unless forced; refuses a live one and a wrong file', async () => {
    const made = await backup(source, { dir: backups });
    const target = await newTarget();
    await restore(target, made.file, { force: false, appSecret: APP_SECRET });
    const error = await restore(target, made.file, { force: false, appSecret: APP_SECRET }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(BackupError);
    expect((error as Error).message).toMatch(
      kind === 'postgres'
        ? /is not empty \(\d+ tables.*pass --force/
        : /already holds a database.*pass --force/,
    );

    // Forced: the target ends up equal to the backup (the write made after the backup is gone).
    const expected = await onTarget(target, (q) => tableDigests(q));
    await onTarget(target, (q) => q(`update company set name = 'Changed after backup'`));
    const forced = await restore(target, made.file, { force: true, appSecret: APP_SECRET });
    expect(await onTarget(target, (q) => tableDigests(q))).toEqual(expected);
    if (kind === 'pglite') expect(forced.keptAside).toMatch(/pg\.replaced-\d{8}T\d{6}Z$/);

    // The source is in use by a running app server: never restored over, even with --force. (A query
    // first: the pool closes connections idle for 10 s, and the steps above may take that long.)
    await database.db.execute(sql`select 1`);
    await expect(
      restore(source, made.file, { force: true, appSecret: APP_SECRET }),
    ).rejects.toThrow(
      kind === 'postgres'
        ? /App servers are connected .*Stop every app server/
        : /The server \(pid \d+\) is using/,
    );

    // Not a backup, or a backup of the other kind of database.
    const junk = path.join(backups, 'junk.bin');
    writeFileSync(junk, 'hello');
    await expect(
      restore(await newTarget(), junk, { force: false, appSecret: null }),
    ).rejects.toThrow(/is not a backup made by npm run backup/);
    const otherKind = path.join(backups, 'other-kind.bin');
    writeFileSync(
      otherKind,
      kind === 'postgres' ? Buffer.from([0x1f, 0x8b, 8, 0, 0]) : 'PGDMP-----',
    );
    await expect(
      restore(await newTarget(), otherKind, { force: false, appSecret: null }),
    ).rejects.toThrow(
      kind === 'postgres' ? /embedded-database \(PGlite\) backup/ : /is a PostgreSQL backup/,
    );
  });
});

// The embedded database only: PostgreSQL's backups never open a data directory.
if (kind === 'pglite')
  describe('backup of a stopped embedded database', () => {
    it('opens the data directory itself when no server runs, and restores it equal', async () => {
      const dataDir = tmp('ems-stopped-');
      const db = await openDatabase({ dataDir, image: migratedImage() });
      await db.systemDb.execute(sql`insert into company (name) values ('Stopped Co')`);
      const expected = await tableDigests(queryOf(db));
      await db.close();
      const made = await backup({ kind: 'pglite', dataDir }, { dir: tmp('ems-stopped-bk-') });
      expect(made.via).toBe('direct');
      const target = await newTarget();
      await restore(target, made.file, { force: false, appSecret: null });
      expect(await onTarget(target, (q) => tableDigests(q))).toEqual(expected);
    });
  });
