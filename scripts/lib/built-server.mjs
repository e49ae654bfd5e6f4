// The built server (dist/server/main.js, after npm run build) as its own process, and JSON calls to it:
// the ops tests' shared machinery (scripts/backup-cli.test.ts, scripts/document-memory.test.ts,
// scripts/cluster.test.ts, scripts/database-restart.test.ts) and npm run bench's documents section
// (scripts/lib/bench-documents.mjs).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import net from 'node:net';

/** A port nobody listens on (the system's choice), on 127.0.0.1. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/**
 * The built server on a free port with `env` over this process's (the embedded database unless `env`
 * gives a DATABASE_URL; warnings only), once /api/ready answers. Its process is added to `running` as
 * soon as it exists, for the caller's clean-up; `stop` ends it with SIGTERM and waits for it.
 */
export async function startBuiltServer(env, running) {
  const port = await freePort();
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    env: {
      ...process.env,
      DATABASE_URL: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  running.push(child);
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode})`);
    const ok = await fetch(`${base}/api/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok)
      return {
        base,
        pid: child.pid,
        stop: async () => {
          const exited = new Promise((r) => child.once('exit', r));
          child.kill('SIGTERM');
          await exited;
        },
      };
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not start');
}

/**
 * One call to `base`: a JSON body when `opts.body` is given, the session cookie when `opts.cookie` is.
 * Answers with the status, the body (parsed when it is JSON), the ems_sid cookie it sets (else null)
 * and its Retry-After header (else null). Gives up after 20 s.
 */
export async function callJson(base, method, url, opts = {}) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(opts.cookie ? { cookie: opts.cookie } : {}),
      ...opts.headers,
    },
    ...(opts.body === undefined ? {} : { body: JSON.stringify(opts.body) }),
    signal: AbortSignal.timeout(20_000),
  });
  const text = await res.text();
  const set = res.headers.getSetCookie().find((c) => c.startsWith('ems_sid='));
  let body = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return {
    status: res.status,
    body,
    cookie: set ? set.split(';')[0] : null,
    retryAfter: res.headers.get('retry-after'),
  };
}

/** The same call, a network error (nobody answered) counted as an answer with status 0. */
export function attemptJson(base, method, url, opts) {
  return callJson(base, method, url, opts).catch(() => ({
    status: 0,
    body: null,
    cookie: null,
    retryAfter: null,
  }));
}

/**
 * A new company's owner (signed up with `password`) and one machine of theirs, "Loader" in hours: the
 * owner's cookies and the machine's id. Throws unless both the sign-up and the machine answer 201.
 */
export async function ownerWithLoader(base, password) {
  const signup = await fetch(`${base}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      businessName: `Docs ${randomBytes(3).toString('hex')}`,
      email: `docs-${randomBytes(4).toString('hex')}@example.com`,
      password,
    }),
  });
  if (signup.status !== 201) throw new Error(`sign-up: ${signup.status} ${await signup.text()}`);
  const cookie = signup.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const machine = await fetch(`${base}/api/equipment`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, origin: base },
    body: JSON.stringify({ name: 'Loader', type: 'machinery', unit: 'hours' }),
  });
  if (machine.status !== 201) throw new Error(`machine: ${machine.status} ${await machine.text()}`);
  const { id } = await machine.json();
  return { cookie, id };
}
