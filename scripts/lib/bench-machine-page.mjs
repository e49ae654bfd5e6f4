// npm run bench, "Machine page" section (BENCH_ONLY=machine-page).
import http from 'node:http';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import {
  DURATION,
  CONNECTIONS,
  MACHINE_PAGE_CALLS,
  MACHINE_COSTS_CALL,
  load,
  results,
} from './bench-common.mjs';

/**
 * The machine page of one of the big company's machines (2,000 machines, 50,000 history entries): each
 * request it makes on open, loaded on its own (p50/p99 at the benchmark's concurrency), and the page's
 * data as the client gets it (its two requests at once, time until both answered).
 */
export async function measureMachinePage(base, owner) {
  const headers = { cookie: owner };
  const found = await fetch(
    `${base}/api/equipment/page?limit=1&search=${encodeURIComponent('Machine 01000')}`,
    { headers },
  );
  const id = found.ok ? (await found.json()).items[0]?.id : undefined;
  if (!id) {
    console.warn(`   machine page: no machine found (${found.status}), skipped`);
    return null;
  }
  const calls = {};
  for (const { call, url } of [...MACHINE_PAGE_CALLS(id), MACHINE_COSTS_CALL(id)]) {
    const res = await fetch(`${base}${url}`, { headers });
    const body = await res.text();
    if (!res.ok) {
      console.warn(`   ${call}: ${res.status}, skipped`);
      continue;
    }
    await load({ url: `${base}${url}`, headers, duration: 1 }); // warm-up
    calls[call] = {
      ...(await load({ url: `${base}${url}`, headers })),
      kb: Math.round(Buffer.byteLength(body) / 1024),
    };
    console.info(`   ${call}: ${JSON.stringify(calls[call])}`);
  }
  // The page's data as the client asks it: both requests at once, `openers` pages opening at a time
  // (node:http with keep-alive, as light a client as autocannon's; fetch would be the bottleneck).
  const agent = new http.Agent({ keepAlive: true, maxSockets: 2 * CONNECTIONS });
  const get = (url) =>
    new Promise((resolve, reject) => {
      http
        .get(`${base}${url}`, { agent, headers }, (res) => {
          res.on('data', () => {});
          res.on('end', () => resolve(res.statusCode === 200));
        })
        .on('error', reject);
    });
  const opening = async (openers) => {
    const times = [];
    const until = Date.now() + DURATION * 1000;
    const opener = async () => {
      while (Date.now() < until) {
        const t0 = performance.now();
        const answers = await Promise.all(MACHINE_PAGE_CALLS(id).map(({ url }) => get(url)));
        if (answers.every(Boolean)) times.push(performance.now() - t0);
      }
    };
    await Promise.all(Array.from({ length: openers }, opener));
    times.sort((a, b) => a - b);
    const at = (q) =>
      Math.round(times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0);
    return { pages: times.length, p50: at(0.5), p99: at(0.99) };
  };
  await opening(1); // warm-up
  const alone = await opening(1);
  console.info(`   machine page opened by one user at a time: ${JSON.stringify(alone)}`);
  const open = await opening(CONNECTIONS);
  console.info(`   machine page opened, ${CONNECTIONS} at a time: ${JSON.stringify(open)}`);
  agent.destroy();
  return { calls, open, alone };
}

/** Writes the "Machine page" section of docs/benchmarks.md: PostgreSQL and PGlite side by side. */
export function writeMachinePageSection() {
  const kinds = ['postgres', 'pglite'].filter((k) => results.machinePage[k]);
  if (kinds.length === 0) return;
  const name = (k) => (k === 'postgres' ? 'PostgreSQL' : 'PGlite (embedded)');
  const callNames = [...new Set(kinds.flatMap((k) => Object.keys(results.machinePage[k].calls)))];
  const cell = (k, r) => (r ? `${r.p50} / ${r.p99}` : '-');
  const pgOpen = results.machinePage.postgres?.open;
  const lines = [
    '## Machine page',
    '',
    `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC with \`npm run bench\` (\`BENCH_ONLY=machine-page\` for this section alone) on this machine (${os.cpus().length} cores, load average ${os.loadavg()[0].toFixed(1)} when written: other work shares it), ${CONNECTIONS} connections, ${DURATION} s per row. One machine of the company with 2,000 machines and 50,000 history entries, as its owner. Each request alone with autocannon; then the page's data as the client asks it on open (both requests at once, ${CONNECTIONS} pages opening at a time, time until both answered). Server queries per request: one each (server/src/modules/equipment/machine-page.test.ts counts them). The server, the database and the load generator share the cores: one user at a time is what a user sees on an idle server; ${CONNECTIONS} at a time is a throughput test (its p99 is mostly waiting for a core).`,
    '',
    `| Request | Size (KB) | ${kinds.map((k) => `${name(k)} p50 / p99 ms`).join(' | ')} | ${kinds.map((k) => `${name(k)} req/s`).join(' | ')} |`,
    `|---|---|${kinds.map(() => '---|').join('')}${kinds.map(() => '---|').join('')}`,
    ...callNames.map((c) => {
      const any = kinds.map((k) => results.machinePage[k].calls[c]).find(Boolean);
      return `| ${c} | ${any?.kb ?? '-'} | ${kinds.map((k) => cell(k, results.machinePage[k].calls[c])).join(' | ')} | ${kinds.map((k) => results.machinePage[k].calls[c]?.rps ?? '-').join(' | ')} |`;
    }),
    `| The page's data (both requests at once), one user at a time | - | ${kinds.map((k) => cell(k, results.machinePage[k].alone)).join(' | ')} | ${kinds.map((k) => `${results.machinePage[k].alone.pages} pages`).join(' | ')} |`,
    `| The page's data (both requests at once), ${CONNECTIONS} users at a time | - | ${kinds.map((k) => cell(k, results.machinePage[k].open)).join(' | ')} | ${kinds.map((k) => `${results.machinePage[k].open.pages} pages`).join(' | ')} |`,
    '',
    pgOpen
      ? `Target (issue 24): the page's data in at most two requests and two queries (one query each; the costs card asks for its own data only when opened), p99 under 100 ms on PostgreSQL: one user at a time ${results.machinePage.postgres.alone.p99 < 100 ? 'met' : '**missed**'} (p99 ${results.machinePage.postgres.alone.p99} ms); ${CONNECTIONS} at a time ${pgOpen.p99 < 100 ? 'met' : '**missed**'} (p99 ${pgOpen.p99} ms).`
      : 'Target (issue 24): PostgreSQL not measured.',
    '',
  ];
  const file = 'docs/benchmarks.md';
  let doc = existsSync(file) ? readFileSync(file, 'utf8') : '# Benchmarks\n\n';
  const section = lines.join('\n');
  const re = /## Machine page\n[\s\S]*?(?=\n## (?!#)|$)/;
  doc = re.test(doc) ? doc.replace(re, section.trimEnd() + '\n') : doc.trimEnd() + '\n\n' + section;
  writeFileSync(file, doc.endsWith('\n') ? doc : doc + '\n');
  console.info(`\nwrote ${file} (Machine page)`);
}
