import { parseArgs } from 'node:util';
import { BackupError, appSecretFor, describeTarget, restore, targetFromEnv } from '../db/backup';

/**
 * npm run restore -- FILE [--force]
 * Restores a backup made by npm run backup into the database the server uses with the same environment
 * (DATABASE_URL, else DATA_DIR). Refuses while app servers use it, and refuses a target that already
 * holds data unless --force. See docs/deploy.md and db/backup.ts.
 */
const USAGE = 'Usage: npm run restore -- FILE [--force]';

async function main(): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      options: { force: { type: 'boolean' } },
      allowPositionals: true,
      strict: true,
    });
  } catch (err) {
    console.error(`${(err as Error).message}\n${USAGE}`);
    return 2;
  }
  const [file, ...extra] = parsed.positionals;
  if (!file || extra.length > 0) {
    console.error(`Name one backup file.\n${USAGE}`);
    return 2;
  }
  try {
    const { target, appSecret } = targetFromEnv(process.env);
    const r = await restore(target, file, {
      force: parsed.values.force === true,
      appSecret: appSecretFor(target, appSecret),
    });
    const rows = r.tables.reduce((n, t) => n + t.rows, 0);
    console.info(
      `Restored ${file} into ${describeTarget(target)}: ${r.tables.length} tables, ${rows} rows.`,
    );
    for (const t of r.tables) console.info(`  ${t.table}: ${t.rows}`);
    if (r.keptAside)
      console.info(`The replaced database was kept at ${r.keptAside}; delete it when satisfied.`);
    if (r.appRole && 'granted' in r.appRole && r.appRole.granted > 0)
      console.info(
        `Granted the app's database role its privileges on the restored tables (${r.appRole.granted} grants).`,
      );
    if (r.appRole && 'problem' in r.appRole)
      console.warn(`Warning: the app's database role is not ready: ${r.appRole.problem}`);
    if (r.secret === 'mismatch')
      console.warn(
        'Warning: the shared operator passwords in this backup were encrypted with another APP_SECRET. ' +
          'Start the server with the APP_SECRET the backup was made with (embedded database: copy the ' +
          'app-secret file from the old data directory), or owners must set a new shared operator password.',
      );
    if (r.secret === 'no secret')
      console.warn(
        'Note: no APP_SECRET is set and the data directory has no app-secret file. Copy app-secret from the ' +
          'old data directory (or set APP_SECRET) before starting the server: the shared operator passwords ' +
          'in this backup open only with the secret they were saved with.',
      );
    console.info('Start the server: it applies any newer migrations.');
    return 0;
  } catch (err) {
    console.error(err instanceof BackupError ? err.message : `Restore failed: ${String(err)}`);
    return 1;
  }
}

process.exitCode = await main();
