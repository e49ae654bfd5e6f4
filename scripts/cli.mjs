// npm run demo / admin:create / db:migrate: node scripts/cli.mjs <name> [args]. Builds the server when its
// build is missing or out of date (scripts/build-state.mjs), then runs dist/server/<name>.js with the
// arguments, in this process.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureBuilt, ROOT } from './build-state.mjs';

const [name, ...args] = process.argv.slice(2);
if (!name || !/^[a-z-]+$/.test(name)) {
  console.error('Usage: node scripts/cli.mjs <demo|admin-create|db-migrate> [arguments]');
  process.exit(2);
}
ensureBuilt(['server']);
// The CLI reads its own arguments from process.argv, as if it had been started directly.
process.argv = [process.argv[0], path.join(ROOT, 'dist/server', `${name}.js`), ...args];
await import(pathToFileURL(process.argv[1]).href);
