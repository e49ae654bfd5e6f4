import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { company } from '../db/schema/index';

/**
 * npm run bench (scripts/bench.mjs): the spreadsheet import (issue 17) with 5,000 rows, in one process
 * through Fastify's inject (what the server does, without the network): the time of the preview and of
 * the import, and meanwhile the latency of another company's GET /api/equipment/count, asked every
 * 20 ms (counted from when it was due, so a held event loop shows), to show whether the import holds other requests up. Then the same file again (every row
 * matched, nothing added). Database: BENCH_IMPORT_DATABASE_URL (a PostgreSQL database, migrated
 * here) or an embedded one in memory. Prints one JSON line.
 */
const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 5000);
const url = process.env.BENCH_IMPORT_DATABASE_URL || '';
const database = await openDatabase(url ? { databaseUrl: url } : { dataDir: 'memory://' });
const config = loadConfig({
  DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'ems-bench-import-')),
  APP_SECRET: randomBytes(32).toString('base64url'),
  LOG_LEVEL: 'silent',
  ...(url ? { DATABASE_URL: url } : {}),
});
const { app } = await buildApp({ config, database, clientDir: null, logger: false });

async function signup(name: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: {
      businessName: `${name} ${randomBytes(3).toString('hex')}`,
      email: `${name.toLowerCase().replace(/\W/g, '')}.${randomBytes(3).toString('hex')}@example.com`,
      password: 'Harvest-Moon-42',
    },
  });
  if (res.statusCode !== 201) throw new Error(`signup: ${res.statusCode} ${res.body}`);
  const user = res.json<{ companyId: string }>();
  return { cookie: res.cookies.map((c) => `${c.name}=${c.value}`).join('; '), id: user.companyId };
}

const importer = await signup('Bench Import');
const other = await signup('Bench Other');
await database.systemDb
  .update(company)
  .set({ equipmentLimit: -1 })
  .where(eq(company.id, importer.id));

const types = ['Machinery', 'Vehicle', 'Tools', 'Other'];
const rows = Array.from({ length: ROWS }, (_, i) => ({
  name: `Machine ${i + 1}`,
  type: types[i % 4],
  serialNumber: `SN-${100000 + i}`,
  unit: i % 3 === 0 ? 'Miles' : 'Hours',
  currentUsage: `${(i * 13.5).toLocaleString('en-US')}`,
  fuelType: i % 2 ? 'Diesel' : 'Gasoline',
  serviceInterval: '250',
  hasScheduledMaintenance: i % 5 === 0 ? 'Yes' : 'No',
  maintenanceStartDate: i % 5 === 0 ? '01/15/2026' : '',
  maintenanceInterval: i % 5 === 0 ? '6' : '',
  description: `Imported machine number ${i + 1}`,
}));
const body = JSON.stringify({ rows, format: { decimal: '.', dateOrder: 'mdy' } });

/** Runs `work` while another company asks GET /api/equipment/count every 20 ms; their latencies in ms. */
async function timed(work: () => Promise<{ statusCode: number; body: string }>) {
  const latencies: number[] = [];
  let running = true;
  // A probe's latency counts from when its timer was due: time the event loop was held shows too.
  const probe = (async () => {
    while (running) {
      const due = performance.now() + 20;
      await new Promise((resolve) => setTimeout(resolve, 20));
      const r = await app.inject({
        method: 'GET',
        url: '/api/equipment/count',
        headers: { cookie: other.cookie },
      });
      if (r.statusCode !== 200) throw new Error(`probe: ${r.statusCode}`);
      latencies.push(performance.now() - due);
    }
  })();
  const t0 = performance.now();
  const res = await work();
  const ms = performance.now() - t0;
  running = false;
  await probe;
  if (res.statusCode !== 200)
    throw new Error(`answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0);
  return {
    ms: Math.round(ms),
    probes: latencies.length,
    probeP50: at(0.5),
    probeMax: at(1),
    summary: res.body,
  };
}

const post = (u: string) => () =>
  app.inject({
    method: 'POST',
    url: u,
    headers: { cookie: importer.cookie, 'content-type': 'application/json' },
    payload: body,
  });
const summary = (s: string) => (JSON.parse(s) as { summary: Record<string, number> }).summary;

const preview = await timed(post('/api/import/equipment/preview'));
const imported = await timed(post('/api/import/equipment'));
const again = await timed(post('/api/import/equipment/preview'));
console.info(
  JSON.stringify({
    rows: ROWS,
    database: url ? 'postgres' : 'pglite',
    bodyKb: Math.round(Buffer.byteLength(body) / 1024),
    preview: { ...preview, summary: summary(preview.summary) },
    import: { ...imported, summary: summary(imported.summary) },
    again: { ...again, summary: summary(again.summary) },
  }),
);
await app.close();
await database.close();
