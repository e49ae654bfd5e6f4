// Bundles the server (TypeScript, domain included) into dist/server with esbuild; npm packages stay external.
import { build } from 'esbuild';
import { copyServerFiles, serverBundle } from './lib/server-bundle.mjs';

await build({
  entryPoints: {
    main: 'server/src/main.ts',
    'admin-create': 'server/src/cli/admin-create.ts',
    'db-migrate': 'server/src/cli/db-migrate.ts',
    demo: 'server/src/cli/demo.ts',
    backup: 'server/src/cli/backup.ts',
    restore: 'server/src/cli/restore.ts',
  },
  ...serverBundle,
  sourcemap: true,
  logLevel: 'warning',
});
copyServerFiles();
console.log('server built to dist/server');
