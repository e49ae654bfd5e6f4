// npm run bench, "How cost grows" section's measurements (BENCH_ONLY=growth, export, server).
import { execFileSync } from 'node:child_process';
import {
  CONNECTIONS,
  TARGETS,
  APP_SECRET,
  DASHBOARD_CALLS,
  ONLY,
  HISTORY_CALL,
  DUE_SOON_CALL,
  runSeed,
  startServer,
  stopServer,
  rssOf,
  signIn,
  load,
  freshDatabase,
} from './bench-common.mjs';
import { measureExport } from './bench-export.mjs';
import { writeGrowthSection } from './bench-growth-report.mjs';

/**
 * How cost grows with the fleet (issue 28): a database of its own holding one company of each size
 * (bench-seed growth: 25, 200, 2,000 and 10,000 machines, 25 history entries and 10 readings each), on
 * each database. For each company: the overview and the machine page's data, one user at a time and
 * CONNECTIONS at a time, plus every dashboard call at CONNECTIONS (the embedded database's goals are
 * set for the 200- and 2,000-machine companies). Writes the "How cost grows" section.
 */
export async function measureGrowth() {
  const runs = {};
  for (const kind of TARGETS.map((t) => t.trim())) {
    const fresh = await freshDatabase(kind, 'ems-growth');
    if (!fresh) continue;
    const { env, drop: cleanup } = fresh;
    try {
      console.info(`\n== ${kind}: growth data set`);
      execFileSync('node', ['dist/server/db-migrate.js'], {
        env: { ...process.env, ...env, APP_SECRET },
        stdio: 'inherit',
      });
      const seeded = JSON.parse(runSeed(env, ['growth']).trim().split('\n').pop());
      console.info(`   seeded in ${seeded.seconds} s`);
      const { child, base } = await startServer(env);
      try {
        runs[kind] = [];
        for (const { size, owner } of seeded.companies) {
          const cookie = await signIn(base, '/api/auth/login', owner);
          // As a browser asks: it accepts compressed answers (Due soon's large list is sent gzipped).
          const headers = { cookie, 'accept-encoding': 'gzip, deflate, br' };
          const first = await fetch(`${base}/api/equipment/page?limit=1`, { headers });
          const id = (await first.json()).items[0]?.id;
          const row = { size, calls: {} };
          const urls = {
            overview: '/api/dashboard/overview?limit=50',
            machinePage: `/api/equipment/${id}/page`,
            ...(size === 200 || size === 2000
              ? Object.fromEntries(DASHBOARD_CALLS.map((u) => [u, u]))
              : {}),
            // The history card's call at every size (issue 43: the 200-machine company was the slow one).
            [HISTORY_CALL]: HISTORY_CALL,
            [DUE_SOON_CALL]: DUE_SOON_CALL,
          };
          for (const [name, url] of Object.entries(ONLY === 'export' ? {} : urls)) {
            const res = await fetch(`${base}${url}`, { headers });
            const body = await res.text();
            if (!res.ok) {
              console.warn(`   ${size}: ${url} answered ${res.status}, skipped`);
              continue;
            }
            await load({ url: `${base}${url}`, headers, duration: 1 }); // warm-up
            const one =
              name === 'overview' || name === 'machinePage'
                ? await load({ url: `${base}${url}`, headers, connections: 1, duration: 3 })
                : null;
            const many = await load({ url: `${base}${url}`, headers, duration: 3 });
            const fresh = one ? await computedAfresh(base, headers, name, url) : null;
            row.calls[name] = {
              kb: Math.round(Buffer.byteLength(body) / 102.4) / 10,
              one,
              many,
              fresh,
            };
            console.info(
              `   ${size} machines, ${name}: ${row.calls[name].kb} KB, one user p50/p99 ${one ? `${one.p50}/${one.p99}` : '-'} ms, ${CONNECTIONS} users p50/p99 ${many.p50}/${many.p99} ms (${many.rps}/s)`,
            );
          }
          runs[kind].push(row);
        }
        // The full equipment list, streamed (issue 43), for the two biggest companies.
        // Each size on a server of its own, started afresh: "memory stays flat" compares the two
        // downloads' peaks, and a server that has just served the 2,000-machine downloads starts the
        // 10,000's with the heap V8 grew for them (RSS before 322-338 MB against 183-191 MB).
        // (The embedded database admits one process: the server above stops first.)
        runs[kind].memory = rssOf(child.pid);
        await stopServer(child);
        runs[kind].exports = {};
        for (const { size, owner } of seeded.companies.filter((c) => c.size >= 2000)) {
          const own = await startServer(env);
          try {
            const cookie = await signIn(own.base, '/api/auth/login', owner);
            runs[kind].exports[size] = await measureExport(
              own.child.pid,
              `${own.base}/api/equipment`,
              { cookie },
            );
          } finally {
            await stopServer(own.child);
          }
          console.info(
            `   ${size} machines, GET /api/equipment at ${CONNECTIONS} users: ${JSON.stringify(runs[kind].exports[size])}`,
          );
        }
      } finally {
        await stopServer(child);
      }
    } finally {
      await cleanup();
    }
  }
  // BENCH_ONLY=export measures the streamed export alone: printed above, the section is left as it is.
  if (ONLY !== 'export') writeGrowthSection(runs);
  return runs;
}

/**
 * One user's answers each computed afresh: 20 requests in a row, each a URL not asked before (the
 * overview with limits 50 down to 31, the machine page with an unused query parameter), so the
 * read cache (server/src/plugins/cached-read.ts, both databases) holds none of them. p50 and the
 * slowest, in ms, timed from this process.
 */
export async function computedAfresh(base, headers, name, url) {
  const times = [];
  for (let i = 0; i < 20; i++) {
    const u = name === 'overview' ? `/api/dashboard/overview?limit=${50 - i}` : `${url}?fresh=${i}`;
    const started = performance.now();
    const res = await fetch(`${base}${u}`, { headers });
    await res.text();
    if (!res.ok) return null;
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: Math.round(times[10]), max: Math.round(times[19]) };
}
