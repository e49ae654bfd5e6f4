import { existsSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { QUIET_CHROMIUM_ARGS } from './scripts/lib/chromium-args.mjs';

const port = Number(process.env.E2E_PORT ?? 5180);
const baseURL = `http://127.0.0.1:${port}`;
// One fresh data directory per run (the config is evaluated again in workers: reuse the parent's).
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'ems-e2e-'));
// The tests run in Chromium's headless shell (Debian's chromium-headless-shell, what Playwright itself
// runs headless tests in): the same engine as the full browser without its window machinery, and about a
// quarter less CPU a test on the 2-core machines (issue 44: a11y, field and equipment specs 277 -> 203
// test-seconds). The full browser (CHROMIUM_PATH) when the shell is not installed, for the camera tests
// (e2e/field.spec.ts), whose permission prompt the shell never puts to the context, and for the specs
// that open a PDF in the browser's viewer (`inFullChromium` in e2e/fixtures.ts).
const headlessShell = process.env.HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell';
const executablePath = existsSync(headlessShell)
  ? headlessShell
  : (process.env.CHROMIUM_PATH ?? '/usr/bin/chromium');

export default defineConfig({
  testDir: './e2e',
  testMatch: /.*\.spec\.ts/,
  // A hang guard, not a speed check (no test asserts on time). On the slow kind of CI machine (2
  // shared cores, signed-in GET /api/auth/user at ~6,700/s against ~40,000/s on the fast kind), with
  // two workers, the server and Chromium on them, the long journeys (a machine from add to retire, an
  // inspection from the phone to the manager and back) ran past 60 s and a dozen more took 45-58 s.
  timeout: 180_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: process.env.CI ? 2 : 2,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  outputDir: 'test-results',
  use: {
    baseURL,
    // No trace by default (issue 44, the test run's length): recording one for every test, to keep it
    // only when the test fails, cost about a sixth of the run's time, and CI keeps only its printed log.
    // E2E_TRACE=1 records them again (kept for the tests that fail, in test-results/).
    trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    // No service worker unless a spec asks for one (`test.use({ serviceWorkers: 'allow' })`: the offline,
    // field, field-shots, documents, documents-offline, pages, inspections and machine-page specs, whose
    // behaviour depends on it). With it, every new context installs
    // the app's worker and precaches the whole build (153 files) before its test goes on: about a sixth of
    // the browser tests' time (issue 44; 160 -> 132 s on six specs). The app's code is the same either way.
    serviceWorkers: 'block',
    // What a user who asked for less motion sees: the critical machines' box-shadow pulse (styles.css)
    // repaints every frame for as long as a page shows one; its class is still what the tests check.
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath,
      args: QUIET_CHROMIUM_ARGS,
    },
  },
  projects: [
    {
      name: 'chromium',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
    },
  ],
  webServer: {
    command: 'node dist/server/main.js',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    // Started on a loaded 2-core machine (CI beside other work) it was seen taking 72 s to answer.
    timeout: 180_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(process.env.E2E_DATA_DIR, 'data'),
      LOG_LEVEL: 'warn',
      TRIAL_DAYS: '14',
      // Digests are due from midnight company time, so the digest test passes at any hour.
      DIGEST_HOUR: '0',
      ADMIN_EMAIL: 'platform-admin@e2e.test',
      ADMIN_PASSWORD: process.env.E2E_ADMIN_PASSWORD ?? 'e2e-admin-password-1',
      // A PostgreSQL database of the run's own when scripts/test.mjs made one (DATABASE_URL set), else the
      // embedded database in E2E_DATA_DIR.
      DATABASE_URL: process.env.E2E_DATABASE_URL ?? '',
    },
  },
});
