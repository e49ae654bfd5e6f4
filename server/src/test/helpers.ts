import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import type { DestinationStream } from 'pino';
import { afterAll, beforeAll, beforeEach, inject } from 'vitest';
import { buildApp } from '../app';
import { installAnswerCheck } from './answer-check';
import { loadConfig } from '../config';
import { openDatabase, type Database } from '../db/client';
import type { Deps } from '../deps';

/**
 * A real app on a real database for one test file: PGlite in memory by default; with
 * TEST_DB=postgres (set by scripts/test.mjs when DATABASE_URL is set) a fresh database on that
 * PostgreSQL server, dropped again at the end.
 */
export type TestApp = {
  app: FastifyInstance;
  deps: Deps;
  database: Database;
  /** The PostgreSQL database of this app (TEST_DB=postgres), for a second app server on it. */
  databaseUrl: string | undefined;
  clock: {
    now: Date | null;
    set: (d: Date) => void;
    advanceDays: (n: number) => void;
    reset: () => void;
  };
  close: () => Promise<void>;
};

export type TestAppOptions = {
  /** logStream: capture the app's log lines (at LOG_LEVEL from env) instead of discarding them. */
  logStream?: DestinationStream;
  /** Extra routes registered before the app is ready (tests of the request path itself). */
  routes?: (app: FastifyInstance, deps: Deps) => void;
  poolSize?: number;
};

/**
 * The migrated image of test/global-setup.ts, read once per process (absent on PostgreSQL): an embedded
 * database opened with it (`openDatabase({ dataDir, image })`) starts migrated, in ~0.3 s instead of the
 * ~5 s initdb and the migrations take on a data directory on disk (db/migrations.test.ts migrates from
 * nothing).
 */
let image: Blob | undefined;
export const migratedImage = () => {
  const file = inject('pgliteImage');
  if (file) image ??= new Blob([readFileSync(file)]);
  return image;
};

export async function createTestApp(
  env: Record<string, string> = {},
  opts: TestAppOptions = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ems-test-'));
  let databaseUrl: string | undefined;
  let dropDb: (() => Promise<void>) | undefined;
  if (process.env.TEST_DB === 'postgres') {
    const base = process.env.DATABASE_URL;
    if (!base) throw new Error('TEST_DB=postgres needs DATABASE_URL');
    const name = `ems_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(base);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDb = async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  }
  const config = loadConfig({
    DATA_DIR: dataDir,
    APP_SECRET: 'test-secret-'.padEnd(48, 'x'),
    LOG_LEVEL: 'silent',
    ...env,
  });
  const start = databaseUrl ? undefined : migratedImage();
  const database = await openDatabase({
    databaseUrl,
    dataDir: 'memory://',
    poolSize: opts.poolSize ?? 10,
    ...(start ? { image: start } : {}),
  });
  const clock = {
    now: null as Date | null,
    set(d: Date) {
      this.now = d;
    },
    advanceDays(n: number) {
      this.now = new Date((this.now ?? new Date()).getTime() + n * 86_400_000);
    },
    reset() {
      this.now = null;
    },
  };
  const { app, deps } = await buildApp({
    config,
    database,
    clientDir: null,
    ...(opts.logStream ? { logStream: opts.logStream } : { logger: false }),
    now: () => clock.now ?? new Date(),
    strictResponses: true,
  });
  opts.routes?.(app, deps);
  // Every answer checked against the OpenAPI document (issue 41, answer-check.ts).
  installAnswerCheck(app);
  await app.ready();
  return {
    app,
    deps,
    database,
    databaseUrl,
    clock,
    close: async () => {
      await app.close();
      await database.close();
      await dropDb?.();
    },
  };
}

/**
 * The one test app of a test file: made before its first test (beforeAll) and closed after its last
 * (afterAll); with `start`, the app's clock is set there before each test. The object returned is
 * filled in by the beforeAll hook: read it inside tests and hooks only.
 */
export function useTestApp(
  env: Record<string, string> = {},
  opts: TestAppOptions & { start?: Date } = {},
): TestApp {
  const { start, ...appOpts } = opts;
  const t = {} as TestApp;
  beforeAll(async () => {
    Object.assign(t, await createTestApp(env, appOpts));
  });
  if (start) beforeEach(() => t.clock.set(start));
  afterAll(async () => {
    await t.close?.();
  });
  return t;
}

/** The session cookie ("ems_sid=...") set by a response, for the next requests. */
export function cookieFrom(res: LightMyRequestResponse): string {
  const set = res.cookies.find((c) => c.name === 'ems_sid');
  if (!set) throw new Error(`No session cookie in response (${res.statusCode}: ${res.body})`);
  return `ems_sid=${set.value}`;
}

let counter = 0;
export const unique = (prefix: string) =>
  `${prefix}${Date.now().toString(36)}${(counter++).toString(36)}`;
