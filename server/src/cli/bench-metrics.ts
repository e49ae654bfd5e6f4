import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';

/**
 * npm run bench (scripts/bench.mjs): what metrics cost per request, in CPU time, so a busy machine does
 * not blur it. Two apps on one embedded database in this process, metrics off (no METRICS_TOKEN) and
 * on, answer GET /api/auth/user (the smallest signed-in call: a fixed cost weighs most there) through
 * Fastify's inject, in alternating batches; the process CPU time of each batch is summed per mode.
 * Also GET /api/health (no database work), where the hook's own microseconds show most.
 * Prints one JSON line: [{ url, offUs, onUs, requests }], CPU microseconds per request.
 */
const ROUNDS = Number(process.env.BENCH_METRICS_ROUNDS ?? 10);
const BATCH = 300;
/** No database work (the hook's cost in microseconds shows), and the smallest signed-in call. */
const URLS = ['/api/health', '/api/auth/user'] as const;

const dir = mkdtempSync(path.join(os.tmpdir(), 'ems-bench-metrics-'));
const database = await openDatabase({ dataDir: 'memory://' });
const base = {
  DATA_DIR: dir,
  APP_SECRET: randomBytes(32).toString('base64url'),
  LOG_LEVEL: 'silent',
};
const token = randomBytes(32).toString('base64url');
const apps = {
  off: (await buildApp({ config: loadConfig(base), database, clientDir: null, logger: false })).app,
  on: (
    await buildApp({
      config: loadConfig({ ...base, METRICS_TOKEN: token }),
      database,
      clientDir: null,
      logger: false,
    })
  ).app,
};
const signup = await apps.off.inject({
  method: 'POST',
  url: '/api/auth/signup',
  payload: {
    businessName: 'Bench Metrics Co',
    email: 'bench.metrics@example.com',
    password: 'Harvest-Moon-42',
  },
});
const cookie = signup.cookies.map((c) => `${c.name}=${c.value}`).join('; ');

async function batch(mode: 'off' | 'on', url: string): Promise<number> {
  const app = apps[mode];
  const start = process.cpuUsage();
  for (let i = 0; i < BATCH; i++) {
    const res = await app.inject({ method: 'GET', url, headers: { cookie } });
    if (res.statusCode !== 200) throw new Error(`GET ${url} answered ${res.statusCode}`);
  }
  const used = process.cpuUsage(start);
  return used.user + used.system;
}

const per = (us: number) => Math.round((us / (ROUNDS * BATCH)) * 100) / 100;
const rows = [];
for (const url of URLS) {
  const total = { off: 0, on: 0 };
  await batch('off', url); // warm-up
  await batch('on', url);
  for (let r = 0; r < ROUNDS; r++)
    for (const mode of r % 2 ? (['on', 'off'] as const) : (['off', 'on'] as const))
      total[mode] += await batch(mode, url);
  rows.push({ url, offUs: per(total.off), onUs: per(total.on), requests: ROUNDS * BATCH });
}
const scrape = await apps.on.inject({
  method: 'GET',
  url: '/metrics',
  headers: { authorization: `Bearer ${token}` },
});
if (!scrape.body.includes('route="/api/auth/user"')) throw new Error('metrics were not recorded');
console.info(JSON.stringify(rows));
await apps.off.close();
await apps.on.close();
await database.close();
