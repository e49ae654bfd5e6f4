import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { createMetrics } from '../plugins/metrics';
import { SecretBox } from '../db/secret-box';
import { upsertPlatformAdmin } from '../modules/admin/admin-bootstrap';

/** npm run admin:create -- --email E --password P : creates the platform admin (no hard-coded credentials). */
async function run() {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, password: { type: 'string' } },
  });
  if (!values.email || !values.password) {
    console.error(
      'Usage: npm run admin:create -- --email you@example.com --password "a long password"',
    );
    process.exit(2);
  }
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.dataDir,
  });
  try {
    const result = await upsertPlatformAdmin(
      {
        db: database.systemDb,
        systemDb: database.systemDb,
        database,
        config,
        secretBox: new SecretBox(config.APP_SECRET),
        now: () => new Date(),
        metrics: createMetrics(database, undefined),
      },
      values.email,
      values.password,
    );
    console.info(`Platform admin ${values.email} ${result}.`);
  } finally {
    await database.close();
  }
}
run().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
