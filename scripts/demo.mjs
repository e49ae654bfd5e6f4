// npm run demo: fills the database (DATA_DIR / DATABASE_URL, like the server) with a demo company and prints the sign-in.
// Runs the bundled TypeScript entry server/src/cli/demo.ts (esbuild, like scripts/build-server.mjs).
import { execFileSync } from 'node:child_process';
import { build } from 'esbuild';

execFileSync('node', ['scripts/build-server.mjs'], { stdio: 'inherit' });
await build({
  entryPoints: { demo: 'server/src/cli/demo.ts' },
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  logLevel: 'warning',
});
execFileSync('node', ['dist/server/demo.js', ...process.argv.slice(2)], { stdio: 'inherit' });
