import { cpSync, mkdirSync } from 'node:fs';
import path from 'node:path';

// The esbuild options every bundle of the server shares (npm run build, npm run dev, the benchmarks'
// CLIs): TypeScript and the domain bundled into dist/server as ES modules for Node 20 (npm run dev
// writes its own into dist/dev-server); npm packages stay external.
export const serverBundle = {
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
};

/** The files a server bundle reads beside itself: the migrations and the common-password list. */
export function copyServerFiles(outdir = serverBundle.outdir) {
  mkdirSync(outdir, { recursive: true });
  cpSync('server/src/db/migrations', path.join(outdir, 'migrations'), { recursive: true });
  cpSync('server/src/lib/common-passwords.txt', path.join(outdir, 'common-passwords.txt'));
}
