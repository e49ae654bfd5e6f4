import { randomBytes } from 'node:crypto';
import { mkdtempSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { cookieFrom, migratedImage } from '../test/helpers';
import {
  call,
  createEquipmentViaApi,
  type SignedIn,
  signupOwner,
  statusOf,
} from '../test/factories';
import { AppRoleError, grantAppRole } from './app-role';
import { backup, restore, type Target } from './backup';
import { openDatabase, type Database } from './client';
import { startControlChannel, type ControlChannel } from './control-channel';

/**
 * A backup restored into a brand-new database is a working app (issue 25): `pg_restore --no-owner
 * --no-privileges` leaves the app role ems_app without privileges on the copy, so the restore command and
 * every server start grant them (db/app-role.ts), and readiness refuses traffic while they are missing.
 * On the database this run tests (TEST_DB): PostgreSQL, or PGlite (whose image carries its grants).
 */
const kind = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
const APP_SECRET = `restored-test-${randomBytes(16).toString('hex')}`;
const SHARED = `Tractor-Blue-${randomBytes(3).toString('hex')}`;
/** Opening (and migrating) databases, backups and restores, on a machine that may be busy. */
const SLOW_MS = 300_000;
const tmp = (p: string) => mkdtempSync(path.join(os.tmpdir(), p));

const createdDbs: string[] = [];
const createdRoles: string[] = [];
async function asAdmin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}
/** A new, empty PostgreSQL database (owned by `owner` when given), as a URL that logs in as `login`. */
async function newPgDatabase(opts: { owner?: string; login?: string } = {}): Promise<string> {
  const name = `ems_test_restored_${randomBytes(5).toString('hex')}`;
  await asAdmin((c) =>
    c.query(`create database ${name}${opts.owner ? ` owner ${opts.owner}` : ''}`),
  );
  createdDbs.push(name);
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${name}`;
  if (opts.login) {
    url.username = opts.login;
    url.password = '';
  }
  return url.toString();
}

type Running = { app: FastifyInstance; database: Database; control: ControlChannel | null };
/** A server on the target; `fresh`: an embedded target is empty and starts from the migrated image. */
async function serve(target: Target, migrate = true, fresh = false): Promise<Running> {
  const dataDir = target.kind === 'pglite' ? target.dataDir : tmp('ems-restored-cfg-');
  const database = await openDatabase(
    target.kind === 'postgres'
      ? { databaseUrl: target.databaseUrl, poolSize: 4, migrate }
      : { dataDir, migrate, ...(fresh ? { image: migratedImage() } : {}) },
  );
  const config = loadConfig({ DATA_DIR: dataDir, APP_SECRET, LOG_LEVEL: 'silent' });
  const { app } = await buildApp({ config, database, clientDir: null, logger: false });
  await app.ready();
  // As main.ts does: the running server answers the backup command's snapshot requests (PGlite).
  const control = await startControlChannel(database, dataDir, { info: () => {}, warn: () => {} });
  return { app, database, control };
}
const stop = async (r: Running) => {
  await r.control?.close();
  await r.app.close();
  await r.database.close();
};

let source: Target;
let running: Running;
let owner: SignedIn;
let operatorName: string;
let machineId: string;

beforeAll(async () => {
  source =
    kind === 'postgres'
      ? { kind, databaseUrl: await newPgDatabase() }
      : { kind, dataDir: tmp('ems-restored-src-') };
  running = await serve(source, true, true);
  owner = await signupOwner(running.app);
  expect(
    await statusOf(running.app, owner.cookie, 'POST', '/api/company-settings', {
      masterPassword: SHARED,
    }),
  ).toBe(200);
  const op = await call(running.app, owner.cookie, 'POST', '/api/employees', {
    firstName: 'Ana',
    lastName: 'Ruiz',
  });
  operatorName = op.json<{ operatorUsername: string }>().operatorUsername;
  machineId = (await createEquipmentViaApi(running.app, owner.cookie)).id;
}, SLOW_MS);

afterAll(async () => {
  if (running) await stop(running);
  if (kind === 'postgres')
    await asAdmin(async (c) => {
      for (const name of createdDbs) await c.query(`drop database if exists ${name} with (force)`);
      for (const role of createdRoles) await c.query(`drop role if exists ${role}`);
    });
});

/** A backup of the source, owner-only on disk. */
async function backupFile(): Promise<string> {
  const made = await backup(source, { dir: tmp('ems-restored-bk-') });
  expect(statSync(made.file).mode & 0o777).toBe(0o600);
  return made.file;
}

/** The owner and the operator sign in on the restored copy; the operator sends a reading, the owner sees it. */
async function ownerAndOperatorWork(app: FastifyInstance, reading: number) {
  expect(await statusOf(app, null, 'GET', '/api/ready')).toBe(200);
  const ownerLogin = await call(app, null, 'POST', '/api/auth/login', {
    emailOrBusinessName: owner.email,
    password: owner.password,
  });
  expect(ownerLogin.statusCode, ownerLogin.body).toBe(200);
  const opLogin = await call(app, null, 'POST', '/api/employee/login', {
    operatorName,
    password: SHARED,
  });
  expect(opLogin.statusCode, opLogin.body).toBe(200);
  const sent = await app.inject({
    method: 'POST',
    url: '/api/operator-updates',
    headers: { cookie: cookieFrom(opLogin), 'idempotency-key': `restored-${reading}` },
    payload: { equipmentId: machineId, newUsage: reading, notes: 'after the restore' },
  });
  expect(sent.statusCode, sent.body).toBe(201);
  const updates = await call(app, cookieFrom(ownerLogin), 'GET', '/api/operator-updates');
  expect(updates.statusCode).toBe(200);
  expect(JSON.stringify(updates.json())).toContain('after the restore');
}

describe(`a backup restored into a new database (${kind})`, () => {
  it(
    'is written owner-only, and the restored copy signs in the owner and an operator, who sends a reading',
    async () => {
      const file = await backupFile();
      const target: Target =
        kind === 'postgres'
          ? { kind, databaseUrl: await newPgDatabase() }
          : { kind, dataDir: tmp('ems-restored-dst-') };
      const r = await restore(target, file, { force: false, appSecret: APP_SECRET });
      // PostgreSQL: pg_restore left ems_app without privileges; the restore command granted them.
      if (kind === 'postgres') expect(r.appRole).toMatchObject({ granted: expect.any(Number) });
      if (kind === 'postgres')
        expect((r.appRole as { granted: number }).granted).toBeGreaterThan(3);
      const copy = await serve(target);
      try {
        expect(copy.database.appRoleGrants).toEqual([]); // nothing left for the start to grant
        await ownerAndOperatorWork(copy.app, 150);
      } finally {
        await stop(copy);
      }
    },
    SLOW_MS,
  );

  if (kind === 'postgres')
    it(
      'without the grants (a plain pg_restore): not ready, until a server start grants them',
      async () => {
        const file = await backupFile();
        const target: Target = { kind, databaseUrl: await newPgDatabase() };
        await restore(target, file, { force: false, appSecret: APP_SECRET });
        const c = new pg.Client({ connectionString: target.databaseUrl });
        await c.connect();
        await c.query(`revoke all on all tables in schema public from ems_app`);
        await c.query(`revoke all on all sequences in schema public from ems_app`);
        await c.end();
        // A server that does not prepare the database (no migration, no grant) is not ready, and sign-in fails.
        const unprepared = await serve(target, false);
        try {
          const ready = await call(unprepared.app, null, 'GET', '/api/ready');
          expect(ready.statusCode).toBe(503);
          expect(ready.json()).toMatchObject({ key: 'common.notReady' });
        } finally {
          await stop(unprepared);
        }
        const started = await serve(target);
        try {
          expect(started.database.appRoleGrants).toContain(
            'GRANT SELECT, INSERT, UPDATE, DELETE ON TABLE public.auth_throttle TO ems_app',
          );
          await ownerAndOperatorWork(started.app, 160);
        } finally {
          await stop(started);
        }
      },
      SLOW_MS,
    );

  if (kind === 'postgres')
    it(
      'works when the login owns the tables but is not a superuser, and says what an administrator must do when it may not use ems_app',
      async () => {
        const file = await backupFile();
        const login = `ems_owner_${randomBytes(4).toString('hex')}`;
        createdRoles.push(login);
        // What a database administrator does once: a login role, its database, and the app role for it.
        await asAdmin(async (c) => {
          await c.query(`create role ${login} login nosuperuser nocreaterole`);
          await c.query(`grant ems_app to ${login}`);
        });
        const databaseUrl = await newPgDatabase({ owner: login, login });
        const target: Target = { kind, databaseUrl };
        const r = await restore(target, file, { force: false, appSecret: APP_SECRET });
        expect(r.appRole).toMatchObject({ granted: expect.any(Number) });
        // Even with the restore's grants taken away, the server's start (as this owner) puts them back.
        const c = new pg.Client({ connectionString: databaseUrl });
        await c.connect();
        try {
          expect(
            (await c.query(`select rolsuper from pg_roles where rolname = current_user`)).rows,
          ).toEqual([{ rolsuper: false }]);
          await c.query(`revoke all on all tables in schema public from ems_app`);
        } finally {
          await c.end();
        }
        const started = await serve(target);
        try {
          expect(started.database.appRoleGrants?.length).toBeGreaterThan(3);
          await ownerAndOperatorWork(started.app, 170);
        } finally {
          await stop(started);
        }

        // Without the membership, and without CREATEROLE to take it: a message naming the fix.
        await asAdmin((a) => a.query(`revoke ems_app from ${login}`));
        const again = new pg.Client({ connectionString: databaseUrl });
        await again.connect();
        try {
          const error = await grantAppRole(
            async (text, values) => (await again.query(text, values)).rows,
          ).catch((e: unknown) => e);
          expect(error).toBeInstanceOf(AppRoleError);
          expect((error as Error).message).toContain(`GRANT ems_app TO "${login}"`);
        } finally {
          await again.end();
        }
      },
      SLOW_MS,
    );
});
