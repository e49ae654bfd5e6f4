// npm run dev: the API server (rebuilt and restarted on change) and Vite with hot reload (proxying /api).
import { spawn } from 'node:child_process';
import { context } from 'esbuild';

let server = null;
const restart = () => {
  server?.kill();
  server = spawn('node', ['dist/server/main.js'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: process.env.PORT ?? '5000' },
  });
};
const ctx = await context({
  entryPoints: { main: 'server/src/main.ts' },
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  plugins: [{ name: 'restart', setup: (b) => b.onEnd((r) => r.errors.length === 0 && restart()) }],
});
await import('./build-server.mjs');
await ctx.watch();
const vite = spawn('node_modules/.bin/vite', [], { stdio: 'inherit' });
const stop = () => {
  server?.kill();
  vite.kill();
  void ctx.dispose();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
