// The driver: each section's work is in scripts/lib/bench-*.mjs (bench-common.mjs holds the shared helpers).
// npm run bench: seeds a large data set, loads the dashboard's calls and POST /api/operator-updates with
// autocannon on 127.0.0.1, against PGlite and PostgreSQL (DATABASE_URL), compares each figure with a bare
// Fastify route serving the same JSON from memory, and writes the "Server" section of docs/benchmarks.md.
// Not part of npm test. Bounded: a few minutes. Env: DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres),
// BENCH_DURATION (seconds per measurement, default 5), BENCH_CONNECTIONS (default 20), BENCH_TARGETS (pglite,postgres).
// Also the spreadsheet import of 5,000 rows (section "Spreadsheet import"); BENCH_ONLY=import measures only that.
// And the machine page's data (section "Machine page"); BENCH_ONLY=machine-page measures only that.
// And how cost grows with the fleet, 25 to 10,000 machines (section "How cost grows"); BENCH_ONLY=growth.
// And documents' memory, 8 uploads of 20 MB at once (section "Documents: memory"); BENCH_ONLY=documents.
// BENCH_ONLY=server measures the growth set and the main data set's server tables (no import).
// And the four reports over 12 months (section "Reports", issue 45); BENCH_ONLY=reports.
// BENCH_ONLY=export measures only the streamed equipment export (2,000 and 10,000 machines, each loaded
// BENCH_EXPORT_SECONDS, default 60) and prints it.
import os from 'node:os';
import {
  buildBench,
  freshDatabase,
  ONLY,
  ONLY_MACHINE_PAGE,
  results,
  startServer,
  TARGETS,
  measureMetricsCost,
} from './lib/bench-common.mjs';
import { measureDocuments } from './lib/bench-documents.mjs';
import { measureGrowth } from './lib/bench-growth.mjs';
import { measureImport } from './lib/bench-import.mjs';
import { writeMachinePageSection } from './lib/bench-machine-page.mjs';
import { measureReports } from './lib/bench-reports.mjs';
import { measureBare, measureTarget } from './lib/bench-server.mjs';
import { writeServerSection } from './lib/bench-server-report.mjs';

await buildBench();

// Documents (issue 42): memory while uploads stream in (scripts/lib/bench-documents.mjs).
if (!ONLY || ONLY === 'documents')
  await measureDocuments({ targets: TARGETS.map((t) => t.trim()), freshDatabase, startServer });
if (ONLY === 'documents') process.exit(0);
if (!ONLY || ONLY === 'import') await measureImport();
if (ONLY === 'import') process.exit(0);
// The four fleet reports and the machine page on a 2,000-machine company's year (issue 45).
if (!ONLY || ONLY === 'reports') await measureReports();
if (ONLY === 'reports') process.exit(0);
// The growth set also gives the embedded database's 200-machine target (see the targets below).
if (!ONLY || ONLY === 'growth' || ONLY === 'server') results.growth = await measureGrowth();
if (ONLY === 'growth') process.exit(0);
// The streamed export alone (issue 43), on the 2,000- and 10,000-machine companies; prints, writes nothing.
if (ONLY === 'export') {
  process.env.BENCH_GROWTH_SIZES = '2000,10000';
  await measureGrowth();
  process.exit(0);
}

results.loadAvg = { start: os.loadavg()[0].toFixed(1) };
for (const t of TARGETS) await measureTarget(t.trim());
writeMachinePageSection();
if (ONLY_MACHINE_PAGE) process.exit(0);
console.info('\n== the cost of metrics (CPU per request, metrics off / on)');
results.metricsCost = measureMetricsCost();
console.info(`   ${JSON.stringify(results.metricsCost)}`);
console.info('\n== bare Fastify (same JSON from memory)');
await measureBare();
writeServerSection();
