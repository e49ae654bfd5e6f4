import PgBoss from 'pg-boss';
import type { Database } from '../db/client';

/**
 * The job queue on the app's own database (pg-boss, issue 14): on PostgreSQL and on the embedded
 * PGlite alike, through `Database.ownerSql` (pg-boss's `db` option; as the tables' owner, because the
 * app's role ems_app may not create the pgboss schema), so the same code schedules and
 * runs jobs on both. Jobs live in the `pgboss` schema; pg-boss makes each cron schedule fire once
 * per minute slot whatever the number of app servers, and a job a crashed server held is retried
 * after it expires. What a job does must still be safe to run twice (see outbox.service.ts).
 */
export type JobQueue = {
  boss: PgBoss;
  stop: () => Promise<void>;
};

export async function startJobQueue(
  database: Database,
  onError: (err: Error) => void,
): Promise<JobQueue> {
  const boss = new PgBoss({
    db: { executeSql: (text: string, values?: unknown[]) => database.ownerSql(text, values) },
    schema: 'pgboss',
    // One maintenance pass (archiving finished jobs) every few minutes is plenty here.
    maintenanceIntervalSeconds: 300,
  });
  boss.on('error', onError);
  await boss.start();
  return {
    boss,
    stop: async () => {
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
}
