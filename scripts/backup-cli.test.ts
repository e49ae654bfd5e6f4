import { spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdtempSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { callJson, startBuiltServer } from './lib/built-server.mjs';

/**
 * npm run backup / npm run restore as an operator runs them, against the built server running as its
 * own process: the embedded database backed up while the server runs (through its control socket),
 * restored into a new data directory that a new server then serves; PostgreSQL with pg_dump/pg_restore.
 * Exit codes and messages included. (The round trips table by table: server/src/db/backup.test.ts.)
 */
const tmp = (p: string) => mkdtempSync(path.join(os.tmpdir(), p));
const PASSWORD = `Harvest-Moon-${randomBytes(3).toString('hex')}`;
const SHARED = `Tractor-Blue-${randomBytes(3).toString('hex')}`;

function npm(script: 'backup' | 'restore', args: string[], env: Record<string, string>) {
  const r = spawnSync('npm', ['run', '-s', script, '--', ...args], {
    env: { ...process.env, DATABASE_URL: '', ...env },
    encoding: 'utf8',
  });
  return { code: r.status, out: `${r.stdout}${r.stderr}` };
}

const running: ChildProcess[] = [];
const startServer = (env: Record<string, string>) => startBuiltServer(env, running);
const post = (base: string, url: string, body: unknown, cookie?: string | null) =>
  callJson(base, 'POST', url, { body, cookie });

afterAll(async () => {
  for (const c of running) if (c.exitCode === null) c.kill('SIGKILL');
});

describe('npm run backup / restore, embedded database', () => {
  it('backs up a running server, restores into a new data directory, and a server there signs the owner in', async () => {
    expect(existsSync('dist/server/backup.js'), 'build first: npm run build').toBe(true);
    const dataDir = tmp('ems-cli-src-');
    const server = await startServer({ DATA_DIR: dataDir });
    const email = `cli-${randomBytes(3).toString('hex')}@example.com`;
    const signup = await post(server.base, '/api/auth/signup', {
      businessName: `CLI Co ${randomBytes(3).toString('hex')}`,
      email,
      password: PASSWORD,
    });
    expect(signup.status).toBe(201);
    expect(
      (await post(server.base, '/api/company-settings', { masterPassword: SHARED }, signup.cookie))
        .status,
    ).toBe(200);

    const backups = tmp('ems-cli-backups-');
    const made = npm('backup', ['--dir', backups, '--keep', '3'], { DATA_DIR: dataDir });
    expect(made.out).toMatch(
      /Backup of the embedded database in .* written to .*ems-pglite-\d{8}T\d{6}Z\.tar\.gz \(.* MB, taken by the running server\)/,
    );
    expect(made.code).toBe(0);
    const [file] = readdirSync(backups).map((f) => path.join(backups, f));

    // The running server's data directory is not restored over.
    const busy = npm('restore', [file!, '--force'], { DATA_DIR: dataDir });
    expect(busy.code).toBe(1);
    expect(busy.out).toMatch(/The server \(pid \d+\) is using .*Stop it, then restore\./);
    await server.stop();

    const target = tmp('ems-cli-dst-');
    const restored = npm('restore', [file!], { DATA_DIR: target });
    expect(restored.code).toBe(0);
    expect(restored.out).toMatch(
      /Restored .* into the embedded database in .*: \d+ tables, \d+ rows\./,
    );
    expect(restored.out).toContain('public.company: 1');
    // The shared operator password needs the secret it was saved with: restore says where it is.
    expect(restored.out).toMatch(
      /Note: no APP_SECRET is set .*Copy app-secret from the old data directory/,
    );

    const again = npm('restore', [file!], { DATA_DIR: target });
    expect(again.code).toBe(1);
    expect(again.out).toMatch(
      /already holds a database\. Restore into an empty DATA_DIR, or pass --force/,
    );
    const forced = npm('restore', [file!, '--force'], { DATA_DIR: target });
    expect(forced.code).toBe(0);
    expect(forced.out).toMatch(/The replaced database was kept at .*pg\.replaced-/);

    copyFileSync(path.join(dataDir, 'app-secret'), path.join(target, 'app-secret'));
    const second = await startServer({ DATA_DIR: target });
    const login = await post(second.base, '/api/auth/login', {
      emailOrBusinessName: email,
      password: PASSWORD,
    });
    expect(login.status).toBe(200);
    await second.stop();
  });

  it('explains wrong use with exit code 2', () => {
    const none = npm('restore', [], { DATA_DIR: tmp('ems-cli-x-') });
    expect(none.code).toBe(2);
    expect(none.out).toContain('Usage: npm run restore -- FILE [--force]');
    const keep = npm('backup', ['--keep', '0'], { DATA_DIR: tmp('ems-cli-x-') });
    expect(keep.code).toBe(2);
    expect(keep.out).toContain('--keep must be a whole number of backups, at least 1.');
    const missing = npm('backup', [], { DATA_DIR: tmp('ems-cli-x-') });
    expect(missing.code).toBe(1);
    expect(missing.out).toMatch(/There is no embedded database in .* \(no pg folder\)\./);
  });
});

// With a PostgreSQL server to test against (npm test runs this file with and without DATABASE_URL).
if (process.env.DATABASE_URL)
  describe('npm run backup / restore, PostgreSQL', () => {
    const created: string[] = [];
    const newDb = async () => {
      const name = `ems_test_cli_${randomBytes(5).toString('hex')}`;
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
      created.push(name);
      const url = new URL(process.env.DATABASE_URL!);
      url.pathname = `/${name}`;
      return url.toString();
    };
    afterAll(async () => {
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      for (const name of created) await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    });

    it('dumps with pg_dump and restores with pg_restore, refusing a database that holds data', async () => {
      const source = await newDb();
      const server = await startServer({ DATA_DIR: tmp('ems-cli-pg-'), DATABASE_URL: source });
      expect(
        (
          await post(server.base, '/api/auth/signup', {
            businessName: 'PG CLI Co',
            email: 'pgcli@example.com',
            password: PASSWORD,
          })
        ).status,
      ).toBe(201);
      const out = path.join(tmp('ems-cli-pgbk-'), 'nightly.dump');
      const made = npm('backup', ['--out', out], { DATABASE_URL: source });
      expect(made.code).toBe(0);
      expect(made.out).toMatch(/written to .*nightly\.dump \(.* MB, pg_dump\)/);
      await server.stop();

      const target = await newDb();
      const restored = npm('restore', [out], { DATABASE_URL: target });
      expect(restored.code).toBe(0);
      expect(restored.out).toContain('public.company: 1');
      const again = npm('restore', [out], { DATABASE_URL: target });
      expect(again.code).toBe(1);
      expect(again.out).toMatch(
        /is not empty \(\d+ tables, e\.g\. .*\)\. Restore into an empty database, or pass --force/,
      );
      expect(npm('restore', [out, '--force'], { DATABASE_URL: target }).code).toBe(0);
    });
  });
