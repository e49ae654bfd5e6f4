import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';

/**
 * Issue 41: the generated document passes `@redocly/cli lint` with the recommended rules (redocly.yaml at
 * the repository's root says why any rule is off): no error and no warning. And its server is PUBLIC_URL.
 */

const PUBLIC_URL = 'https://fleet.acme-rentals.com';
let t: TestApp;
let dir: string;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL });
  dir = mkdtempSync(path.join(os.tmpdir(), 'ems-openapi-'));
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

type Problem = {
  ruleId: string;
  severity: string;
  message: string;
  location?: { pointer?: string }[];
};

it('GET /api/openapi.json passes redocly lint (recommended): 0 errors, 0 warnings', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(res.statusCode).toBe(200);
  const doc = res.json<{ servers: { url: string }[] }>();
  // The document's servers come from PUBLIC_URL.
  expect(doc.servers.map((s) => s.url)).toEqual([PUBLIC_URL]);
  const file = path.join(dir, 'openapi.json');
  writeFileSync(file, res.body);
  const run = await promisify(execFile)(
    path.resolve('node_modules/.bin/redocly'),
    ['lint', file, '--config', path.resolve('redocly.yaml'), '--format', 'json'],
    {
      maxBuffer: 20 * 1024 * 1024,
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', NO_COLOR: '1' },
    },
  ).catch((err: { stdout?: string; stderr?: string; code?: number }) => err);
  const out = JSON.parse(run.stdout ?? '{}') as {
    totals?: { errors: number; warnings: number };
    problems?: Problem[];
  };
  const problems = (out.problems ?? []).map(
    (p) => `${p.severity} ${p.ruleId} at ${p.location?.[0]?.pointer ?? '?'}: ${p.message}`,
  );
  expect(problems).toEqual([]);
  expect(out.totals).toMatchObject({ errors: 0, warnings: 0 });
});
