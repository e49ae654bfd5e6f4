// npm run bench, "Reports" section (issue 45; BENCH_ONLY=reports for this section alone): the four
// fleet reports over 12 months and the machine page's own figures, on PostgreSQL, on a company of 2,000
// machines with a year of readings, fill-ups, services, work orders and out-of-service periods
// (bench-seed reports).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import {
  CONNECTIONS,
  MACHINE_PAGE_CALLS,
  TARGETS,
  freshDatabase,
  load,
  runSeed,
  signIn,
  startServer,
  stopServer,
} from './bench-common.mjs';

const REPORTS = ['costs', 'fuel', 'utilization', 'downtime'];
const REPORT_GOAL_MS = 300;
const PAGE_GOAL_MS = 100;
const day = (d) => d.toISOString().slice(0, 10);

/** Seeds, serves and measures one database; null when it cannot be reached. */
async function measureOn(kind) {
  const fresh = await freshDatabase(kind, 'ems-reports');
  if (!fresh) return null;
  const { env, drop } = fresh;
  try {
    console.info(`\n== reports (${kind}): seeding`);
    const seeded = JSON.parse(runSeed(env, ['reports']).trim().split('\n').pop());
    console.info(`   seeded in ${seeded.seconds} s`);
    const { child, base } = await startServer(env);
    try {
      const cookie = await signIn(base, '/api/auth/login', seeded.owner);
      const headers = { cookie };
      // 12 months ending yesterday (UTC): never past the company's today, whatever its time zone.
      const to = new Date(Date.now() - 86_400_000);
      const from = new Date(to.getTime() - 364 * 86_400_000);
      const found = await fetch(`${base}/api/equipment/page?limit=1&search=Machine%2001000`, {
        headers,
      });
      const id = (await found.json()).items[0].id;
      const rows = {};
      const urls = [
        ...REPORTS.map((r) => [r, `/api/reports/${r}?from=${day(from)}&to=${day(to)}`]),
        ...MACHINE_PAGE_CALLS(id).map(({ call, url }) => [call, url]),
      ];
      // Each answer computed (kept answers are the company's until its data changes, both databases):
      // a report over a period not asked before (12 months ending 1, 2... days earlier), the page with
      // a query parameter it ignores.
      const afresh = (r, path, i) => {
        if (!REPORTS.includes(r)) return `${path}${path.includes('?') ? '&' : '?'}fresh=${i}`;
        const t = new Date(to.getTime() - i * 86_400_000);
        const f = new Date(t.getTime() - 364 * 86_400_000);
        return `/api/reports/${r}?from=${day(f)}&to=${day(t)}`;
      };
      for (const [r, path] of urls) {
        const url = `${base}${path}`;
        const res = await fetch(url, { headers });
        const body = await res.text();
        if (!res.ok) throw new Error(`${r}: ${res.status} ${body.slice(0, 300)}`);
        const machines = JSON.parse(body).machines?.length;
        // A report takes seconds on this data set: a fixed number of requests (autocannon's amount)
        // rather than a duration, so every request started is timed to its end.
        const alone = await load({ url, headers, connections: 1, amount: 5, timeout: 300 });
        const many = await load({ url, headers, amount: 2 * CONNECTIONS, timeout: 300 });
        const computed = await eachComputed(base, headers, (i) => afresh(r, path, i + 1));
        rows[r] = { ...many, alone, computed, machines, kb: Math.round(body.length / 1024) };
        console.info(`   ${r}: ${JSON.stringify(rows[r])}`);
      }
      return { seconds: seeded.seconds, rows };
    } finally {
      await stopServer(child);
    }
  } finally {
    await drop();
  }
}

/** One user, 7 requests in a row, each a URL not asked before: p50 and the slowest, in ms. */
async function eachComputed(base, headers, urlOf) {
  const times = [];
  for (let i = 0; i < 7; i++) {
    const started = performance.now();
    const res = await fetch(`${base}${urlOf(i)}`, { headers });
    await res.text();
    if (!res.ok) throw new Error(`${urlOf(i)}: ${res.status}`);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: Math.round(times[3]), max: Math.round(times[6]) };
}

export async function measureReports() {
  const runs = {};
  // PostgreSQL only (issue 45's target): on the embedded database one 12-month report takes seconds of
  // its one thread, and 40 of them at once would take longer than the rest of the benchmark.
  for (const kind of TARGETS.map((t) => t.trim()).filter((k) => k === 'postgres')) {
    const got = await measureOn(kind);
    if (got) runs[kind] = got;
  }
  writeReportsSection(runs);
  return runs;
}

function writeReportsSection(runs) {
  const kinds = ['postgres', 'pglite'].filter((k) => runs[k]);
  if (kinds.length === 0) return;
  const name = (k) => (k === 'postgres' ? 'PostgreSQL' : 'PGlite (embedded)');
  const cell = (r) => (r ? `${r.p50} / ${r.p99}` : '-');
  const computedCell = (r) => (r?.computed ? `${r.computed.p50} / ${r.computed.max}` : '-');
  const verdict = (r, goal) => (!r ? '-' : r.p99 < goal ? 'met' : '**missed**');
  const pg = runs.postgres;
  const lines = [
    '## Reports',
    '',
    `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC with \`npm run bench\` (\`BENCH_ONLY=reports\` for this section alone) on this machine (${os.cpus().length} cores, load average ${os.loadavg()[0].toFixed(1)} when written: other work shares it), PostgreSQL only (on the embedded database one 12-month report holds its one thread for seconds), pool ${CONNECTIONS}, autocannon on 127.0.0.1: each request asked 5 times by one user, then ${2 * CONNECTIONS} times by ${CONNECTIONS} users at once (a count, not a duration: a report takes seconds here, and a timed run leaves requests queued on the server for the next row). Answers are kept until the company's data changes, on both databases (docs/decisions/0012-embedded-read-cache.md, "PostgreSQL keeps answers too"), so those columns are mostly kept answers; "each answer computed" is one user asking 7 URLs not asked before (a report over 12 months ending 1-7 days earlier; the page with an unused query parameter), what a call costs right after a write. One company of 2,000 machines of four types (server/src/cli/bench-seed-reports.ts): a year of readings (one every 3 days, 240,400 typed history entries; every 25th machine idle for 60 days), a fill-up every 6 days (119,200; a third priced, the rest at the company's fuel prices; every 40th machine 40 % above its type), 6 services and 2 done work orders per machine, 3 out-of-service periods with their defects on every 10th machine. As its owner, each report over the 12 months ending yesterday (\`?from&to\`, every machine in one answer); the machine page's two requests (MACHINE_PAGE_CALLS) on one of its machines, the page's figures beside its type's 500 peers over 30 days.`,
    '',
    `| Request | Size (KB) | ${kinds.map((k) => `${name(k)} one user p50 / p99 ms | ${name(k)} one user, each answer computed, p50 / max ms`).join(' | ')} | ${kinds.map((k) => `${name(k)} ${CONNECTIONS} users p50 / p99 ms`).join(' | ')} | ${kinds.map((k) => `${name(k)} req/s`).join(' | ')} | Target (PostgreSQL p99) | |`,
    `|---|---|${kinds.map(() => '---|---|---|').join('')}${kinds.map(() => '---|').join('')}---|---|`,
  ];
  for (const r of REPORTS) {
    const any = kinds.map((k) => runs[k].rows[r]).find(Boolean);
    lines.push(
      `| GET /api/reports/${r} (12 months, ${any?.machines ?? '-'} machines) | ${any?.kb ?? '-'} | ${kinds.map((k) => `${cell(runs[k].rows[r]?.alone)} | ${computedCell(runs[k].rows[r])}`).join(' | ')} | ${kinds.map((k) => cell(runs[k].rows[r])).join(' | ')} | ${kinds.map((k) => runs[k].rows[r]?.rps ?? '-').join(' | ')} | < ${REPORT_GOAL_MS} ms | ${verdict(pg?.rows[r], REPORT_GOAL_MS)} |`,
    );
  }
  for (const { call: c } of MACHINE_PAGE_CALLS(':id')) {
    const any = kinds.map((k) => runs[k].rows[c]).find(Boolean);
    lines.push(
      `| ${c} (Machine 01000's page) | ${any?.kb ?? '-'} | ${kinds.map((k) => `${cell(runs[k].rows[c]?.alone)} | ${computedCell(runs[k].rows[c])}`).join(' | ')} | ${kinds.map((k) => cell(runs[k].rows[c])).join(' | ')} | ${kinds.map((k) => runs[k].rows[c]?.rps ?? '-').join(' | ')} | < ${PAGE_GOAL_MS} ms | ${verdict(pg?.rows[c], PAGE_GOAL_MS)} |`,
    );
  }
  lines.push(
    '',
    `Seeding: ${kinds.map((k) => `${name(k)} ${runs[k].seconds} s`).join(', ')}. Targets (issue 45): each report over 12 months p99 under ${REPORT_GOAL_MS} ms, the machine page's own figures in two requests p99 under ${PAGE_GOAL_MS} ms, on PostgreSQL with ${CONNECTIONS} connections.`,
    '',
    '<!-- reports-analysis -->',
    '',
  );
  const file = 'docs/benchmarks.md';
  let doc = existsSync(file) ? readFileSync(file, 'utf8') : '# Benchmarks\n\n';
  const kept =
    /<!-- reports-analysis:start -->[\s\S]*?<!-- reports-analysis:end -->/.exec(doc)?.[0] ??
    '<!-- reports-analysis:start -->\n<!-- reports-analysis:end -->';
  const section = lines.join('\n').replace('<!-- reports-analysis -->', kept);
  const re = /## Reports\n[\s\S]*?(?=\n## (?!#)|$)/;
  doc = re.test(doc) ? doc.replace(re, section.trimEnd() + '\n') : doc.trimEnd() + '\n\n' + section;
  writeFileSync(file, doc.endsWith('\n') ? doc : doc + '\n');
  console.info(`\nwrote ${file} (Reports)`);
}
