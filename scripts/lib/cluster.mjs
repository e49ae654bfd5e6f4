// Several app servers on one PostgreSQL behind HAProxy (npm run cluster; docs/deploy.md).
// Used by scripts/cluster.mjs and its test (scripts/cluster.test.ts).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** HAProxy from Debian's packages: installed with apt-get when missing and running as root. */
export function ensureHaproxy(log = console.log) {
  const found = spawnSync('haproxy', ['-v'], { encoding: 'utf8' });
  if (found.status === 0) return found.stdout.split('\n')[0];
  if (process.getuid?.() !== 0)
    throw new Error(
      'HAProxy is not installed. Install it (sudo apt-get install haproxy) and run again.',
    );
  log('Installing HAProxy from apt…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  const install = spawnSync(
    'apt-get',
    ['install', '-y', '-qq', '--no-install-recommends', 'haproxy'],
    { stdio: 'inherit', env },
  );
  const again = spawnSync('haproxy', ['-v'], { encoding: 'utf8' });
  if (update.status !== 0 || install.status !== 0 || again.status !== 0)
    throw new Error('Could not install HAProxy with apt-get.');
  return again.stdout.split('\n')[0];
}

/**
 * The balancer's configuration: round robin over the app servers, no sticky sessions (sessions live
 * in the database), health checks on GET /api/ready (a server leaves the rotation after 2 failed checks,
 * 1 s apart, and comes back after 2 good ones), a request a dead server refused retried on another
 * (writes only when they never reached a server; reads also when the server died before answering), and
 * /metrics not served publicly (Prometheus scrapes each app server directly).
 */
export function haproxyConfig({ host, port, servers }) {
  return `global
  maxconn 4096

defaults
  mode http
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  timeout http-request 10s
  timeout http-keep-alive 10s
  retries 2
  retry-on conn-failure empty-response response-timeout
  option redispatch 1
  option forwardfor

frontend web
  bind ${host}:${port}
  http-request deny deny_status 404 if { path /metrics } || { path_beg /metrics/ }
  # A write is never sent twice: only reads are retried once a server may have received them.
  http-request disable-l7-retry unless METH_GET || METH_HEAD || METH_OPTIONS
  default_backend app

backend app
  balance roundrobin
  option httpchk
  http-check send meth GET uri /api/ready ver HTTP/1.1 hdr Host localhost
  http-check expect status 200
  default-server inter 1s fastinter 500ms downinter 1s fall 2 rise 2
${servers.map((s) => `  server ${s.name} 127.0.0.1:${s.port} check`).join('\n')}
`;
}

async function waitReady(url, timeoutMs, isAlive = () => true) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (!isAlive()) return false;
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (res.status === 200) return true;
    } catch {
      /* not up yet */
    }
    await sleep(200);
  }
  return false;
}

/** Lines of a child's output, each handed to `line`. */
function forward(stream, line) {
  if (!stream) return;
  readline.createInterface({ input: stream }).on('line', line);
}

/**
 * Starts `count` app servers (dist/server/main.js) on ports appPorts and HAProxy on `port`, supervises
 * the app servers (one that exits is started again after a short pause) and resolves once the balancer
 * answers. `log` receives one line per event; `output` each line the servers and HAProxy print.
 */
export async function startCluster({
  databaseUrl,
  appSecret,
  host = '0.0.0.0',
  port,
  appPorts,
  env = {},
  log = console.log,
  output = (name, line) => console.log(`[${name}] ${line}`),
  restartDelayMs = 1000,
}) {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'ems-cluster-'));
  let stopping = false;
  const servers = appPorts.map((p, i) => ({
    name: `app${i + 1}`,
    port: p,
    child: null,
    restarts: 0,
  }));

  const startServer = (s) => {
    const child = spawn(process.execPath, ['dist/server/main.js'], {
      env: {
        ...process.env,
        // HAProxy (option forwardfor) appends the address it saw to X-Forwarded-For: one hop is
        // believed, so the sign-in limit counts each client, and a client's own header changes nothing
        // (TRUST_PROXY set in the environment wins: another proxy in front of HAProxy).
        TRUST_PROXY: process.env.TRUST_PROXY || '1',
        ...env,
        DATABASE_URL: databaseUrl,
        APP_SECRET: appSecret,
        PORT: String(s.port),
        HOST: '127.0.0.1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      // Its own process group: Ctrl-C reaches the cluster script, which stops the servers in order.
      detached: true,
    });
    s.child = child;
    forward(child.stdout, (l) => output(s.name, l));
    forward(child.stderr, (l) => output(s.name, l));
    log(`${s.name} (pid ${child.pid}) on http://127.0.0.1:${s.port}`);
    child.on('exit', (code, signal) => {
      if (s.child === child) s.child = null;
      if (stopping) return;
      s.restarts += 1;
      // Crash loops back off: 1 s, 2 s, 4 s ... at most 30 s.
      const delay = Math.min(restartDelayMs * 2 ** Math.min(s.restarts - 1, 5), 30_000);
      log(`${s.name} exited (${signal ?? `code ${code}`}); starting it again in ${delay / 1000} s`);
      setTimeout(() => {
        if (stopping) return;
        const again = startServer(s);
        void waitReady(
          `http://127.0.0.1:${s.port}/api/ready`,
          120_000,
          () => s.child === again,
        ).then((ok) => {
          if (ok) {
            log(`${s.name} ready again`);
            // A server that stays up for a minute starts its back-off afresh.
            setTimeout(() => {
              if (s.child === again) s.restarts = 0;
            }, 60_000).unref();
          }
        });
      }, delay);
    });
    return child;
  };

  let haproxy = null;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    const exited = (child) =>
      child && child.exitCode === null && child.signalCode === null
        ? new Promise((r) => child.once('exit', r))
        : Promise.resolve();
    const all = [haproxy, ...servers.map((s) => s.child)].filter(Boolean);
    // The balancer first (no new requests), then every app server finishes what it is doing.
    if (haproxy) {
      haproxy.kill('SIGTERM');
      await exited(haproxy);
    }
    for (const s of servers) s.child?.kill('SIGTERM');
    const done = Promise.all(all.map(exited));
    const timer = setTimeout(() => all.forEach((c) => c.kill('SIGKILL')), 15_000);
    await done;
    clearTimeout(timer);
    rmSync(tmp, { recursive: true, force: true });
  };

  try {
    for (const s of servers) startServer(s);
    // A server that stops while starting (a lost race with another one on a new database, say) is
    // started again like any other; one that stops three times is not going to start.
    const ready = await Promise.all(
      servers.map((s) =>
        waitReady(`http://127.0.0.1:${s.port}/api/ready`, 120_000, () => s.restarts < 3),
      ),
    );
    if (ready.includes(false)) throw new Error('An app server did not become ready.');

    const cfg = path.join(tmp, 'haproxy.cfg');
    writeFileSync(cfg, haproxyConfig({ host, port, servers }));
    const check = spawnSync('haproxy', ['-c', '-q', '-f', cfg], { encoding: 'utf8' });
    if (check.status !== 0) throw new Error(`HAProxy refused its configuration:\n${check.stderr}`);
    haproxy = spawn('haproxy', ['-db', '-f', cfg], {
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    forward(haproxy.stdout, (l) => output('haproxy', l));
    forward(haproxy.stderr, (l) => output('haproxy', l));
    const balancer = `http://127.0.0.1:${port}`;
    if (!(await waitReady(`${balancer}/api/ready`, 30_000, () => haproxy.exitCode === null)))
      throw new Error('HAProxy did not start.');
    log(`haproxy (pid ${haproxy.pid}) on http://${host}:${port}`);
    return {
      url: balancer,
      servers: servers.map((s) => ({
        name: s.name,
        url: `http://127.0.0.1:${s.port}`,
        get pid() {
          return s.child?.pid ?? null;
        },
      })),
      haproxy,
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}
