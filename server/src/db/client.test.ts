import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';
import { migratedImage } from '../test/helpers';
import { DataDirLockedError, openDatabase } from './client';

// Runs in the embedded database's pass of the API tests: these open embedded databases of their own,
// which the PostgreSQL pass would only test a second time (issue 44, the test run's length).
if (process.env.TEST_DB !== 'postgres')
  describe('embedded database (PGlite)', () => {
    it('refuses a second opener of the same data directory, and reopens after close', async () => {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'ems-lock-'));
      const first = await openDatabase({ dataDir: dir, image: migratedImage() });
      await expect(openDatabase({ dataDir: dir })).rejects.toBeInstanceOf(DataDirLockedError);
      await first.close();
      const again = await openDatabase({ dataDir: dir });
      await again.close();
    });

    it('lets the event loop turn before each query (a long run of queries does not shut other requests out)', async () => {
      // PGlite answers on the server's one thread and its answers settle as microtasks: without a turn
      // of the loop per query, 20 exports at once were served one after the other (issue 43, "Speed").
      const db = await openDatabase({
        dataDir: mkdtempSync(path.join(os.tmpdir(), 'ems-turn-')),
        image: migratedImage(),
      });
      try {
        let turns = 0;
        const count = () => {
          turns += 1;
        };
        for (let i = 0; i < 5; i++) {
          setImmediate(count);
          await db.db.execute(sql`select 1`);
        }
        expect(turns).toBe(5);
      } finally {
        await db.close();
      }
    });

    it('keeps committed data after the server process is killed with SIGKILL', async () => {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'ems-kill-'));
      const migrated = await openDatabase({ dataDir: dir, image: migratedImage() });
      await migrated.close();
      // A child process writes a row, reports, then is killed without any shutdown.
      const script = `
      const { PGlite } = await import('@electric-sql/pglite');
      const db = new PGlite(${JSON.stringify(path.join(dir, 'pg'))});
      await db.query("insert into company (name) values ('Survivor Co')");
      console.log('written');
      setInterval(() => {}, 1000);
    `;
      const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      await new Promise<void>((resolve, reject) => {
        child.stdout.on('data', (b: Buffer) => {
          if (b.toString().includes('written')) resolve();
        });
        child.on('exit', (code) => reject(new Error(`child exited early (${code})`)));
      });
      child.kill('SIGKILL');
      await new Promise((r) => child.once('exit', r));
      const reopened = await openDatabase({ dataDir: dir }); // the stale lock of the dead process is ignored
      const rows = await reopened.systemDb.execute(sql`select name from company`);
      await reopened.close();
      expect(JSON.stringify(rows)).toContain('Survivor Co');
    });
  });

describe('configuration', () => {
  it('applies defaults and validates with clear messages', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'ems-cfg-'));
    const cfg = loadConfig({ DATA_DIR: dir });
    expect(cfg.PORT).toBe(5000);
    expect(cfg.TRIAL_DAYS).toBe(14);
    expect(cfg.APP_SECRET.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dir }).APP_SECRET).toBe(cfg.APP_SECRET); // generated once, kept
    expect(() => loadConfig({ DATA_DIR: dir, PORT: 'abc' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dir, PORT: 'abc' })).toThrow(/PORT must be a number/);
    expect(() => loadConfig({ DATA_DIR: dir, DATABASE_URL: 'mysql://x' })).toThrow(
      /DATABASE_URL must start with postgres/,
    );
    expect(() => loadConfig({ DATA_DIR: dir, TRIAL_DAYS: '0' })).toThrow(
      /TRIAL_DAYS must be at least 1/,
    );
    expect(() => loadConfig({ DATA_DIR: dir, APP_SECRET: 'short' })).toThrow(
      /APP_SECRET must be at least 32/,
    );
  });
});

// Runs in the PostgreSQL pass of the API tests (TEST_DB=postgres).
if (process.env.TEST_DB === 'postgres')
  describe('PostgreSQL', () => {
    it('lets several servers start (and migrate) at once on a new database', async () => {
      const base = process.env.DATABASE_URL!;
      const name = `ems_test_migrate_${Date.now().toString(36)}`;
      const admin = new pg.Client({ connectionString: base });
      await admin.connect();
      await admin.query(`create database ${name}`);
      try {
        const url = new URL(base);
        url.pathname = `/${name}`;
        const servers = await Promise.all(
          [1, 2, 3].map(() => openDatabase({ databaseUrl: url.toString(), poolSize: 2 })),
        );
        const [first] = servers;
        expect(first).toBeDefined();
        // The migrations table belongs to the owner (the app role ems_app has no access to it).
        const owner = new pg.Client({ connectionString: url.toString() });
        await owner.connect();
        const rows = await owner.query<{ n: number }>(
          'select count(*)::int as n from drizzle.__drizzle_migrations',
        );
        await owner.end();
        const { n } = rows.rows[0]!;
        const journal = await import('./migrations/meta/_journal.json', { with: { type: 'json' } });
        expect(n).toBe(journal.default.entries.length);
        await Promise.all(servers.map((s) => s.close()));
      } finally {
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
    });
  });
