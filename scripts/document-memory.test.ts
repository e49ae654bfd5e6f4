import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { ownerWithLoader, startBuiltServer } from './lib/built-server.mjs';
import { measureUploadMemory } from './lib/document-memory.mjs';

/**
 * Documents (issue 42), "Memory": 8 uploads of 20 MB at once against the built server running as its own
 * process; its resident memory grows by less than 100 MB, on the embedded database and (DATABASE_URL) on
 * PostgreSQL. The uploads stream into 256 KB chunks, one chunk held per upload.
 */
const PASSWORD = `Harvest-Moon-${randomBytes(3).toString('hex')}`;
const running: ChildProcess[] = [];
const databases: string[] = [];

afterAll(async () => {
  for (const c of running) if (c.exitCode === null) c.kill('SIGTERM');
  if (databases.length) {
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    for (const name of databases) await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
});

async function newPgDatabase(): Promise<string> {
  const base = process.env.DATABASE_URL!;
  const name = `ems_test_docmem_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  databases.push(name);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

const kinds = ['pglite', ...(process.env.DATABASE_URL ? ['postgres'] : [])] as const;

describe('document uploads stream (issue 42)', () => {
  for (const kind of kinds)
    it(`${kind}: 8 uploads of 20 MB at once grow the server's memory by less than 100 MB`, async () => {
      const { base, pid } = await startBuiltServer(
        {
          DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'ems-docmem-')),
          ...(kind === 'postgres' ? { DATABASE_URL: await newPgDatabase() } : {}),
        },
        running,
      );
      const { cookie, id } = await ownerWithLoader(base, PASSWORD);

      const m = await measureUploadMemory({ base, pid, cookie, equipmentId: id });
      console.info(`documents memory (${kind}): ${JSON.stringify(m)}`);
      expect(m.statuses).toEqual(Array(8).fill(201));
      expect(m.growthMb).toBeLessThan(100);
      const list = await fetch(`${base}/api/equipment/${id}/documents`, { headers: { cookie } });
      const docs = (await list.json()) as { size: number }[];
      expect(docs.filter((d) => d.size === 20 * 1024 * 1024)).toHaveLength(8);
    });
});
