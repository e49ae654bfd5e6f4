// npm run bench (scripts/bench.mjs): settings, the seed, the built server, sign-in, autocannon load, pgbench
// and a fresh database per measurement, shared by every section; `results` gathers the Server section's figures.
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { build } from 'esbuild';
import pg from 'pg';
import { PG_BASE, freshDatabase } from './fresh-database.mjs';
import { serverBundle } from './server-bundle.mjs';

export { PG_BASE, freshDatabase };

export const DURATION = Number(process.env.BENCH_DURATION ?? 5);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
// Operators' readings per second sent while the dashboard calls are measured again ("while readings arrive").
export const READINGS_PER_SECOND = 20;
export const TARGETS = (process.env.BENCH_TARGETS ?? 'pglite,postgres').split(',');
export const APP_SECRET = randomBytes(32).toString('base64url');
export const PASSWORD = `Bench-${randomBytes(9).toString('base64url')}`;
export const SHARED = `Shared-${randomBytes(9).toString('base64url')}`;
// What the dashboard page loads (client/src/features/dashboard), in that order.
export const DASHBOARD_CALLS = [
  '/api/auth/user',
  '/api/dashboard/overview?limit=50',
  '/api/operator-updates?limit=25',
  '/api/equipment-history?limit=50',
  '/api/dashboard/fuel-summary',
];
// What the Equipment List page loads (client/src/features/equipment/routes/equipment-list.tsx): one page of 25.
export const LIST_CALLS = ['/api/equipment/page?limit=25'];
// Measured for reference, not loaded by a first screen: the whole list of operator updates (what the
// API answers without a limit: 200 pending and 50 applied at most; the dashboard's card asks 25 at a time)
// and the full equipment list (2,000 records) used by the exports only.
export const REFERENCE_NOTES = {
  '/api/operator-updates': 'reference: the whole list, for other programs',
  '/api/equipment': 'reference: export only',
};
export const REFERENCE_CALLS = Object.keys(REFERENCE_NOTES);
// What the machine page (client/src/features/machines, /machines/:id) asks on open: its data and the
// timeline's first page (TIMELINE_PAGE = 20); then, after them, the costs card's own request (issue 27).
export const MACHINE_PAGE_CALLS = (id) => [
  { call: 'GET /api/equipment/:id/page', url: `/api/equipment/${id}/page` },
  { call: 'GET /api/equipment/:id/history?limit=20', url: `/api/equipment/${id}/history?limit=20` },
];
export const MACHINE_COSTS_CALL = (id) => ({
  call: 'GET /api/costs?months=12&equipmentId=:id (costs card)',
  url: `/api/costs?months=12&equipmentId=${id}`,
});
export const ONLY = process.env.BENCH_ONLY;
export const ONLY_MACHINE_PAGE = process.env.BENCH_ONLY === 'machine-page';
// The dashboard's history card, measured at every size of the growth set (issue 43).
export const HISTORY_CALL = '/api/equipment-history?limit=50';
// Issue 43's goals: the history call's p99 at every size; an export's first bytes at 20 users.
export const HISTORY_GOAL_MS = 100;
export const FIRST_BYTE_GOAL_MS = 1000;
// Each export size is loaded for the same time (BENCH_EXPORT_SECONDS, default 60): one 10,000-machine
// download takes 50-120 s, and a 5-s run at 2,000 machines compared an 11-s run's peak memory with a
// 50-s run's, V8's heap growing with the time under load, not with the export's size.
export const EXPORT_SECONDS = Number(process.env.BENCH_EXPORT_SECONDS ?? 60);
// Due soon (issue 40): one row per task due within 30 days, measured at every size of the growth set (6
// tasks per machine); its goal is the 2,000-machine company's p99 on PostgreSQL.
export const DUE_SOON_CALL = '/api/maintenance/due?within=30&machines=false';
export const DUE_SOON_GOAL_MS = 150;

/** Builds the server and the seed entries (bundled TS, like scripts/build-server.mjs). */
export async function buildBench() {
  execFileSync('node', ['scripts/build-server.mjs'], { stdio: 'inherit' });
  await build({
    entryPoints: {
      'bench-seed': 'server/src/cli/bench-seed.ts',
      'bench-metrics': 'server/src/cli/bench-metrics.ts',
      'bench-import': 'server/src/cli/bench-import.ts',
    },
    ...serverBundle,
    logLevel: 'warning',
  });
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
export const freePort = () => 20000 + Math.floor(Math.random() * 20000);

export function runSeed(env, args = []) {
  const out = execFileSync('node', ['dist/server/bench-seed.js', ...args], {
    env: {
      ...process.env,
      ...env,
      APP_SECRET,
      BENCH_PASSWORD: PASSWORD,
      BENCH_SHARED_PASSWORD: SHARED,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 64 * 1024 * 1024,
  }).toString();
  return out;
}

/** `logLevel` info: the production default, each request's line written to /dev/null (as to a file). */
export async function startServer(env, logLevel = 'warn') {
  const port = freePort();
  const child = spawn('node', ['dist/server/main.js'], {
    env: {
      ...process.env,
      ...env,
      APP_SECRET,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: logLevel,
      DB_POOL_SIZE: String(CONNECTIONS),
      // No digest run (a pass over the data set's 1,000 companies) in the middle of a measurement.
      JOBS: 'off',
    },
    stdio: ['ignore', logLevel === 'warn' ? 'inherit' : 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { child, base };
    } catch {
      /* not up yet */
    }
    await sleep(100);
  }
  child.kill('SIGTERM');
  throw new Error('server did not start');
}

/** Stops a server started by startServer (once; a second call finds it stopped). */
export async function stopServer(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

export function rssOf(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (k) => Number(new RegExp(`${k}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
    return { rssMb: Math.round(kb('VmRSS') / 1024), peakMb: Math.round(kb('VmHWM') / 1024) };
  } catch {
    return { rssMb: 0, peakMb: 0 };
  }
}

export async function signIn(base, url, body) {
  const res = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`sign-in ${url} failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('ems_sid='));
  if (!cookie) throw new Error(`no session cookie from ${url}`);
  return cookie.split(';')[0];
}

export function load(opts) {
  return new Promise((resolve, reject) => {
    autocannon(
      { connections: CONNECTIONS, duration: DURATION, pipelining: 1, ...opts },
      (err, r) => {
        if (err) reject(err);
        else
          resolve({
            rps: Math.round(r.requests.average),
            p50: r.latency.p50,
            p99: r.latency.p99,
            non2xx: r.non2xx + r.errors + r.timeouts,
            total: r.requests.total,
            bytes: Math.round(r.throughput.average),
          });
      },
    );
  });
}

/** autocannon sending operators' readings (operatorUpdateRequests) as `cookie`, with load's other options. */
export function loadReadings(base, cookie, machines, opts = {}) {
  return load({
    url: base,
    headers: { cookie, 'content-type': 'application/json' },
    requests: operatorUpdateRequests(machines),
    ...opts,
  });
}

/** POST /api/operator-updates spread over the big company's machines, each reading a little above the last. */
export function operatorUpdateRequests(machines) {
  let i = 0;
  const round = new Map();
  return [
    {
      method: 'POST',
      path: '/api/operator-updates',
      setupRequest: (req) => {
        const m = machines[i++ % machines.length];
        const k = (round.get(m.id) ?? 0) + 1;
        round.set(m.id, k);
        return {
          ...req,
          body: JSON.stringify({
            equipmentId: m.id,
            equipmentName: m.name,
            newUsage: Math.round((m.currentUsage + k * 0.1) * 10) / 10,
            fuelAdded: 1.5,
            fuelType: 'gas',
            notes: '',
          }),
        };
      },
    },
  ];
}

export const results = {
  targets: {},
  bare: {},
  seed: {},
  metricsCost: null,
  machinePage: {},
  whileWriting: {},
};
/** Calls measured again with row-level security off and on (its cost). */
export const RLS_CALLS = ['/api/dashboard/overview?limit=50', '/api/operator-updates?limit=25'];
export const PGBENCH = ['/usr/lib/postgresql/15/bin/pgbench', '/usr/bin/pgbench'].find((p) =>
  existsSync(p),
);

/**
 * pgbench with one statement at the benchmark's concurrency, prepared like the app's (-M prepared).
 * `pgOptions` (PGOPTIONS) runs it as the app does: as the role ems_app with the company set, so the
 * row-level security policies are part of the statement.
 */
export function runPgbench(url, statement, pgOptions = null) {
  if (!PGBENCH) return null;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ems-pgbench-'));
  const file = path.join(dir, 'overview.sql');
  writeFileSync(file, `${statement};\n`);
  try {
    const out = execFileSync(
      PGBENCH,
      [
        '-n',
        '-M',
        'prepared',
        '-c',
        String(CONNECTIONS),
        '-j',
        '2',
        '-T',
        String(DURATION),
        '-f',
        file,
        url,
      ],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
        env: pgOptions ? { ...process.env, PGOPTIONS: pgOptions } : process.env,
      },
    ).toString();
    const tps = Number(/tps = ([\d.]+) \(without initial connection time\)/.exec(out)?.[1] ?? 0);
    const latency = Number(/latency average = ([\d.]+) ms/.exec(out)?.[1] ?? 0);
    return { tps: Math.round(tps), latencyMs: latency };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Switches row-level security off (returns the tables) or back on for those tables, in one database. */
export async function setRowSecurity(url, on, tables = null) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const list =
      tables ??
      (
        await c.query(
          `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
           where n.nspname = 'public' and c.relrowsecurity`,
        )
      ).rows.map((r) => r.name);
    for (const t of list)
      await c.query(
        on
          ? `alter table "${t}" enable row level security, force row level security`
          : `alter table "${t}" disable row level security, no force row level security`,
      );
    return list;
  } finally {
    await c.end();
  }
}

/**
 * What /metrics costs per request (server/src/cli/bench-metrics.ts): CPU time per GET /api/auth/user with
 * metrics off and on, in one process, alternating batches; CPU time, not throughput, so the other
 * processes on a shared machine do not blur a difference of a few microseconds.
 */
export function measureMetricsCost() {
  const out = execFileSync('node', ['dist/server/bench-metrics.js'], {
    env: { ...process.env, LOG_LEVEL: 'silent' },
    stdio: ['ignore', 'pipe', 'inherit'],
  }).toString();
  return JSON.parse(out.trim().split('\n').pop());
}
