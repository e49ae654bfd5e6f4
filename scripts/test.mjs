// npm test: every layer. typecheck, lint, unit, API (PGlite, and PostgreSQL when DATABASE_URL is set),
// build, the README smoke test (PGlite, and PostgreSQL when DATABASE_URL is set), browser tests in
// Chromium, beside them the built app as processes (ops: backup/restore commands and, with DATABASE_URL,
// the two-server cluster behind HAProxy). Installs Chromium (and HAProxy) from apt when missing.
// `npm test -- <layer>` runs one layer: static, unit, api, budgets, readme, e2e, ops (the last four build first).
// budgets: the JavaScript each first screen loads, in gzip bytes from the build (scripts/check-budgets.mjs).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { ensureHaproxy } from './lib/cluster.mjs';
import { freshDatabase } from './lib/fresh-database.mjs';

const results = [];
// eslint-disable-next-line no-control-regex
const ANSI = /\x1b\[[0-9;]*[A-Za-z]/g;
/** Lines that say why a layer failed: test runners' FAIL lines, errors and assertion messages. */
const WHY = /\bFAIL\b|error|✘|×|timed? ?out|expected/i;

/**
 * Runs one layer with its output streamed through, and keeps its last lines. When it fails, the lines
 * saying why are printed again after the summary: a CI log is often read from its end.
 */
const run = async (name, cmd, args, env = {}, { buffered = false } = {}) => {
  const heading = `\n=== ${name}: ${cmd} ${args.join(' ')}`;
  if (!buffered) console.log(heading);
  // A layer run beside others keeps its output and prints it whole when it ends (no interleaving).
  const out = buffered ? [heading, '\n'] : null;
  const write = (stream, c) => (out ? out.push(c.toString('utf8')) : stream.write(c));
  const started = Date.now();
  const child = spawn(cmd, args, {
    stdio: ['inherit', 'pipe', 'pipe'],
    env: { ...(process.stdout.isTTY ? { FORCE_COLOR: '1' } : {}), ...process.env, ...env },
  });
  const tail = [];
  let partial = '';
  const keep = (chunk) => {
    const text = partial + chunk.toString('utf8');
    const lines = text.split('\n');
    partial = lines.pop() ?? '';
    tail.push(...lines);
    if (tail.length > 400) tail.splice(0, tail.length - 400);
  };
  child.stdout.on('data', (c) => {
    write(process.stdout, c);
    keep(c);
  });
  child.stderr.on('data', (c) => {
    write(process.stderr, c);
    keep(c);
  });
  const code = await new Promise((resolve) => {
    child.on('error', () => resolve(127));
    child.on('close', (status, signal) => resolve(status ?? (signal ? 1 : 0)));
  });
  if (partial) tail.push(partial);
  if (out) process.stdout.write(out.join(''));
  const ok = code === 0;
  results.push({ name, ok, seconds: Math.round((Date.now() - started) / 1000) });
  if (!ok) {
    summary();
    const why = [
      ...new Set(
        tail
          .map((l) => l.replace(ANSI, '').trim())
          // Not a passed test whose name says "error" (e2e/load-error.spec.ts): those crowded out the
          // failure's own message in a CI log once.
          .filter(
            (l) => l && WHY.test(l) && !/^(✓|ok\b)/.test(l) && !/^\d+ passed, \d+ failed$/.test(l),
          ),
      ),
    ].slice(0, 30);
    if (why.length) {
      console.log(`\n=== why ${name} failed (from its output above)`);
      for (const l of why) console.log(l.length > 200 ? `${l.slice(0, 200)}…` : l);
    }
    process.exit(code || 1);
  }
};
const summary = () => {
  console.log('\n=== summary');
  for (const r of results) console.log(`${r.ok ? 'PASS' : 'FAIL'}  ${r.name} (${r.seconds}s)`);
  const passed = results.filter((r) => r.ok).length;
  console.log(`${passed} passed, ${results.length - passed} failed`);
};

/**
 * Chromium's headless shell, which the browser tests run in (playwright.config.ts), and the full browser,
 * which the camera tests launch: installed from apt when missing (as root).
 */
function ensureChromium() {
  const full = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  const shell = process.env.HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell';
  if (existsSync(full) && existsSync(shell)) return;
  if (process.getuid?.() !== 0) {
    if (existsSync(full)) return; // the tests run in the full browser (slower)
    console.error(
      `Chromium not found at ${full}. Install it (apt-get install chromium chromium-headless-shell) or set CHROMIUM_PATH.`,
    );
    process.exit(1);
  }
  console.log('Installing Chromium and its headless shell from apt…');
  const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  const install = spawnSync(
    'apt-get',
    ['install', '-y', '-qq', 'chromium', 'chromium-headless-shell'],
    { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } },
  );
  if (update.status !== 0 || install.status !== 0 || !existsSync(full) || !existsSync(shell)) {
    console.error('Could not install Chromium.');
    process.exit(1);
  }
}

const only = process.argv[2];
const want = (layer) => !only || only === layer;
const bin = (name) => `node_modules/.bin/${name}`;

if (want('static')) {
  // Side by side: each is one process on one core, none writes anything the others read.
  await Promise.all([
    run('typecheck', 'npm', ['run', '--silent', 'typecheck'], {}, { buffered: true }),
    run('lint', 'npm', ['run', '--silent', 'lint'], {}, { buffered: true }),
    run('lock file', 'node', ['scripts/check-lockfile.mjs'], {}, { buffered: true }),
  ]);
}
// Alone, not beside the static checks: lib/idle-collector.test.ts measures how a fresh process's heap
// grows, which a busy machine changes (it failed once when the unit tests ran beside them).
if (want('unit')) await run('unit', bin('vitest'), ['run', '--project', 'unit']);
const both = Boolean(process.env.DATABASE_URL);
/**
 * One layer on PGlite and, when DATABASE_URL is set, beside it on PostgreSQL (always buffered: it runs
 * beside another); `args` and `env` are the command's for a database, `what` names the layer when
 * PostgreSQL is left out.
 */
const onBothDatabases =
  ({ name, what, cmd, args, env = () => ({}) }) =>
  (buffered) => [
    run(`${name} (PGlite)`, cmd, args('pglite'), env('pglite'), { buffered }),
    both
      ? run(`${name} (PostgreSQL)`, cmd, args('postgres'), env('postgres'), { buffered: true })
      : console.log(`\nDATABASE_URL not set: ${what} ran against PGlite only.`),
  ];
// Side by side when both run (issue 44: the test run's length): vitest gives each one worker on two
// cores, and the PostgreSQL layer spends much of its time waiting on the server, so together they
// take about as long as the PGlite layer alone. Each has its own databases (PGlite in memory, one
// PostgreSQL database per test file) and listens on ports the system picks.
const apiRuns = onBothDatabases({
  name: 'api',
  what: 'API tests',
  cmd: bin('vitest'),
  args: () => ['run', '--project', 'api'],
  env: (db) => ({ TEST_DB: db }),
});
// Side by side too: each starts its servers on free ports with data directories of its own.
const readmeRuns = onBothDatabases({
  name: 'readme',
  what: 'the README smoke test',
  cmd: 'node',
  args: (db) => ['scripts/readme-smoke.mjs', '--db', db],
});
const build = async () => {
  await run('build', 'npm', ['run', 'build']);
  if (want('budgets'))
    await run('budgets (JavaScript per first screen)', 'node', ['scripts/check-budgets.mjs']);
};
if (!only) {
  // The whole run: the build first, then the API layers and the README smoke test side by side (the
  // README's servers wait on their starts much of the time; the API tests never read the build).
  await build();
  await Promise.all([...apiRuns(true), ...readmeRuns(true)]);
} else {
  if (want('api')) await Promise.all(apiRuns(both));
  if (want('budgets') || want('readme') || want('e2e') || only === 'ops') await build();
  if (want('readme')) await Promise.all(readmeRuns(both));
}
// With DATABASE_URL the browser tests' server runs on a PostgreSQL database of its own, as a deployed
// server does (the API and README layers test both databases; this one needs only one): on the 2-core
// machines the embedded database's server took about a fifth of the layer's CPU, PostgreSQL's half that.
// Without it, on a fresh embedded database (playwright.config.ts).
const e2e = async (buffered) => {
  ensureChromium();
  const db = process.env.DATABASE_URL ? await freshDatabase('postgres', 'ems-e2e') : null;
  if (process.env.DATABASE_URL && !db) {
    results.push({ name: 'a database for the browser tests', ok: false, seconds: 0 });
    summary();
    process.exit(1);
  }
  try {
    const env = db ? { E2E_DATABASE_URL: db.env.DATABASE_URL } : {};
    return await run('e2e (Chromium)', bin('playwright'), ['test'], env, { buffered });
  } finally {
    await db?.drop();
  }
};
// The built app as processes: backup/restore commands, and with DATABASE_URL two app servers behind
// HAProxy (npm run cluster; installed from apt when missing) with one killed under load, and one server
// on a PostgreSQL cluster of its own (initdb + pg_ctl, never the shared one) restarted under writes.
const ops = (buffered) => {
  if (!process.env.DATABASE_URL) {
    console.log(
      '\nDATABASE_URL not set: the cluster test (two servers on PostgreSQL) will not run.',
    );
    return run(
      'ops (backup and restore commands)',
      bin('vitest'),
      ['run', '--project', 'ops', 'scripts/backup-cli.test.ts'],
      {},
      { buffered },
    );
  }
  // Installed here, not inside the cluster test's time to start (apt can take a while).
  try {
    console.log(`\n${ensureHaproxy()}`);
  } catch (err) {
    console.error(err.message);
    results.push({ name: 'HAProxy for the cluster test', ok: false, seconds: 0 });
    summary();
    process.exit(1);
  }
  return run(
    'ops (cluster, database restart, backup and restore commands)',
    bin('vitest'),
    ['run', '--project', 'ops'],
    {},
    { buffered },
  );
};
if (!only) {
  // Side by side in a whole run: the ops tests spend much of their time waiting on the processes they
  // start (servers, HAProxy, a PostgreSQL cluster), which the browser tests' CPU fills; each starts its
  // servers on ports and data directories of its own, from the build neither writes (npm run dev, in the
  // README step before them, bundles into dist/dev-server).
  await Promise.all([e2e(false), ops(true)]);
} else {
  if (want('e2e')) await e2e(false);
  if (want('ops')) await ops(false);
}
summary();
