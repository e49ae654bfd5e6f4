// JavaScript budgets (issue 28): the gzip bytes of everything a first screen loads before it is usable,
// read from the build (no browser, no timing): the entry script and its static imports (the built
// index.html's <script type="module"> and <link rel="modulepreload">), plus the route's own files from
// dist/client/.vite/route-preloads.json (vite.config.ts `routePreloads`: the page, the signed-in frame,
// their static imports and the translation namespaces, per language; the larger language counts).
// Fails when a route is over its budget. Run by `npm test` after the build; `node scripts/check-budgets.mjs`
// after `npm run build` runs it alone. docs/decisions/0007-pages-pwa-and-page-speed.md
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

/**
 * The budgets, in KB (1,024 bytes) of gzip -9. A route is named by its route table and path pattern
 * (client/src/app/route-table.ts). `optional`: checked once the route exists (the machine page).
 */
export const BUDGETS = [
  { name: 'Landing', table: 'signedOut', pattern: '*', kb: 150 },
  { name: 'Login', table: 'signedOut', pattern: '/login', kb: 170 },
  { name: 'Operator screen', table: 'operator', pattern: '*', kb: 170 },
  { name: 'Dashboard', table: 'manager', pattern: '/', kb: 190 },
  { name: 'Machine page', table: 'manager', pattern: '/machines/:id', kb: 200, optional: true },
];

/**
 * Every other route of every route table (a route added to route-table.ts is covered at once): a
 * ceiling, not a target, so that no screen grows without anyone noticing (the largest, the Equipment
 * List, was 266 KB when this was set).
 */
export const OTHER_ROUTES_KB = 300;

/** The budgets plus every other route in the build's route tables, at OTHER_ROUTES_KB. */
export function allBudgets(preloads, budgets = BUDGETS) {
  const named = new Set(budgets.map((b) => `${b.table} ${b.pattern}`));
  const others = Object.entries(preloads).flatMap(([table, routes]) =>
    routes
      .filter(([pattern]) => !named.has(`${table} ${pattern}`))
      .map(([pattern]) => ({ name: table, table, pattern, kb: OTHER_ROUTES_KB, other: true })),
  );
  return [...budgets, ...others];
}

/** The entry script and the files the built index.html preloads with it (its static imports). */
export function entryFiles(indexHtml) {
  const files = new Set();
  for (const m of indexHtml.matchAll(/<script type="module"[^>]*\ssrc="([^"]+)"/g)) files.add(m[1]);
  for (const m of indexHtml.matchAll(/<link rel="modulepreload"[^>]*\shref="([^"]+)"/g))
    files.add(m[1]);
  if (files.size === 0) throw new Error('check-budgets: no entry script in index.html');
  return [...files];
}

/**
 * Every route's bytes: `sizeOf(url)` gives a file's gzip bytes. Returns one row per budget:
 * { name, table, pattern, budget (bytes), bytes (the larger language) | null when the route does not exist,
 *   files (of that language) }.
 */
export function measure({ indexHtml, preloads, sizeOf, budgets = BUDGETS }) {
  const entry = entryFiles(indexHtml);
  return budgets.map((b) => {
    const route = (preloads[b.table] ?? []).find(([pattern]) => pattern === b.pattern)?.[1];
    if (!route) {
      if (b.optional) return { ...b, budget: b.kb * 1024, bytes: null, files: [] };
      throw new Error(`check-budgets: no route ${b.pattern} in the ${b.table} route table`);
    }
    let worst = { bytes: -1, files: [] };
    for (const files of Object.values(route.modules)) {
      const all = [...new Set([...entry, ...files])];
      const bytes = all.reduce((sum, f) => sum + sizeOf(f), 0);
      if (bytes > worst.bytes) worst = { bytes, files: all };
    }
    return { ...b, budget: b.kb * 1024, ...worst };
  });
}

const kb = (n) => (n / 1024).toFixed(1);

/** The table printed by the check, and whether every route is within its budget. */
export function report(allRows) {
  // Other routes are listed only when over their ceiling; the largest of them is named in one line.
  const others = allRows.filter((r) => r.other);
  const rows = allRows.filter((r) => !r.other || r.bytes > r.budget);
  const labels = rows.map((r) => `${r.name} (${r.pattern})`);
  const width = Math.max(...labels.map((l) => l.length)) + 2;
  const lines = [`${'Route'.padEnd(width)}${'JS gzip'.padStart(10)}${'Budget'.padStart(10)}`];
  lines.push('-'.repeat(width + 24));
  let ok = true;
  rows.forEach((r, i) => {
    const label = labels[i].padEnd(width);
    const budget = `${r.kb} KB`.padStart(10);
    if (r.bytes === null) {
      lines.push(`${label}${'-'.padStart(10)}${budget}   no such route yet`);
      return;
    }
    const over = r.bytes > r.budget;
    if (over) ok = false;
    const verdict = over ? `OVER by ${kb(r.bytes - r.budget)} KB` : 'ok';
    lines.push(`${label}${`${kb(r.bytes)} KB`.padStart(10)}${budget}   ${verdict}`);
  });
  const within = others.filter((r) => r.bytes <= r.budget);
  if (within.length > 0) {
    const largest = within.reduce((a, b) => (b.bytes > a.bytes ? b : a));
    lines.push(
      `${within.length} other routes within ${OTHER_ROUTES_KB} KB each (largest: ${largest.name} ${largest.pattern}, ${kb(largest.bytes)} KB)`,
    );
  }
  return { ok, text: lines.join('\n') };
}

/** Reads dist/client and measures every route: gzip -9 of each file, as the build precompresses. */
export function measureDist(distDir) {
  const preloadsFile = path.join(distDir, '.vite/route-preloads.json');
  const indexFile = path.join(distDir, 'index.html');
  if (!existsSync(preloadsFile) || !existsSync(indexFile))
    throw new Error(`check-budgets: no build in ${distDir} (run npm run build first)`);
  const sizes = new Map();
  const sizeOf = (url) => {
    if (!sizes.has(url)) {
      const file = path.join(distDir, url.replace(/^\//, ''));
      if (!existsSync(file)) throw new Error(`check-budgets: ${url} is named but not built`);
      sizes.set(url, zlib.gzipSync(readFileSync(file), { level: 9 }).length);
    }
    return sizes.get(url);
  };
  const preloads = JSON.parse(readFileSync(preloadsFile, 'utf8'));
  const indexHtml = readFileSync(indexFile, 'utf8');
  return measure({ indexHtml, preloads, sizeOf, budgets: allBudgets(preloads) });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const dist = fileURLToPath(new URL('../dist/client', import.meta.url));
  const verbose = process.argv.includes('--files');
  const rows = measureDist(dist);
  const { ok, text } = report(rows);
  console.log('JavaScript a first screen loads before it is usable (gzip -9):\n');
  console.log(text);
  if (verbose)
    for (const r of rows.filter((x) => x.bytes !== null && !x.other))
      console.log(`\n${r.name}:\n  ${r.files.join('\n  ')}`);
  if (!ok) {
    console.error(
      '\nOver budget: load what the first screen does not need on first use (ADR 0007).',
    );
    process.exit(1);
  }
}
