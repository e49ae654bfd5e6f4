import { parseArgs } from 'node:util';
import { BackupError, backup, describeTarget, targetFromEnv } from '../db/backup';

/**
 * npm run backup -- [--dir backups] [--keep N] | [--out FILE]
 * Backs up the database the server uses with the same environment (DATABASE_URL, else DATA_DIR):
 * pg_dump for PostgreSQL; for the embedded database an image taken by the running server, or directly
 * when no server runs. See docs/deploy.md (schedule, retention) and db/backup.ts.
 */
const USAGE = 'Usage: npm run backup -- [--dir DIR] [--keep N] | [--out FILE]';

async function main(): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      options: { dir: { type: 'string' }, out: { type: 'string' }, keep: { type: 'string' } },
      strict: true,
    }));
  } catch (err) {
    console.error(`${(err as Error).message}\n${USAGE}`);
    return 2;
  }
  const keep = values.keep === undefined ? undefined : Number(values.keep);
  if (keep !== undefined && (!Number.isInteger(keep) || keep < 1)) {
    console.error(`--keep must be a whole number of backups, at least 1.\n${USAGE}`);
    return 2;
  }
  if (values.out && (values.dir || keep !== undefined)) {
    console.error(`--out names one file: it does not go with --dir or --keep.\n${USAGE}`);
    return 2;
  }
  try {
    const { target } = targetFromEnv(process.env);
    const r = await backup(
      target,
      values.out
        ? { out: values.out }
        : { dir: values.dir ?? 'backups', ...(keep ? { keep } : {}) },
    );
    const how =
      r.via === 'server'
        ? 'taken by the running server'
        : r.via === 'direct'
          ? 'no server was running'
          : 'pg_dump';
    console.info(
      `Backup of ${describeTarget(target)} written to ${r.file} (${(r.bytes / 1024 / 1024).toFixed(1)} MB, ${how}).`,
    );
    for (const f of r.removed) console.info(`Removed old backup ${f}`);
    return 0;
  } catch (err) {
    console.error(err instanceof BackupError ? err.message : `Backup failed: ${String(err)}`);
    return 1;
  }
}

process.exitCode = await main();
