// npm run bench, "Server" section's measurements: the dashboard's calls on each database (measureTarget)
// and the same answers from a bare Fastify route (measureBare). The section is written by bench-server-report.mjs.
import { execFileSync } from 'node:child_process';
import Fastify from 'fastify';
import {
  READINGS_PER_SECOND,
  APP_SECRET,
  DASHBOARD_CALLS,
  LIST_CALLS,
  REFERENCE_CALLS,
  ONLY_MACHINE_PAGE,
  sleep,
  freePort,
  runSeed,
  startServer,
  rssOf,
  signIn,
  load,
  loadReadings,
  operatorUpdateRequests,
  results,
  RLS_CALLS,
  runPgbench,
  setRowSecurity,
  freshDatabase,
} from './bench-common.mjs';
import { measureMachinePage } from './bench-machine-page.mjs';

export async function measureTarget(kind) {
  const fresh = await freshDatabase(kind, 'ems-bench');
  if (!fresh) return;
  const { env, drop: cleanup } = fresh;
  try {
    console.info(`\n== ${kind}: seeding`);
    // Migrate first (the server does it on start), then seed.
    execFileSync('node', ['dist/server/db-migrate.js'], {
      env: { ...process.env, ...env, APP_SECRET },
      stdio: 'inherit',
    });
    const seedOut = JSON.parse(runSeed(env).trim().split('\n').pop());
    results.seed[kind] = seedOut;
    console.info(`   seeded in ${seedOut.seconds} s: ${JSON.stringify(seedOut.counts)}`);
    if (kind === 'postgres') results.explain = runSeed(env, ['explain']);
    const { child, base } = await startServer(env);
    try {
      const owner = await signIn(base, '/api/auth/login', seedOut.owner);
      let operator = null;
      try {
        operator = await signIn(base, '/api/employee/login', seedOut.operator);
      } catch (err) {
        console.warn(
          `   operator sign-in failed (${err.message}); POST /api/operator-updates measured as the owner`,
        );
      }
      results.machinePage[kind] = await measureMachinePage(base, owner);
      if (ONLY_MACHINE_PAGE) return;
      const rows = {};
      for (const url of [...DASHBOARD_CALLS, ...LIST_CALLS, ...REFERENCE_CALLS]) {
        const res = await fetch(`${base}${url}`, { headers: { cookie: owner } });
        const body = await res.text();
        if (!res.ok) {
          console.warn(`   ${url}: ${res.status}, skipped`);
          continue;
        }
        results.bare[url] ??= { body, type: res.headers.get('content-type') ?? 'application/json' };
        await load({ url: `${base}${url}`, headers: { cookie: owner }, duration: 1 }); // warm-up
        rows[url] = await load({ url: `${base}${url}`, headers: { cookie: owner } });
        rows[url].kb = Math.round(Buffer.byteLength(body) / 1024);
        console.info(`   GET ${url}: ${JSON.stringify(rows[url])}`);
      }
      if (kind === 'postgres') {
        // The overview's one statement (its snapshot is current) through pgbench, same concurrency, same
        // server, on the same data as the GETs above (before the POSTs below add readings): as the
        // superuser (no policies) and as the app runs it (role ems_app, the company set, policies on).
        const overview = JSON.parse(runSeed(env, ['overview-sql']).trim().split('\n').pop());
        results.pgbench = runPgbench(env.DATABASE_URL, overview.sql);
        results.pgbenchApp = runPgbench(
          env.DATABASE_URL,
          overview.sql,
          `-c role=ems_app -c app.company_id=${overview.companyId}`,
        );
        // What a load whose machines are kept runs instead (decisions/0016): their row versions.
        results.pgbenchCheck = runPgbench(
          env.DATABASE_URL,
          overview.checkSql,
          `-c role=ems_app -c app.company_id=${overview.companyId}`,
        );
        console.info(
          `   pgbench, the overview's SQL: ${JSON.stringify(results.pgbench)}; as the app's role: ${JSON.stringify(results.pgbenchApp)}; its check of kept machines as the app's role: ${JSON.stringify(results.pgbenchCheck)}`,
        );
      }
      // The machines with their current usage (read again before each run of readings: each adds to it).
      const currentMachines = async () => {
        const list = await fetch(`${base}/api/equipment`, { headers: { cookie: owner } });
        return list.ok
          ? (await list.json())
              .filter((m) => m.unit === 'hours')
              .map((m) => ({ id: m.id, name: m.name, currentUsage: Number(m.currentUsage) }))
          : [];
      };
      const machines = await currentMachines();
      if (machines.length > 0) {
        const cookie = operator ?? owner;
        const one = operatorUpdateRequests(
          machines.slice(0, 1).map((m) => ({ ...m, currentUsage: m.currentUsage + 1000 })),
        );
        const probe = await fetch(`${base}/api/operator-updates`, {
          method: 'POST',
          headers: { cookie, 'content-type': 'application/json' },
          body: one[0].setupRequest({}).body,
        });
        const probeBody = await probe.text();
        results.bare['POST /api/operator-updates'] ??= {
          body: probeBody,
          type: 'application/json',
          status: probe.status,
        };
        if (!probe.ok)
          console.warn(
            `   POST /api/operator-updates probe: ${probe.status} ${probeBody.slice(0, 200)}`,
          );
        // A warm-up like the GETs' (1 s), on other machines than the measurement's.
        const half = Math.floor(machines.length / 2);
        await loadReadings(base, cookie, machines.slice(half), { duration: 1 });
        rows['POST /api/operator-updates'] = await loadReadings(
          base,
          cookie,
          machines.slice(1, half),
        );
        console.info(
          `   POST /api/operator-updates: ${JSON.stringify(rows['POST /api/operator-updates'])}`,
        );
        // The dashboard calls again while operators' readings arrive (READINGS_PER_SECOND, from 2
        // connections): each reading is a write of the company, so on the embedded database it ends
        // every kept answer (server/src/plugins/cached-read.ts) and the calls are computed again.
        results.whileWriting[kind] = {};
        for (const url of DASHBOARD_CALLS) {
          if (url === '/api/auth/user') continue;
          const [got, posted] = await Promise.all([
            load({ url: `${base}${url}`, headers: { cookie: owner } }),
            loadReadings(base, cookie, machines.slice(half), {
              connections: 2,
              overallRate: READINGS_PER_SECOND,
            }),
          ]);
          results.whileWriting[kind][url] = { ...got, readings: posted.total };
          console.info(
            `   GET ${url} while readings arrive: ${JSON.stringify(got)}; readings ${posted.total}`,
          );
        }
      }
      if (kind === 'postgres') {
        // Row-level security's cost: the same calls again with the policies switched off in this database.
        const off = await setRowSecurity(env.DATABASE_URL, false);
        const rlsOff = {};
        for (const url of RLS_CALLS) {
          rlsOff[url] = await load({ url: `${base}${url}`, headers: { cookie: owner } });
          console.info(`   without RLS GET ${url}: ${JSON.stringify(rlsOff[url])}`);
        }
        if (machines.length > 0) {
          rlsOff['POST /api/operator-updates'] = await loadReadings(
            base,
            operator ?? owner,
            (await currentMachines()).slice(1),
          );
          console.info(
            `   without RLS POST /api/operator-updates: ${JSON.stringify(rlsOff['POST /api/operator-updates'])}`,
          );
        }
        // ...and with them on again, right after (the two runs side by side).
        await setRowSecurity(env.DATABASE_URL, true, off);
        const rlsOn = {};
        for (const url of RLS_CALLS) {
          rlsOn[url] = await load({ url: `${base}${url}`, headers: { cookie: owner } });
          console.info(`   with RLS GET ${url}: ${JSON.stringify(rlsOn[url])}`);
        }
        if (machines.length > 0) {
          rlsOn['POST /api/operator-updates'] = await loadReadings(
            base,
            operator ?? owner,
            (await currentMachines()).slice(1),
          );
          console.info(
            `   with RLS POST /api/operator-updates: ${JSON.stringify(rlsOn['POST /api/operator-updates'])}`,
          );
        }
        results.rls = { on: rlsOn, off: rlsOff, tables: off.length };
      }
      if (kind === 'postgres') {
        // Request logging's cost: a second server at LOG_LEVEL=info on the same database, alternated
        // with this one (warn), on the smallest signed-in call (a fixed cost weighs most there).
        const info = await startServer(env, 'info');
        try {
          const infoOwner = await signIn(info.base, '/api/auth/login', seedOut.owner);
          results.logging = {};
          for (const url of ['/api/auth/user']) {
            const runs = { warn: [], info: [] };
            for (const [mode, b, c] of [
              ['warn', base, owner],
              ['info', info.base, infoOwner],
              ['info', info.base, infoOwner],
              ['warn', base, owner],
            ]) {
              await load({ url: `${b}${url}`, headers: { cookie: c }, duration: 1 });
              runs[mode].push(await load({ url: `${b}${url}`, headers: { cookie: c } }));
            }
            const mean = (rs) => ({
              rps: Math.round((rs[0].rps + rs[1].rps) / 2),
              p99: Math.max(rs[0].p99, rs[1].p99),
            });
            results.logging[url] = { warn: mean(runs.warn), info: mean(runs.info) };
            console.info(`   logging, GET ${url}: ${JSON.stringify(results.logging[url])}`);
          }
        } finally {
          info.child.kill('SIGTERM');
          await new Promise((r) => info.child.once('exit', r));
        }
      }
      // Memory right after the load, then after 10 s idle: V8 gives freed heap pages back to the
      // system a few seconds after a burst (its memory reducer), so the two differ by the burst's garbage.
      const memory = rssOf(child.pid);
      await sleep(10_000);
      results.targets[kind] = { rows, memory: { ...memory, idleMb: rssOf(child.pid).rssMb } };
    } finally {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
  } finally {
    await cleanup();
  }
}

export async function measureBare() {
  const app = Fastify({ logger: false });
  const getPaths = new Set();
  for (const [key, v] of Object.entries(results.bare)) {
    if (key.startsWith('POST '))
      app.post(key.slice(5), async (_req, reply) =>
        reply
          .status(v.status ?? 200)
          .type(v.type)
          .send(v.body),
      );
    else getPaths.add(key.split('?')[0]);
  }
  // One route per path; the answer is the one saved for the whole URL (a path may be measured with and
  // without its query: the list of updates).
  for (const p of getPaths)
    app.get(p, async (req, reply) => {
      const v = results.bare[req.url];
      return v ? reply.type(v.type).send(v.body) : reply.status(404).send();
    });
  const port = freePort();
  await app.listen({ port, host: '127.0.0.1' });
  const out = {};
  for (const key of Object.keys(results.bare)) {
    const post = key.startsWith('POST ');
    const url = `http://127.0.0.1:${port}${post ? key.slice(5) : key}`;
    out[key] = await load(
      post
        ? { url, method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } }
        : { url },
    );
    console.info(`   bare ${key}: ${JSON.stringify(out[key])}`);
  }
  await app.close();
  results.bareRows = out;
}
