import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../../server/src/app';
import { loadConfig } from '../../server/src/config';
import { openDatabase } from '../../server/src/db/client';
import { schemaTypes } from './generate';

/** npm run api:types: writes examples/gps-sync/schema.d.ts from the document this checkout serves. */
const dir = mkdtempSync(path.join(os.tmpdir(), 'ems-api-types-'));
const database = await openDatabase({ dataDir: 'memory://' });
const { app } = await buildApp({
  config: loadConfig({
    DATA_DIR: dir,
    APP_SECRET: randomBytes(32).toString('base64url'),
    LOG_LEVEL: 'silent',
  }),
  database,
  clientDir: null,
  logger: false,
});
const res = await app.inject({ method: 'GET', url: '/api/openapi.json' });
if (res.statusCode !== 200) throw new Error(`GET /api/openapi.json answered ${res.statusCode}`);
const out = fileURLToPath(new URL('./schema.d.ts', import.meta.url));
writeFileSync(out, await schemaTypes(res.body));
await app.close();
await database.close();
rmSync(dir, { recursive: true, force: true });
console.info(`wrote ${path.relative(process.cwd(), out)}`);
