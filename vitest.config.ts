import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  resolve: {
    alias: { '@': r('./client/src'), '@domain': r('./domain') },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'domain/**/*.test.ts',
            'client/src/**/*.test.ts',
            'client/src/**/*.test.tsx',
            'server/src/lib/**/*.test.ts',
            'server/src/db/secret-box.test.ts',
            // The import graph's rules (no cycle, no module imported by a lower layer).
            'server/src/architecture.test.ts',
            // The JavaScript budgets' arithmetic (the check itself runs on the build, scripts/test.mjs).
            'scripts/check-budgets.test.ts',
            // No source file over 400 lines without its reason at the top (issue 44).
            'scripts/file-size.test.ts',
          ],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['server/src/**/*.test.ts', 'examples/**/*.test.ts'],
          exclude: [
            'server/src/lib/**/*.test.ts',
            'server/src/db/secret-box.test.ts',
            'server/src/architecture.test.ts',
            // The embedded database's own statement cache: in its pass only (the PostgreSQL pass would
            // test the same embedded database a second time; issue 44, the test run's length).
            ...(process.env.TEST_DB === 'postgres'
              ? ['server/src/db/pglite-prepared.test.ts']
              : []),
          ],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
          // The files of a worker share one process and its modules (imported once, not ~90 times:
          // 70 s of a run; issue 44). Each file still has its own app and database (test/helpers.ts),
          // so state kept by a module must be keyed by its database or company, as a server's is.
          // Sharing found a real defect: a 4 MB photo answered 500 in a long-lived process.
          isolate: false,
          setupFiles: ['server/src/test/setup.ts'],
          // One migrated embedded database, written once per run, that every test app starts from.
          globalSetup: ['server/src/test/global-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          // The built app as processes (npm run cluster, backup/restore commands): after npm run build.
          name: 'ops',
          include: ['scripts/**/*.test.ts'],
          exclude: ['scripts/check-budgets.test.ts', 'scripts/file-size.test.ts'],
          environment: 'node',
          testTimeout: 240_000,
          hookTimeout: 240_000,
          pool: 'forks',
        },
      },
    ],
  },
});
