import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  attemptJson,
  callJson,
  freePort,
  type JsonAnswer,
  type JsonCallOptions,
} from './lib/built-server.mjs';

/**
 * Issue 43, "A PostgreSQL restart kills every app server": the built server (dist/server/main.js) on a
 * PostgreSQL cluster of the test's own (initdb into a temporary directory, pg_ctl on a free port: the
 * machine's shared server is never restarted), writing a stream of notes while PostgreSQL is restarted
 * (`pg_ctl restart -m fast`, which ends every connection with "terminating connection due to
 * administrator command"). The server never exits; while the database is away every request that needs
 * it answers 503 with Retry-After and /api/ready says 503; it serves again within 10 s of the database
 * being back, on its own; every acknowledged write is there afterwards; and the job queue still runs
 * (a webhook delivery made after the restarts arrives).
 */
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const RECOVERY_MS = 10_000;

/** PostgreSQL's programs: PG_BIN, else pg_config's, else the newest /usr/lib/postgresql/<version>/bin. */
function postgresBin(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const fromConfig = spawnSync('pg_config', ['--bindir'], { encoding: 'utf8' });
  if (fromConfig.status === 0 && existsSync(path.join(fromConfig.stdout.trim(), 'initdb')))
    return fromConfig.stdout.trim();
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  for (const v of versions)
    if (existsSync(path.join(root, v, 'bin', 'initdb'))) return path.join(root, v, 'bin');
  throw new Error('PostgreSQL programs (initdb, pg_ctl) not found: set PG_BIN');
}

/**
 * A throwaway PostgreSQL cluster: its own data directory, socket directory and port. PostgreSQL
 * refuses to run as root: as root, its programs run as the `postgres` user.
 */
class ThrowawayPostgres {
  readonly dir = mkdtempSync(path.join(os.tmpdir(), 'ems-pg-'));
  readonly bin = postgresBin();
  constructor(readonly port: number) {
    if (process.getuid?.() === 0)
      chownSync(this.dir, Number(this.idOf('-u')), Number(this.idOf('-g')));
  }
  private idOf(flag: string): string {
    return execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim();
  }
  private run(program: string, args: string[]) {
    const cmd = [path.join(this.bin, program), ...args];
    const asRoot = process.getuid?.() === 0;
    const r = asRoot
      ? spawnSync('su', ['postgres', '-s', '/bin/sh', '-c', cmd.map((a) => `'${a}'`).join(' ')], {
          encoding: 'utf8',
        })
      : spawnSync(cmd[0]!, cmd.slice(1), { encoding: 'utf8' });
    if (r.status !== 0)
      throw new Error(`${program} ${args.join(' ')} failed: ${r.stdout}${r.stderr}`);
  }
  private ctl(...args: string[]) {
    this.run('pg_ctl', [
      '-D',
      path.join(this.dir, 'data'),
      '-o',
      `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1`,
      '-l',
      path.join(this.dir, 'log'),
      '-w',
      ...args,
    ]);
  }
  get url() {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }
  init() {
    this.run('initdb', ['-D', path.join(this.dir, 'data'), '-A', 'trust', '-U', 'postgres']);
    this.ctl('start');
  }
  restart() {
    this.ctl('-m', 'fast', 'restart');
  }
  stop() {
    this.ctl('-m', 'fast', 'stop');
  }
  start() {
    this.ctl('start');
  }
  destroy() {
    try {
      this.ctl('-m', 'immediate', 'stop');
    } catch {
      /* already stopped */
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}

let base = '';
const call = (method: string, url: string, opts?: JsonCallOptions) =>
  callJson(base, method, url, opts);
const attempt = (method: string, url: string, opts?: JsonCallOptions) =>
  attemptJson(base, method, url, opts);

let postgres: ThrowawayPostgres;
let server: ChildProcess;
let dataDir: string;
const output: string[] = [];
let exited: string | null = null;
/** The webhook receiver: each delivery's event type. */
const deliveries: string[] = [];
let receiver: http.Server;

beforeAll(async () => {
  if (!existsSync('dist/server/main.js')) throw new Error('Build first: npm run build.');
  postgres = new ThrowawayPostgres(await freePort());
  postgres.init();
  receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      try {
        deliveries.push((JSON.parse(body) as { type: string }).type);
      } catch {
        deliveries.push('unreadable');
      }
      res.end('ok');
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));

  const port = await freePort();
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'ems-restart-'));
  server = spawn(process.execPath, ['dist/server/main.js'], {
    env: {
      ...process.env,
      DATABASE_URL: postgres.url,
      DATA_DIR: dataDir,
      APP_SECRET: randomBytes(32).toString('base64url'),
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      WEBHOOK_ALLOW_PRIVATE: '1',
      JOBS: 'on',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.once('exit', (code, signal) => (exited = signal ?? `code ${code}`));
  for (const s of [server.stdout!, server.stderr!])
    readline.createInterface({ input: s }).on('line', (l) => output.push(l));
  base = `http://127.0.0.1:${port}`;
  const until = Date.now() + 60_000;
  while ((await attempt('GET', '/api/ready')).status !== 200) {
    if (exited) throw new Error(`the server exited (${exited}):\n${output.join('\n')}`);
    if (Date.now() > until) throw new Error(`the server was not ready:\n${output.join('\n')}`);
    await sleep(200);
  }
}, 120_000);

afterAll(async () => {
  if (server && server.exitCode === null && !exited) {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  }
  receiver?.close();
  postgres?.destroy();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** Polls until /api/ready answers 200; the time it took. */
async function readyAgain(since: number): Promise<number> {
  while (Date.now() - since < RECOVERY_MS * 3) {
    const r = await attempt('GET', '/api/ready');
    if (r.status === 200) return Date.now() - since;
    await sleep(100);
  }
  return Infinity;
}

describe('a PostgreSQL restart under the built server', () => {
  let cookie = '';
  let machine = '';

  it('sets up: an owner, a machine, a webhook for services', async () => {
    const signup = await call('POST', '/api/auth/signup', {
      body: {
        businessName: `Restart Co ${randomBytes(3).toString('hex')}`,
        email: `owner-${randomBytes(4).toString('hex')}@example.com`,
        password: `Harvest-Moon-${randomBytes(3).toString('hex')}`,
      },
    });
    expect(signup.status, JSON.stringify(signup.body)).toBe(201);
    cookie = signup.cookie!;
    const m = await call('POST', '/api/equipment', {
      cookie,
      body: { name: 'Loader', type: 'machinery', unit: 'hours', currentUsage: 10 },
    });
    expect(m.status, JSON.stringify(m.body)).toBe(201);
    machine = (m.body as { id: string }).id;
    const hook = await call('POST', '/api/webhooks', {
      cookie,
      body: {
        url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`,
        events: ['service.recorded'],
      },
    });
    expect(hook.status, JSON.stringify(hook.body)).toBe(201);
  });

  it('keeps every acknowledged write through `pg_ctl restart -m fast`, answers 503 meanwhile and never exits', async () => {
    let stop = false;
    const acknowledged: string[] = [];
    const refused: JsonAnswer[] = [];
    const writer = async (w: number) => {
      for (let i = 0; !stop; i++) {
        const content = `w${w}-${i}`;
        const r = await attempt('POST', `/api/equipment/${machine}/notes`, {
          cookie,
          body: { content },
        });
        if (r.status === 201) acknowledged.push(content);
        else {
          refused.push(r);
          await sleep(50);
        }
      }
    };
    const writers = [0, 1, 2, 3].map(writer);
    await sleep(1500);
    const before = acknowledged.length;
    postgres.restart();
    const back = Date.now();
    const took = await readyAgain(back);
    // Writes go on after it for a while.
    await sleep(1500);
    stop = true;
    await Promise.all(writers);

    expect(
      exited,
      output
        .filter((l) => /rror|^\s+at /.test(l))
        .slice(0, 30)
        .join('\n'),
    ).toBeNull();
    expect(took, output.slice(-30).join('\n')).toBeLessThan(RECOVERY_MS);
    expect(before).toBeGreaterThan(0);
    expect(acknowledged.length).toBeGreaterThan(before);
    // What was refused was refused as "not now" (503 with Retry-After), never a 500 or a dropped connection.
    const wrong = refused.filter((r) => r.status !== 503 || !r.retryAfter);
    expect(wrong.map((r) => [r.status, r.body])).toEqual([]);
    // Every acknowledged write is in the database.
    const db = new pg.Client({ connectionString: postgres.url });
    await db.connect();
    try {
      const rows = await db.query<{ content: string }>(
        `select content from equipment_note where equipment_id = $1 and kind = 'note'`,
        [machine],
      );
      const stored = new Set(rows.rows.map((r) => r.content));
      expect(acknowledged.filter((c) => !stored.has(c))).toEqual([]);
      expect(rows.rows.length).toBe(stored.size); // none doubled
    } finally {
      await db.end();
    }
  });

  it('while the database is down: 503 with Retry-After, /api/ready 503, liveness 200; back by itself when it returns', async () => {
    postgres.stop();
    try {
      const ready = await attempt('GET', '/api/ready');
      expect(ready.status).toBe(503);
      expect(ready.retryAfter).toBeTruthy();
      const write = await attempt('POST', `/api/equipment/${machine}/notes`, {
        cookie,
        body: { content: 'while down' },
      });
      expect(write.status, JSON.stringify(write.body)).toBe(503);
      expect(write.retryAfter).toBeTruthy();
      expect(write.body).toMatchObject({ code: 'unavailable', key: 'common.unavailable' });
      const read = await attempt('GET', `/api/equipment/${machine}`, { cookie });
      expect(read.status).toBe(503);
      expect((await attempt('GET', '/api/health')).status).toBe(200);
      await sleep(3000); // the pool's reconnect attempts and the job queue's polls fail meanwhile
      expect(exited, output.slice(-30).join('\n')).toBeNull();
    } finally {
      postgres.start();
    }
    expect(await readyAgain(Date.now())).toBeLessThan(RECOVERY_MS);
    const after = await call('POST', `/api/equipment/${machine}/notes`, {
      cookie,
      body: { content: 'after' },
    });
    expect(after.status).toBe(201);
  });

  it('keeps the job queue running: a service recorded after the restarts is delivered to its webhook', async () => {
    const r = await call('PATCH', `/api/equipment/${machine}/reset-service`, { cookie, body: {} });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    // Sent at once (the job is kicked), else by the queue's minute schedule.
    const until = Date.now() + 75_000;
    while (!deliveries.includes('service.recorded') && Date.now() < until) await sleep(250);
    expect(deliveries).toContain('service.recorded');
    expect(exited).toBeNull();
  });
});
