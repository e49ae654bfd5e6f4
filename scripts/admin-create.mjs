// Runs the admin CLI from the built server, building it first when needed.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

if (!existsSync('dist/server/admin-create.js'))
  execFileSync('node', ['scripts/build-server.mjs'], { stdio: 'inherit' });
execFileSync('node', ['dist/server/admin-create.js', ...process.argv.slice(2)], {
  stdio: 'inherit',
});
