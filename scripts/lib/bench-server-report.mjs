// npm run bench: writes the "Server" section of docs/benchmarks.md from `results`.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import {
  DURATION,
  CONNECTIONS,
  READINGS_PER_SECOND,
  DASHBOARD_CALLS,
  REFERENCE_NOTES,
  REFERENCE_CALLS,
  results,
} from './bench-common.mjs';

/** Writes the "Server" section (the dashboard's calls, bare Fastify, the targets of issue 15). */
export function writeServerSection() {
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  const lines = [];
  lines.push('## Server', '');
  lines.push(
    `Run ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${os.cpus().length} x ${cpu}, ${Math.round(os.totalmem() / 2 ** 30)} GB RAM, Node ${process.version}. ` +
      `autocannon on 127.0.0.1, ${CONNECTIONS} connections, ${DURATION} s per row (the load generator shares the cores with the server). Pool size ${CONNECTIONS}.`,
    '',
  );
  for (const [kind, s] of Object.entries(results.seed))
    lines.push(
      `- Data set (${kind}): ${Object.entries(s.counts)
        .map(([k, v]) => `${v.toLocaleString('en-US')} ${k}`)
        .join(', ')}; seeded in ${s.seconds} s.`,
    );
  lines.push(
    '- Dashboard calls are made as the owner of the company with 2,000 machines and 50,000 history entries; POST /api/operator-updates as its operator, spread over its machines (each a plausible reading).',
    '- "Limit" = a bare Fastify route returning the same JSON from memory on the same machine; ratio = measured / limit (for latency, limit / measured).',
    '',
  );
  const ratio = (a, b) => (b ? (a / b).toFixed(2) : '-');
  for (const [kind, t] of Object.entries(results.targets)) {
    lines.push(`### ${kind === 'pglite' ? 'PGlite (embedded)' : 'PostgreSQL 15'}`, '');
    lines.push(
      '| Call | Size (KB) | req/s | p50 ms | p99 ms | errors | req/s vs limit | p99 limit/measured |',
      '|---|---|---|---|---|---|---|---|',
    );
    for (const [key, r] of Object.entries(t.rows)) {
      const bare = results.bareRows[key];
      lines.push(
        `| ${key.startsWith('POST') ? key : `GET ${key}`}${REFERENCE_NOTES[key] ? ` (${REFERENCE_NOTES[key]})` : ''} | ${r.kb ?? '-'} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.non2xx} | ${ratio(r.rps, bare?.rps)} | ${bare ? ratio(bare.p99 || 1, r.p99 || 1) : '-'} |`,
      );
    }
    lines.push(
      '',
      `Server memory after the run: RSS ${t.memory.rssMb} MB (peak ${t.memory.peakMb} MB), ${t.memory.idleMb} MB after 10 s idle.`,
      '',
    );
  }
  lines.push(
    '### Limit: bare Fastify, same JSON from memory',
    '',
    '| Call | req/s | p50 ms | p99 ms |',
    '|---|---|---|---|',
  );
  for (const [key, r] of Object.entries(results.bareRows ?? {}))
    lines.push(
      `| ${key.startsWith('POST') ? key : `GET ${key}`} | ${r.rps} | ${r.p50} | ${r.p99} |`,
    );
  lines.push('');
  if (Object.keys(results.whileWriting).length > 0) {
    lines.push(
      `### Dashboard calls while readings arrive (${READINGS_PER_SECOND} per second)`,
      '',
      `The calls above, each again for ${DURATION} s with ${CONNECTIONS} connections while the company's operator sends ${READINGS_PER_SECOND} readings per second (2 connections). Each reading is a write of the company and ends the answers the read cache keeps (server/src/plugins/cached-read.ts; on PostgreSQL since 2026-11-29, by the version its trigger keeps), so these figures include answers computed afresh; the table above (nothing written while a call is measured) is mostly kept answers.`,
      '',
      '| Database | Call | req/s | p50 ms | p99 ms | errors | readings sent |',
      '|---|---|---|---|---|---|---|',
    );
    for (const [kind, calls] of Object.entries(results.whileWriting))
      for (const [url, r] of Object.entries(calls))
        lines.push(
          `| ${kind === 'pglite' ? 'PGlite' : 'PostgreSQL'} | GET ${url} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.non2xx} | ${r.readings} |`,
        );
    lines.push('');
  }
  const pgRows = results.targets.postgres?.rows ?? {};
  const missed = [];
  for (const [key, r] of Object.entries(pgRows)) {
    if (key.startsWith('POST')) {
      if (r.rps < 1000) missed.push(`POST /api/operator-updates: ${r.rps}/s < 1,000/s`);
    } else if (!REFERENCE_CALLS.includes(key) && r.p99 >= 100)
      missed.push(`GET ${key}: p99 ${r.p99} ms >= 100 ms`);
  }
  if (results.metricsCost) {
    lines.push(
      '### The cost of /metrics (METRICS_TOKEN set)',
      '',
      'CPU time per request in one process (embedded database, Fastify inject), metrics off and on, in alternating batches (server/src/cli/bench-metrics.ts):',
      '',
      '| Call | requests each | metrics off | metrics on | cost per request | share |',
      '|---|---|---|---|---|---|',
    );
    for (const c of results.metricsCost)
      lines.push(
        `| GET ${c.url} | ${c.requests.toLocaleString('en-US')} | ${c.offUs} µs | ${c.onUs} µs | ${(c.onUs - c.offUs).toFixed(1)} µs | ${(((c.onUs - c.offUs) / c.offUs) * 100).toFixed(1)} % |`,
      );
    lines.push('');
  }
  if (results.logging) {
    lines.push(
      '### The cost of request logging (PostgreSQL)',
      '',
      "A second server on the same database at LOG_LEVEL=info (the production default: one JSON line per request, server/src/plugins/request-log.ts, its standard output going to /dev/null as to a file), measured alternately with the benchmark's server at LOG_LEVEL=warn (no request line), twice each:",
      '',
      '| Call | req/s at warn | req/s at info | ratio | p99 ms warn / info |',
      '|---|---|---|---|---|',
    );
    for (const [url, r] of Object.entries(results.logging))
      lines.push(
        `| GET ${url} | ${r.warn.rps} | ${r.info.rps} | ${ratio(r.info.rps, r.warn.rps)} | ${r.warn.p99} / ${r.info.p99} |`,
      );
    lines.push('');
  }
  if (results.rls) {
    lines.push(
      '### The cost of row-level security (PostgreSQL)',
      '',
      `The same server and data, the calls below measured with the policies switched off in the database (\`ALTER TABLE ... DISABLE ROW LEVEL SECURITY\` on ${results.rls.tables} tables) and right after with them on again. The app still switches each connection to the role ems_app and sets the company; what is switched off is the policies' work in each statement.`,
      '',
      '| Call | req/s without RLS | req/s with RLS | ratio | p99 ms without / with |',
      '|---|---|---|---|---|',
    );
    for (const [key, on] of Object.entries(results.rls.on)) {
      const off = results.rls.off[key];
      if (!off) continue;
      lines.push(
        `| ${key.startsWith('POST') ? key : `GET ${key}`} | ${off.rps} | ${on.rps} | ${ratio(on.rps, off.rps)} | ${off.p99} / ${on.p99} |`,
      );
    }
    lines.push('');
  }
  // The issue's targets (#15), each a ratio measured in this one run.
  const checks = [];
  const check = (name, value, goal, met, detail) => checks.push({ name, value, goal, met, detail });
  for (const kind of ['pglite', 'postgres']) {
    const r = results.targets[kind]?.rows?.['/api/auth/user'];
    const bare = results.bareRows?.['/api/auth/user'];
    if (r && bare)
      check(
        `signed-in GET /api/auth/user vs the bare Fastify route (${kind})`,
        `${((r.rps / bare.rps) * 100).toFixed(1)} % (${r.rps}/s vs ${bare.rps}/s)`,
        '>= 25 %',
        r.rps / bare.rps >= 0.25,
      );
  }
  const ov = pgRows['/api/dashboard/overview?limit=50'];
  for (const [who, pgb] of [
    ['as the superuser, no policies', results.pgbench],
    ['as the app runs it: role ems_app, policies on', results.pgbenchApp],
  ])
    if (ov && pgb?.tps)
      check(
        `GET /api/dashboard/overview?limit=50 vs pgbench running its SQL ${who} (PostgreSQL, ${CONNECTIONS} clients)`,
        `${((ov.rps / pgb.tps) * 100).toFixed(1)} % (${ov.rps}/s vs ${pgb.tps} tps)`,
        '>= 50 %',
        ov.rps / pgb.tps >= 0.5,
      );
  if (ov && results.pgbenchCheck?.tps)
    check(
      `GET /api/dashboard/overview?limit=50 vs pgbench running its check of kept machines as the app runs it (what a load runs while its machines' items are kept, decisions/0016)`,
      `${((ov.rps / results.pgbenchCheck.tps) * 100).toFixed(1)} % (${ov.rps}/s vs ${results.pgbenchCheck.tps} tps)`,
      'none (for reference)',
      null,
    );
  const overviewBody = results.bare['/api/dashboard/overview?limit=50']?.body;
  if (overviewBody) {
    const items = JSON.parse(overviewBody).items ?? [];
    const per = items.length
      ? Math.round(Buffer.byteLength(JSON.stringify(items)) / items.length)
      : 0;
    check(
      'GET /api/dashboard/overview?limit=50: bytes per machine of its page (2,000-machine company)',
      `${per} B (${items.length} machines, answer ${Math.round(Buffer.byteLength(overviewBody) / 1024)} KB)`,
      '<= 500 B',
      per > 0 && per <= 500,
    );
  }
  for (const url of DASHBOARD_CALLS) {
    const r = pgRows[url];
    if (r)
      check(
        `GET ${url} p99, PostgreSQL, 2,000 machines, ${CONNECTIONS} connections`,
        `${r.p99} ms (${r.rps}/s)`,
        '< 100 ms',
        r.p99 < 100,
      );
  }
  const post = pgRows['POST /api/operator-updates'];
  if (post)
    check(
      'POST /api/operator-updates (PostgreSQL)',
      `${post.rps}/s`,
      '>= 1,000/s',
      post.rps >= 1000,
    );
  const litePost = results.targets.pglite?.rows?.['POST /api/operator-updates'];
  if (litePost)
    check(
      'POST /api/operator-updates (PGlite)',
      `${litePost.rps}/s (p99 ${litePost.p99} ms)`,
      '>= 500/s',
      litePost.rps >= 500,
    );
  for (const [size, goal] of [
    [200, 50],
    [2000, 300],
  ]) {
    const g = results.growth?.pglite?.find((r) => r.size === size);
    const liteRows = results.targets.pglite?.rows ?? {};
    const worst = (calls) =>
      Object.entries(calls)
        .filter(([, c]) => c)
        .sort((a, b) => b[1].p99 - a[1].p99)[0];
    // 2,000 machines: the main data set's company (1,000 companies around it); 200: the growth set's.
    const calls =
      size === 2000
        ? Object.fromEntries(DASHBOARD_CALLS.map((u) => [u, liteRows[u]]))
        : Object.fromEntries(DASHBOARD_CALLS.map((u) => [u, g?.calls[u]?.many]));
    const w = worst(calls);
    if (w)
      check(
        `PGlite dashboard calls p99, ${size.toLocaleString('en-US')} machines, ${CONNECTIONS} connections (worst call)`,
        `${w[1].p99} ms (${w[0]})`,
        `< ${goal} ms`,
        Object.values(calls).every((c) => !c || c.p99 < goal),
      );
  }
  const liteWriting = results.whileWriting.pglite;
  if (liteWriting) {
    const w = Object.entries(liteWriting).sort((a, b) => b[1].p99 - a[1].p99)[0];
    if (w)
      check(
        `PGlite dashboard calls p99, 2,000 machines, ${CONNECTIONS} connections, while ${READINGS_PER_SECOND} readings/s arrive (worst call)`,
        `${w[1].p99} ms (${w[0]})`,
        '< 300 ms',
        Object.values(liteWriting).every((c) => c.p99 < 300),
      );
  }
  const mem = results.targets.pglite?.memory;
  if (mem)
    check(
      'embedded-database server RSS after the benchmark',
      `${mem.rssMb} MB right after (peak ${mem.peakMb} MB); ${mem.idleMb} MB after 10 s idle`,
      '< 350 MB',
      mem.rssMb < 350,
    );
  lines.push(
    `### Targets (issues 15 and 28), measured in this run (load average ${results.loadAvg.start} at the start, ${os.loadavg()[0].toFixed(1)} at the end, ${os.cpus().length} cores)`,
    '',
    '| Target | Measured | Goal | |',
    '|---|---|---|---|',
    ...checks.map(
      (c) =>
        `| ${c.name} | ${c.value} | ${c.goal} | ${c.met === null ? '-' : c.met ? 'met' : '**missed**'} |`,
    ),
    '',
  );
  for (const c of checks)
    console.info(
      `   ${c.met === null ? '      ' : c.met ? 'met   ' : 'MISSED'} ${c.name}: ${c.value} (goal ${c.goal})`,
    );
  lines.push('Earlier targets (PostgreSQL, 20 connections):', '');
  lines.push(
    missed.length === 0 && Object.keys(pgRows).length > 0
      ? '- All met: dashboard calls p99 < 100 ms; POST /api/operator-updates >= 1,000/s.'
      : missed.map((m) => `- Missed: ${m}`).join('\n') || '- PostgreSQL not measured.',
  );
  lines.push('', '<!-- analysis -->', '');
  if (results.explain)
    lines.push(
      '<details><summary>EXPLAIN ANALYZE (PostgreSQL, company with 2,000 machines)</summary>',
      '',
      '```',
      results.explain.trim(),
      '```',
      '',
      '</details>',
      '',
    );
  const section = lines.join('\n');

  // Keep other sections (e.g. "Page speed", written by bench-web) as they are; replace only "## Server".
  const file = 'docs/benchmarks.md';
  let doc = existsSync(file) ? readFileSync(file, 'utf8') : '# Benchmarks\n\n';
  // The written analysis (why a target is missed, what was fixed) lives between these markers and survives re-runs.
  const kept =
    /<!-- analysis:start -->[\s\S]*?<!-- analysis:end -->/.exec(doc)?.[0] ??
    '<!-- analysis:start -->\n<!-- analysis:end -->';
  const full = section.replace('<!-- analysis -->', kept);
  const re = /## Server\n[\s\S]*?(?=\n## (?!#)|$)/;
  doc = re.test(doc) ? doc.replace(re, full.trimEnd() + '\n') : doc.trimEnd() + '\n\n' + full;
  mkdirSync('docs', { recursive: true });
  writeFileSync(file, doc.endsWith('\n') ? doc : doc + '\n');
  console.info(`\nwrote ${file}`);
}
