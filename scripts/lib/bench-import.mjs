// npm run bench, "Spreadsheet import" section (BENCH_ONLY=import).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { TARGETS, freshDatabase } from './bench-common.mjs';

/**
 * The spreadsheet import (server/src/cli/bench-import.ts): 5,000 rows previewed, imported and previewed
 * again in one process, with another company's request timed meanwhile; on an embedded database and on
 * a fresh PostgreSQL database. Writes the "Spreadsheet import" section of docs/benchmarks.md.
 */
export async function measureImport() {
  const runs = [];
  for (const kind of TARGETS.map((t) => t.trim())) {
    // PGlite: bench-import opens its own database in memory; PostgreSQL: a database of its own.
    let env = {};
    let drop = async () => {};
    if (kind === 'postgres') {
      const fresh = await freshDatabase(kind, 'ems-bench-import');
      if (!fresh) continue;
      env = { BENCH_IMPORT_DATABASE_URL: fresh.env.DATABASE_URL };
      drop = fresh.drop;
    }
    try {
      console.info(`\n== spreadsheet import (${kind})`);
      const out = execFileSync('node', ['dist/server/bench-import.js'], {
        env: { ...process.env, ...env, LOG_LEVEL: 'silent' },
        stdio: ['ignore', 'pipe', 'inherit'],
      }).toString();
      const r = JSON.parse(out.trim().split('\n').pop());
      console.info(`   ${JSON.stringify(r)}`);
      runs.push(r);
    } finally {
      await drop();
    }
  }
  const loadAvg = os.loadavg()[0].toFixed(1);
  const s = (ms) => `${(ms / 1000).toFixed(2)} s`;
  const lines = [
    '## Spreadsheet import',
    '',
    `Measured ${new Date().toISOString().slice(0, 10)} with \`npm run bench\` (\`BENCH_ONLY=import\` for this section alone) on this machine (${os.cpus().length} cores, load average ${loadAvg} when measured: other work shares it). One process, Fastify's inject (server/src/cli/bench-import.ts): a ${runs[0]?.rows ?? 5000}-row file of 11 columns (${runs[0]?.bodyKb ?? 0} KB of JSON) previewed, imported in one request, then previewed again (every row matched, nothing to add). Meanwhile another company asks GET /api/equipment/count every 20 ms; its latency counts from when it was due, so time the event loop was held shows.`,
    '',
    '| Database | Preview | Import (5,000 added) | Preview again (5,000 unchanged) | Other company during import: p50 / max |',
    '|---|---|---|---|---|',
    ...runs.map(
      (r) =>
        `| ${r.database === 'postgres' ? 'PostgreSQL' : 'PGlite (embedded)'} | ${s(r.preview.ms)} | ${s(r.import.ms)} | ${s(r.again.ms)} | ${r.import.probeP50} ms / ${r.import.probeMax} ms |`,
    ),
    '',
    "With PGlite (one connection in the process) another request waits for the import's transaction to commit; with PostgreSQL it is answered meanwhile. See docs/decisions/import-files-as-json-rows.md.",
    '',
  ];
  const file = 'docs/benchmarks.md';
  let doc = existsSync(file) ? readFileSync(file, 'utf8') : '# Benchmarks\n\n';
  const section = lines.join('\n');
  const re = /## Spreadsheet import\n[\s\S]*?(?=\n## (?!#)|$)/;
  doc = re.test(doc) ? doc.replace(re, section.trimEnd() + '\n') : doc.trimEnd() + '\n\n' + section;
  writeFileSync(file, doc.endsWith('\n') ? doc : doc + '\n');
  console.info(`\nwrote ${file} (Spreadsheet import)`);
}
