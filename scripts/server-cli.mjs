// Runs one of the server's command-line tools (backup, restore) from the built server, building it
// first when it is missing. The tool reads the same environment as the server (DATABASE_URL, DATA_DIR).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const [tool, ...args] = process.argv.slice(2);
if (!tool || !/^[a-z-]+$/.test(tool)) {
  console.error('Usage: node scripts/server-cli.mjs <tool> [args]');
  process.exit(2);
}
if (!existsSync(`dist/server/${tool}.js`)) {
  const built = spawnSync('node', ['scripts/build-server.mjs'], { stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}
const r = spawnSync('node', [`dist/server/${tool}.js`, ...args], { stdio: 'inherit' });
process.exit(r.status ?? 1);
