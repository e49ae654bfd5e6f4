// The README smoke test (a layer of npm test): runs the commands README.md and docs/deploy.md show, as a
// user would (through npm, in this checkout, with only the environment a user sets), on a fresh data
// directory, and checks what each one promises. The steps are a table in scripts/readme-steps.mjs.
//
//   node scripts/readme-smoke.mjs --db pglite      a fresh temporary DATA_DIR (the embedded database)
//   node scripts/readme-smoke.mjs --db postgres    a fresh database created on DATABASE_URL's server, dropped at the end
//
// It also fails when a document shows a command that no step runs and NOT_RUN does not explain.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT } from './build-state.mjs';
import { freePort } from './lib/built-server.mjs';
import { PG_BASE, freshDatabase } from './lib/fresh-database.mjs';
import { DOCUMENTS, NOT_RUN, STEPS } from './readme-steps.mjs';

const COMMAND_TIMEOUT_MS = 10 * 60_000;
const START_TIMEOUT_MS = 5 * 60_000;

// ---- Which commands the documents show ---------------------------------------------------------------

/** `npm run demo -- --machines 9` -> "npm run demo"; `DATABASE_URL=… npm start` -> "npm start". */
export function commandName(text) {
  const words = text.trim().split(/\s+/);
  while (words.length > 0 && /^[A-Z_][A-Z0-9_]*=/.test(words[0])) words.shift();
  const [tool, sub, name] = words;
  if (tool === 'npm') return sub === 'run' ? `npm run ${name}` : `npm ${sub}`;
  if (tool === 'node') return `node ${sub}`;
  return null;
}

/** Every command a document shows: lines of sh code blocks (split at &&) and `inline` commands. */
export function commandsIn(markdown) {
  const found = new Set();
  const add = (text) => {
    for (const part of text.split('&&')) {
      const name = commandName(part.replace(/#.*$/, ''));
      if (name) found.add(name);
    }
  };
  const withoutBlocks = markdown.replace(/```(\w*)\n([\s\S]*?)```/g, (_, lang, body) => {
    if (lang === 'sh' || lang === 'bash' || lang === '') body.split('\n').forEach(add);
    return '';
  });
  for (const m of withoutBlocks.matchAll(/`([^`\n]+)`/g)) add(m[1]);
  return found;
}

function checkCoverage() {
  const covered = new Set(STEPS.flatMap((s) => s.covers));
  const problems = [];
  const shown = new Set();
  for (const doc of DOCUMENTS) {
    for (const cmd of commandsIn(readFileSync(path.join(ROOT, doc), 'utf8'))) {
      shown.add(cmd);
      if (!covered.has(cmd) && !(cmd in NOT_RUN))
        problems.push(
          `${doc} shows \`${cmd}\`: no step in scripts/readme-steps.mjs runs it and NOT_RUN does not say why`,
        );
    }
  }
  for (const cmd of [...covered, ...Object.keys(NOT_RUN)])
    if (!shown.has(cmd))
      problems.push(
        `scripts/readme-steps.mjs covers \`${cmd}\`, which ${DOCUMENTS.join(' and ')} no longer show`,
      );
  return problems;
}

// ---- Running commands as a user --------------------------------------------------------------------

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const groupAlive = (pid) => {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Ends a process group this test started (by its id) and waits until every process in it is gone. */
async function endGroup(pid) {
  if (!groupAlive(pid)) return;
  process.kill(-pid, 'SIGTERM');
  const deadline = Date.now() + 30_000;
  while (groupAlive(pid) && Date.now() < deadline) await sleep(100);
  if (groupAlive(pid)) {
    process.kill(-pid, 'SIGKILL');
    while (groupAlive(pid)) await sleep(100);
    throw new Error('the command did not stop within 30 s of SIGTERM');
  }
}

/** Starts a shell command line in its own process group, collecting its output. */
function launch(command, env) {
  const child = spawn('bash', ['-c', command], {
    cwd: ROOT,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, exited, output: () => output };
}

const tail = (text, lines = 40) => text.trimEnd().split('\n').slice(-lines).join('\n');

class CommandError extends Error {}

/** A tiny HTTP client with a cookie jar, like a browser tab. */
function httpClient(base) {
  const jar = new Map();
  const request = async (method, url, body) => {
    const headers = {};
    if (jar.size > 0) headers.cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(base + url, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(60_000),
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair.indexOf('=');
      jar.set(pair.slice(0, i), pair.slice(i + 1));
    }
    const text = await res.text();
    let json = null;
    try {
      json = JSON.parse(text);
    } catch {
      /* not JSON (a page) */
    }
    return { status: res.status, headers: res.headers, text, json };
  };
  return {
    get: (url) => request('GET', url),
    post: (url, body) => request('POST', url, body ?? {}),
  };
}

function makeContext({ db, env, log }) {
  const running = new Set();
  const ctx = {
    db,
    /** The environment a user would set for this database (DATA_DIR, DATABASE_URL, PORT). */
    env,
    /** What earlier steps learned (the demo's printed sign-ins, ...). */
    state: {},
    freePort,
    http: httpClient,
    log,
    /**
     * Runs a command line as the documents show it and waits for it; fails when it exits non-zero.
     * Returns its output (stdout and stderr together) and how long it took.
     */
    async run(command, { extraEnv = {}, timeoutMs = COMMAND_TIMEOUT_MS } = {}) {
      const started = Date.now();
      const p = launch(command, { ...ctx.env, ...extraEnv });
      running.add(p.child.pid);
      const timer = setTimeout(() => void endGroup(p.child.pid).catch(() => {}), timeoutMs);
      const { code, signal } = await p.exited;
      clearTimeout(timer);
      await endGroup(p.child.pid);
      running.delete(p.child.pid);
      const ms = Date.now() - started;
      log(`  $ ${command}  (${(ms / 1000).toFixed(1)} s, exit ${code ?? signal})`);
      if (code !== 0)
        throw new CommandError(
          `\`${command}\` exited with ${code ?? signal}:\n${tail(p.output())}`,
        );
      return { output: p.output(), ms };
    },
    /**
     * Starts a long-running command (npm start, npm run dev) and waits until `url` answers 200.
     * Returns { base, output(), ms (until it answered), stop() }.
     */
    async start(command, { port, waitFor = '/api/health', extraEnv = {} } = {}) {
      const listen = port ?? (await freePort());
      const base = `http://127.0.0.1:${listen}`;
      const started = Date.now();
      const p = launch(command, { ...ctx.env, PORT: String(listen), ...extraEnv });
      running.add(p.child.pid);
      let exit = null;
      void p.exited.then((e) => (exit = e));
      const stop = async () => {
        await endGroup(p.child.pid);
        running.delete(p.child.pid);
      };
      while (Date.now() - started < START_TIMEOUT_MS) {
        if (exit) {
          running.delete(p.child.pid);
          throw new CommandError(
            `\`${command}\` exited (${exit.code ?? exit.signal}) before answering:\n${tail(p.output())}`,
          );
        }
        try {
          const res = await fetch(base + waitFor, { signal: AbortSignal.timeout(5_000) });
          if (res.status === 200) {
            const ms = Date.now() - started;
            log(`  $ ${command}  (answered ${waitFor} after ${(ms / 1000).toFixed(1)} s)`);
            return { base, port: listen, output: p.output, ms, stop };
          }
        } catch {
          /* not listening yet */
        }
        await sleep(200);
      }
      await stop();
      throw new CommandError(
        `\`${command}\` did not answer ${waitFor} in time:\n${tail(p.output())}`,
      );
    },
    async stopAll() {
      for (const pid of running) await endGroup(pid).catch(() => {});
      running.clear();
    },
  };
  return ctx;
}

// ---- The database a run uses -----------------------------------------------------------------------

/** A fresh, empty place for the data: a temporary directory, and for PostgreSQL a new database. */
async function prepare(db) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ems-readme-'));
  // The environment of a user of this checkout: theirs (PATH, HOME, npm's config), minus the test's.
  const env = { ...process.env, DATA_DIR: dataDir };
  for (const k of [
    'DATABASE_URL',
    'TEST_DB',
    'PORT',
    'APP_SECRET',
    'ADMIN_EMAIL',
    'ADMIN_PASSWORD',
  ])
    delete env[k];
  for (const k of Object.keys(env)) if (k.startsWith('npm_')) delete env[k];
  if (db === 'pglite') return { env, cleanup: async () => rmSync(dataDir, { recursive: true }) };

  if (!process.env.DATABASE_URL)
    throw new Error('--db postgres needs DATABASE_URL (a server where databases can be created)');
  const fresh = await freshDatabase('postgres', 'readme-smoke');
  if (!fresh) throw new Error(`PostgreSQL not reachable at ${PG_BASE}`);
  env.DATABASE_URL = fresh.env.DATABASE_URL;
  return {
    env,
    cleanup: async () => {
      await fresh.drop();
      rmSync(dataDir, { recursive: true });
    },
  };
}

// ---- Main ------------------------------------------------------------------------------------------

async function main() {
  const { values } = parseArgs({ options: { db: { type: 'string', default: 'pglite' } } });
  const db = values.db;
  if (db !== 'pglite' && db !== 'postgres') throw new Error('--db must be pglite or postgres');

  const problems = checkCoverage();
  if (problems.length > 0) {
    console.error(
      `README smoke test: the documents and the steps disagree:\n- ${problems.join('\n- ')}`,
    );
    process.exit(1);
  }

  const log = (line) => console.log(line);
  const { env, cleanup } = await prepare(db);
  const ctx = makeContext({ db, env, log });
  const steps = STEPS.filter((s) => !s.only || s.only === db);
  console.log(
    `README smoke test on ${db === 'pglite' ? `a fresh data directory ${env.DATA_DIR}` : 'a fresh PostgreSQL database'}: ${steps.length} steps`,
  );
  let failed = null;
  const done = [];
  try {
    for (const [i, step] of steps.entries()) {
      const started = Date.now();
      console.log(`\n[${i + 1}/${steps.length}] ${step.title}`);
      try {
        await step.run(ctx);
        done.push(`${step.title} (${Math.round((Date.now() - started) / 1000)} s)`);
      } catch (err) {
        failed = { step, err };
        break;
      } finally {
        await ctx.stopAll();
      }
    }
  } finally {
    await ctx.stopAll();
    await cleanup().catch((err) => console.error(`cleanup: ${err.message}`));
  }
  console.log(`\nREADME smoke test (${db}):`);
  for (const d of done) console.log(`  ok    ${d}`);
  if (failed) {
    console.log(`  FAIL  ${failed.step.title}`);
    console.error(`\n${failed.err instanceof Error ? failed.err.message : failed.err}`);
    if (failed.err instanceof Error && !(failed.err instanceof CommandError))
      console.error(failed.err.stack);
    process.exit(1);
  }
  console.log(`  every step passed (${done.length})`);
}

await main();
