// npm run dev: the API server (rebuilt and restarted on change) on PORT (5000) and Vite with hot reload
// on VITE_PORT (5173), proxying /api to the API server (vite.config.ts reads PORT too).
import { spawn } from 'node:child_process';
import { context } from 'esbuild';
import { copyServerFiles, serverBundle } from './lib/server-bundle.mjs';

// Its own bundle in dist/dev-server, never the build's dist/server: npm start keeps serving what
// npm run build made, and a test run's README step (npm run dev) leaves the build the browser and ops
// tests run as it was. The migrations and the common-password list go beside it, as the build puts them.
const OUT = 'dist/dev-server';
process.env.PORT ??= '5000';

let server = null;
/** Stops the running API server and waits until it has exited (it holds the data directory's lock). */
const stopServer = async () => {
  const old = server;
  server = null;
  if (!old || old.exitCode !== null || old.signalCode !== null) return;
  const exited = new Promise((resolve) => old.once('exit', resolve));
  old.kill('SIGTERM');
  await exited;
};
let restarting = Promise.resolve();
const restart = () => {
  restarting = restarting.then(async () => {
    await stopServer();
    copyServerFiles(OUT);
    server = spawn('node', [`${OUT}/main.js`], { stdio: 'inherit', env: process.env });
  });
};
const ctx = await context({
  entryPoints: { main: 'server/src/main.ts' },
  ...serverBundle,
  outdir: OUT,
  sourcemap: true,
  plugins: [{ name: 'restart', setup: (b) => b.onEnd((r) => r.errors.length === 0 && restart()) }],
});
await ctx.watch();
const vite = spawn(
  'node_modules/.bin/vite',
  ['--port', process.env.VITE_PORT ?? '5173', '--strictPort'],
  { stdio: 'inherit' },
);
const stop = async () => {
  vite.kill();
  await ctx.dispose();
  await restarting;
  await stopServer();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
