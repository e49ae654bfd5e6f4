import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated embedded database's image (gzipped tar), for createTestApp (helpers.ts). */
    pgliteImage: string;
  }
}

/**
 * Once per API test run on the embedded database: one database migrated and its image written to a
 * file. Every test app then starts from that image (~0.3 s) instead of running initdb and the 30-odd
 * migrations (~1.5 s), some 90 times a run (issue 44, the test run's length).
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DB === 'postgres') return;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ems-test-image-'));
  const dataDir = path.join(dir, 'data');
  mkdirSync(dataDir);
  const database = await openDatabase({ dataDir });
  const image = await database.snapshot!();
  await database.close();
  const file = path.join(dir, 'migrated.tar.gz');
  writeFileSync(file, image);
  project.provide('pgliteImage', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
