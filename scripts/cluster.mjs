// npm run cluster: two app servers on one PostgreSQL (DATABASE_URL) behind HAProxy, on this machine.
// The balancer listens on PORT (default 5000, on HOST, default 0.0.0.0), the app servers on 127.0.0.1 at
// PORT+1, PORT+2 ... (CLUSTER_SERVERS of them, default 2). Every server gets the same APP_SECRET (from
// the environment, else the one kept in DATA_DIR/app-secret, as a single server does). The app servers
// are started again when they exit. Ctrl-C stops the balancer, then every server. See docs/deploy.md.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { ensureHaproxy, startCluster } from './lib/cluster.mjs';

const fail = (message) => {
  console.error(message);
  process.exit(1);
};

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl || !/^postgres(ql)?:\/\//.test(databaseUrl))
  fail(
    'npm run cluster needs DATABASE_URL=postgres://...: several app servers share one PostgreSQL ' +
      '(the embedded database serves one process).',
  );
const port = Number(process.env.PORT ?? 5000);
const count = Number(process.env.CLUSTER_SERVERS ?? 2);
if (!Number.isInteger(port) || port < 1 || port > 65535 - count)
  fail(`PORT must be a port number (the balancer's; app servers use the next ${count}).`);
if (!Number.isInteger(count) || count < 1 || count > 8)
  fail('CLUSTER_SERVERS must be between 1 and 8.');

function appSecret() {
  if (process.env.APP_SECRET) {
    if (process.env.APP_SECRET.length < 32) fail('APP_SECRET must be at least 32 characters.');
    return process.env.APP_SECRET;
  }
  const dir = path.resolve(process.env.DATA_DIR ?? './data');
  const file = path.join(dir, 'app-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  console.log(
    `APP_SECRET not set: generated one into ${file} (every server of this cluster uses it).`,
  );
  return secret;
}

try {
  console.log(ensureHaproxy());
} catch (err) {
  fail(err.message);
}
if (!existsSync('dist/server/main.js') || !existsSync('dist/client/index.html')) {
  console.log('Building the app first (npm run build)…');
  const built = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (built.status !== 0) fail('The build failed.');
}

const cluster = await startCluster({
  databaseUrl,
  appSecret: appSecret(),
  host: process.env.HOST ?? '0.0.0.0',
  port,
  appPorts: Array.from({ length: count }, (_, i) => port + 1 + i),
}).catch((err) => fail(`The cluster did not start: ${err.message}`));

let stopping = false;
const shutdown = async (signal) => {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: stopping the balancer and the app servers…`);
  await cluster.stop();
  console.log('Cluster stopped.');
  process.exit(0);
};
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
cluster.haproxy.on('exit', (code, signal) => {
  if (stopping) return;
  console.error(`HAProxy exited (${signal ?? `code ${code}`}): stopping the cluster.`);
  stopping = true;
  void cluster.stop().then(() => process.exit(1));
});
console.log(
  `Cluster ready: ${cluster.url} (${count} app servers behind HAProxy). Ctrl-C stops it.`,
);
