// npm run bench: writes the "How cost grows" section and its targets (issue 43) from the growth runs.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import {
  CONNECTIONS,
  DASHBOARD_CALLS,
  HISTORY_CALL,
  HISTORY_GOAL_MS,
  FIRST_BYTE_GOAL_MS,
  EXPORT_SECONDS,
  DUE_SOON_CALL,
  DUE_SOON_GOAL_MS,
} from './bench-common.mjs';

/**
 * Issue 43's targets from the growth runs: the history card's call under HISTORY_GOAL_MS p99 at every
 * size on PostgreSQL; the streamed export's first bytes under FIRST_BYTE_GOAL_MS p99 on each database,
 * and its memory flat (the 10,000-machine company's peak no more than 50 MB above the 2,000's).
 */
export function growthTargets(runs) {
  const out = [];
  const pg = runs.postgres;
  if (pg) {
    const worst = pg
      .map((r) => ({ size: r.size, c: r.calls[HISTORY_CALL]?.many }))
      .filter((r) => r.c)
      .sort((a, b) => b.c.p99 - a.c.p99)[0];
    if (worst)
      out.push({
        name: `GET ${HISTORY_CALL} p99, PostgreSQL, every size (25 to 10,000 machines), ${CONNECTIONS} connections (worst size)`,
        value: `${worst.c.p99} ms (${worst.size.toLocaleString('en-US')} machines, ${worst.c.rps}/s)`,
        goal: `< ${HISTORY_GOAL_MS} ms`,
        met: pg.every(
          (r) => !r.calls[HISTORY_CALL] || r.calls[HISTORY_CALL].many.p99 < HISTORY_GOAL_MS,
        ),
      });
  }
  const due = pg?.find((r) => r.size === 2000)?.calls[DUE_SOON_CALL]?.many;
  if (due)
    out.push({
      name: `GET ${DUE_SOON_CALL} p99, PostgreSQL, 2,000 machines with 6 tasks each, ${CONNECTIONS} connections`,
      value: `${due.p99} ms (${due.rps}/s)`,
      goal: `< ${DUE_SOON_GOAL_MS} ms`,
      met: due.p99 < DUE_SOON_GOAL_MS,
    });
  const name = { pglite: 'PGlite', postgres: 'PostgreSQL' };
  for (const [kind, r] of Object.entries(runs)) {
    const e = r.exports ?? {};
    for (const [size, x] of Object.entries(e))
      out.push({
        name: `GET /api/equipment first bytes p99, ${name[kind]}, ${Number(size).toLocaleString('en-US')} machines, ${CONNECTIONS} connections`,
        value: `${x.firstP99} ms (whole ${x.wholeP99} ms, ${x.kb} KB)`,
        goal: `< ${FIRST_BYTE_GOAL_MS} ms`,
        met: x.done > 0 && x.errors === 0 && x.firstP99 < FIRST_BYTE_GOAL_MS,
      });
    if (e[2000] && e[10000])
      out.push({
        name: `GET /api/equipment memory flat in fleet size, ${name[kind]}: peak RSS at 10,000 machines against 2,000, each loaded ${EXPORT_SECONDS} s`,
        value: `${e[10000].rssPeakMb} MB against ${e[2000].rssPeakMb} MB`,
        goal: '<= 50 MB more',
        met: e[10000].rssPeakMb - e[2000].rssPeakMb <= 50,
      });
  }
  return out;
}

export function writeGrowthSection(runs) {
  const name = { pglite: 'PGlite (embedded)', postgres: 'PostgreSQL' };
  const kinds = Object.keys(runs);
  const lines = [
    '## How cost grows',
    '',
    `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC with \`npm run bench\` (\`BENCH_ONLY=growth\` for this section alone) on this machine (${os.cpus().length} cores, load average ${os.loadavg()[0].toFixed(1)} when written). A database of its own per run holding one company of each size (server/src/cli/bench-seed.ts \`growth\`: each machine with 25 typed history entries, 10 operator readings and 6 service tasks), each company's owner signed in; autocannon 3 s per figure, one user (1 connection) and ${CONNECTIONS} users (${CONNECTIONS} connections). A repeated call is answered from the read cache (docs/decisions/0012-embedded-read-cache.md; on PostgreSQL too since 2026-11-29) while nothing is written, so its one-user and ${CONNECTIONS}-user columns are mostly kept answers; "each answer computed" is one user asking 20 URLs not asked before, what every call costs right after a write. Overview = \`GET /api/dashboard/overview?limit=50\` (tiles, critical machines, the first page of 50); machine page = \`GET /api/equipment/:id/page\` (the page's header, figures, charts and sections in one query).`,
    '',
    '| Machines | Call | Answer (KB) | ' +
      kinds
        .map(
          (k) =>
            `${name[k]}: one user p50 / p99 ms | ${name[k]}: one user, each answer computed, p50 / max ms | ${name[k]}: ${CONNECTIONS} users p99 ms (req/s)`,
        )
        .join(' | ') +
      ' |',
    '|---|---|---|' + kinds.map(() => '---|---|---|').join(''),
  ];
  const sizes = runs[kinds[0]]?.map((r) => r.size) ?? [];
  for (const size of sizes)
    for (const call of ['overview', 'machinePage']) {
      const cells = kinds.map((k) => {
        const c = runs[k].find((r) => r.size === size)?.calls[call];
        const fresh = c?.fresh ? `${c.fresh.p50} / ${c.fresh.max}` : '-';
        return c
          ? `${c.one.p50} / ${c.one.p99} | ${fresh} | ${c.many.p99} (${c.many.rps})`
          : '- | - | -';
      });
      const kb = runs[kinds[0]].find((r) => r.size === size)?.calls[call]?.kb ?? '-';
      lines.push(
        `| ${size.toLocaleString('en-US')} | ${call === 'overview' ? 'Overview' : 'Machine page'} | ${kb} | ${cells.join(' | ')} |`,
      );
    }
  lines.push('', `Every dashboard call at ${CONNECTIONS} users, p99 ms (req/s):`, '');
  lines.push(
    '| Call | ' +
      kinds
        .flatMap((k) => [200, 2000].map((n) => `${name[k]}, ${n.toLocaleString('en-US')} machines`))
        .join(' | ') +
      ' |',
  );
  lines.push('|---|' + kinds.flatMap(() => ['---', '---']).join('|') + '|');
  for (const url of DASHBOARD_CALLS) {
    const cells = kinds.flatMap((k) =>
      [200, 2000].map((n) => {
        const c = runs[k].find((r) => r.size === n)?.calls[url];
        return c ? `${c.many.p99} (${c.many.rps})` : '-';
      }),
    );
    lines.push(`| GET ${url} | ${cells.join(' | ')} |`);
  }
  // One call at every size, one row per database: p99 ms (req/s) at CONNECTIONS users.
  const perSize = (url, title) => {
    lines.push(
      '',
      `GET ${url} (${title}) at every size, ${CONNECTIONS} users, p99 ms (req/s):`,
      '',
      '| Database | ' +
        sizes.map((n) => `${n.toLocaleString('en-US')} machines`).join(' | ') +
        ' |',
      '|---|' + sizes.map(() => '---').join('|') + '|',
    );
    for (const k of kinds)
      lines.push(
        `| ${name[k]} | ${sizes
          .map((n) => {
            const c = runs[k].find((r) => r.size === n)?.calls[url];
            return c ? `${c.many.p99} (${c.many.rps})` : '-';
          })
          .join(' | ')} |`,
      );
  };
  perSize(HISTORY_CALL, "the dashboard's history card");
  perSize(DUE_SOON_CALL, 'Due soon: one row per task, 6 tasks per machine');
  lines.push(
    '',
    `GET /api/equipment (the full list every equipment export downloads, streamed), ${CONNECTIONS} users downloading it again and again for ${EXPORT_SECONDS} s (each size on a server started afresh): time to the first bytes of the body and to the whole body (ms), downloads finished, and the server's resident memory before, its median and its peak during the run, and its median in each 10 s of the run:`,
    '',
    '| Database | Machines | Answer (KB) | First bytes p50 / p99 | Whole p50 / p99 | Downloads | RSS before / median / peak (MB) | RSS each 10 s (MB) |',
    '|---|---|---|---|---|---|---|---|',
  );
  for (const k of kinds)
    for (const [size, e] of Object.entries(runs[k].exports ?? {}))
      lines.push(
        `| ${name[k]} | ${Number(size).toLocaleString('en-US')} | ${e.kb} | ${e.firstP50} / ${e.firstP99} | ${e.wholeP50} / ${e.wholeP99} | ${e.done}${e.errors ? ` (${e.errors} errors)` : ''} | ${e.rssBeforeMb} / ${e.rssMedianMb} / ${e.rssPeakMb} | ${(e.rssEvery10s ?? []).join(' ')} |`,
      );
  const goals = growthTargets(runs);
  lines.push(
    '',
    `Targets (issue 43), measured in this run (load average ${os.loadavg()[0].toFixed(1)} at the end, ${os.cpus().length} cores):`,
    '',
    '| Target | Measured | Goal | |',
    '|---|---|---|---|',
    ...goals.map((c) => `| ${c.name} | ${c.value} | ${c.goal} | ${c.met ? 'met' : '**missed**'} |`),
  );
  for (const c of goals)
    console.info(`   ${c.met ? 'met   ' : 'MISSED'} ${c.name}: ${c.value} (goal ${c.goal})`);
  for (const k of kinds)
    if (runs[k].memory)
      lines.push(
        '',
        `${name[k]} server memory after the calls above (each export size then runs on a server of its own): RSS ${runs[k].memory.rssMb} MB (peak ${runs[k].memory.peakMb} MB).`,
      );
  lines.push('', '<!-- growth-analysis -->', '');
  const file = 'docs/benchmarks.md';
  let doc = existsSync(file) ? readFileSync(file, 'utf8') : '# Benchmarks\n\n';
  const kept =
    /<!-- growth-analysis:start -->[\s\S]*?<!-- growth-analysis:end -->/.exec(doc)?.[0] ??
    '<!-- growth-analysis:start -->\n<!-- growth-analysis:end -->';
  const section = lines.join('\n').replace('<!-- growth-analysis -->', kept);
  const re = /## How cost grows\n[\s\S]*?(?=\n## (?!#)|$)/;
  doc = re.test(doc) ? doc.replace(re, section.trimEnd() + '\n') : doc.trimEnd() + '\n\n' + section;
  writeFileSync(file, doc.endsWith('\n') ? doc : doc + '\n');
  console.info(`\nwrote ${file} (How cost grows)`);
}
