import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { DataDirLockedError, openDatabase } from './db/client';
import { startControlChannel } from './db/control-channel';
import { asSystem } from './db/scope';
import { startIdleCollector, tightenHeapGrowth, type IdleCollector } from './lib/idle-collector';
import { ensureAdminFromEnv } from './modules/admin/admin-bootstrap';
import { startDigestJobs } from './modules/digest/digest.jobs';
import { startWebhookJobs } from './modules/integrations/index';

async function main() {
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.dataDir,
    poolSize: config.DB_POOL_SIZE,
  });
  // The embedded database shares this process: its heap grows little past what it keeps (lib/idle-collector.ts).
  if (database.kind === 'pglite') tightenHeapGrowth();
  const { app, deps } = await buildApp({ config, database });
  if (database.appRoleGrants?.length)
    app.log.warn(
      { grants: database.appRoleGrants },
      `Granted the app's database role the privileges it lacked (${database.appRoleGrants.length}): a restored or copied database?`,
    );
  // The platform admin has no company: created across companies (row-level security's system path).
  await asSystem(() => ensureAdminFromEnv(deps, app.log));
  // The embedded database's backups are taken by this process on request (npm run backup).
  const control = await startControlChannel(database, config.dataDir, app.log);
  // The digest schedule and the mail outbox (JOBS=off: a server that only answers requests).
  const jobs = config.JOBS === 'on' ? await startDigestJobs(deps, app.log) : null;
  // Webhook deliveries (issue 29) on the same job queue.
  const hooks = config.JOBS === 'on' ? await startWebhookJobs(deps, app.log) : null;
  let stopping = false;
  let collector: IdleCollector | null = null;
  const shutdown = async (signal: string) => {
    // Ctrl-C in a terminal signals the whole process group: a second signal must not close twice.
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    collector?.stop();
    await control?.close();
    await hooks?.stop();
    await jobs?.stop();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.PORT, host: config.HOST });
  // The heap a burst of requests grew is given back once the server goes quiet (lib/idle-collector.ts).
  collector = startIdleCollector(app.server);
  app.log.info(
    `Equipment Management Suite on http://localhost:${config.PORT} (${database.kind}${database.kind === 'pglite' ? `, data in ${config.dataDir}` : ''})`,
  );
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof DataDirLockedError) {
    console.error(err.message);
  } else {
    console.error('Failed to start:', err);
  }
  process.exit(1);
});
