// npm test: every layer. typecheck, lint, unit, API (PGlite, and PostgreSQL when DATABASE_URL is set),
// build, the README smoke test (PGlite, and PostgreSQL when DATABASE_URL is set), browser tests in
// Chromium, then the built app as processes (ops: backup/restore commands and, with DATABASE_URL, the
// two-server cluster behind HAProxy). Installs Chromium (and HAProxy) from apt when missing.
// `npm test -- <layer>` runs one layer: static, unit, api, readme (builds first), e2e (builds first), ops (builds first).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const results = [];
const run = (name, cmd, args, env = {}) => {
  console.log(`\n=== ${name}: ${cmd} ${args.join(' ')}`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = r.status === 0;
  results.push({ name, ok, seconds: Math.round((Date.now() - started) / 1000) });
  if (!ok) {
    summary();
    process.exit(r.status ?? 1);
  }
};
const summary = () => {
  console.log('\n=== summary');
  for (const r of results) console.log(`${r.ok ? 'PASS' : 'FAIL'}  ${r.name} (${r.seconds}s)`);
  const passed = results.filter((r) => r.ok).length;
  console.log(`${passed} passed, ${results.length - passed} failed`);
};

function ensureChromium() {
  const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (existsSync(path)) return;
  if (process.getuid?.() !== 0) {
    console.error(
      `Chromium not found at ${path}. Install it (apt-get install chromium) or set CHROMIUM_PATH.`,
    );
    process.exit(1);
  }
  console.log('Installing Chromium from apt…');
  const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  const install = spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (update.status !== 0 || install.status !== 0 || !existsSync(path)) {
    console.error('Could not install Chromium.');
    process.exit(1);
  }
}

const only = process.argv[2];
const want = (layer) => !only || only === layer;
const bin = (name) => `node_modules/.bin/${name}`;

if (want('static')) {
  run('typecheck', 'npm', ['run', '--silent', 'typecheck']);
  run('lint', 'npm', ['run', '--silent', 'lint']);
  run('lock file', 'node', ['scripts/check-lockfile.mjs']);
}
if (want('unit')) run('unit', bin('vitest'), ['run', '--project', 'unit']);
if (want('api')) {
  run('api (PGlite)', bin('vitest'), ['run', '--project', 'api'], { TEST_DB: 'pglite' });
  if (process.env.DATABASE_URL)
    run('api (PostgreSQL)', bin('vitest'), ['run', '--project', 'api'], { TEST_DB: 'postgres' });
  else console.log('\nDATABASE_URL not set: API tests ran against PGlite only.');
}
if (want('readme') || want('e2e') || only === 'ops') run('build', 'npm', ['run', 'build']);
if (want('readme')) {
  run('readme (PGlite)', 'node', ['scripts/readme-smoke.mjs', '--db', 'pglite']);
  if (process.env.DATABASE_URL)
    run('readme (PostgreSQL)', 'node', ['scripts/readme-smoke.mjs', '--db', 'postgres']);
  else console.log('\nDATABASE_URL not set: the README smoke test ran against PGlite only.');
}
if (want('e2e')) {
  ensureChromium();
  run('e2e (Chromium)', bin('playwright'), ['test']);
}
// The built app as processes: backup/restore commands, and with DATABASE_URL two app servers behind
// HAProxy (npm run cluster; installed from apt when missing) with one killed under load.
if (want('ops')) {
  if (process.env.DATABASE_URL)
    run('ops (cluster, backup and restore commands)', bin('vitest'), ['run', '--project', 'ops']);
  else {
    run('ops (backup and restore commands)', bin('vitest'), [
      'run',
      '--project',
      'ops',
      'scripts/backup-cli.test.ts',
    ]);
    console.log(
      '\nDATABASE_URL not set: the cluster test (two servers on PostgreSQL) did not run.',
    );
  }
}
summary();
