import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helpers';
import { call, createEquipmentViaApi, signupOwner, statusOf } from '../test/factories';
import { isDatabaseUnavailable } from './connection-errors';

/**
 * Issue 43: a database error never ends the process. On PostgreSQL (TEST_DB=postgres) the app's
 * connections are ended by the server (pg_terminate_backend: what a restart does to them, here
 * without restarting the machine's shared PostgreSQL; scripts/database-restart.test.ts restarts a
 * cluster of its own) while idle and in the middle of a transaction: the request answers 503 with
 * Retry-After, the next one is served. On the embedded database a failed query, and a transaction
 * that fails half-way, answer 500 and leave its one connection serving. A 'error' event nobody
 * handled would end this test process.
 */
let t: TestApp;
const sleepMs = 600;
beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      poolSize: 4,
      routes: (app, deps) => {
        app.get('/api/test/failing-query', { config: { access: 'authenticated' } }, async () => {
          await deps.db.execute(sql`select * from no_such_table`);
          return { ok: true };
        });
        app.get(
          '/api/test/failing-transaction',
          { config: { access: 'authenticated' } },
          async () => {
            await deps.db.transaction(async (tx) => {
              await tx.execute(sql`select 1`);
              await tx.execute(sql`select 1 / 0`);
            });
            return { ok: true };
          },
        );
        // A transaction that waits between two statements (to be cut off in between on PostgreSQL).
        app.get('/api/test/slow-transaction', { config: { access: 'authenticated' } }, async () => {
          await deps.db.transaction(async (tx) => {
            await tx.execute(sql`select 1`);
            await new Promise((r) => setTimeout(r, sleepMs));
            await tx.execute(sql`select 2`);
          });
          return { ok: true };
        });
        app.get('/api/test/slow-query', { config: { access: 'authenticated' } }, async () => {
          await deps.db.execute(sql`select pg_sleep(${sleepMs / 1000})`);
          return { ok: true };
        });
      },
    },
  );
});
afterAll(async () => {
  await t?.close();
});

describe('isDatabaseUnavailable', () => {
  it('knows a database that is away from a query that is wrong', () => {
    const pgError = (code: string, message: string) => Object.assign(new Error(message), { code });
    expect(
      isDatabaseUnavailable(
        pgError('57P01', 'terminating connection due to administrator command'),
      ),
    ).toBe(true);
    expect(isDatabaseUnavailable(pgError('57P03', 'the database system is starting up'))).toBe(
      true,
    );
    expect(isDatabaseUnavailable(pgError('08006', 'connection failure'))).toBe(true);
    expect(
      isDatabaseUnavailable(pgError('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')),
    ).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    // drizzle wraps the driver's error as its cause.
    expect(
      isDatabaseUnavailable(
        new Error('Failed query: select 1', { cause: new Error('Connection terminated') }),
      ),
    ).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([pgError('ECONNREFUSED', 'x')]))).toBe(true);
    expect(
      isDatabaseUnavailable(pgError('23505', 'duplicate key value violates unique constraint')),
    ).toBe(false);
    expect(isDatabaseUnavailable(pgError('42P01', 'relation "no_such_table" does not exist'))).toBe(
      false,
    );
    expect(isDatabaseUnavailable(new Error('something else'))).toBe(false);
  });
});

describe('a failed query does not end the process', () => {
  it('answers 500 for a failing query or transaction, then serves on the same database', async () => {
    const owner = await signupOwner(t.app);
    for (let i = 0; i < 3; i++) {
      for (const url of ['/api/test/failing-query', '/api/test/failing-transaction']) {
        const r = await call(t.app, owner.cookie, 'GET', url);
        expect(r.statusCode, r.body).toBe(500);
        expect(r.json()).toMatchObject({ code: 'internal', key: 'common.internal' });
      }
      const m = await createEquipmentViaApi(t.app, owner.cookie);
      const read = await call(t.app, owner.cookie, 'GET', `/api/equipment/${m.id}`);
      expect(read.statusCode).toBe(200);
    }
    expect(await statusOf(t.app, null, 'GET', '/api/ready')).toBe(200);
  });
});

// Runs in the PostgreSQL pass of the API tests (TEST_DB=postgres).
if (process.env.TEST_DB === 'postgres')
  describe('PostgreSQL ending the connections', () => {
    it('PostgreSQL ending the app connections (idle, mid-query, mid-transaction): 503 with Retry-After, then served', async () => {
      const owner = await signupOwner(t.app);
      const terminator = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await terminator.connect();
      const r = await t.deps.systemDb.execute(sql`select current_database() as name`);
      const rows = (Array.isArray(r) ? r : (r as { rows: unknown[] }).rows) as { name: string }[];
      const dbName = rows[0]!.name;
      const terminateApp = () =>
        terminator.query(
          `select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`,
          [dbName],
        );
      try {
        for (const url of ['/api/test/slow-transaction', '/api/test/slow-query']) {
          // Warm the pool: idle connections to be ended too.
          expect(await statusOf(t.app, owner.cookie, 'GET', '/api/auth/user')).toBe(200);
          const pending = call(t.app, owner.cookie, 'GET', url);
          await new Promise((r) => setTimeout(r, sleepMs / 3));
          await terminateApp();
          const cut = await pending;
          expect(cut.statusCode, cut.body).toBe(503);
          expect(cut.headers['retry-after']).toBeTruthy();
          expect(cut.json()).toMatchObject({ code: 'unavailable', key: 'common.unavailable' });
          // Served again at once: the pool opens new connections.
          const again = await call(t.app, owner.cookie, 'GET', '/api/auth/user');
          expect(again.statusCode, again.body).toBe(200);
          expect(await statusOf(t.app, owner.cookie, 'GET', url)).toBe(200);
        }
      } finally {
        await terminator.end();
      }
    });
  });
