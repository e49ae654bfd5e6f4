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
  schema = 'pgboss',
): Promise<JobQueue> {
  const boss = new PgBoss({
    db: {
      executeSql: (text: string, values?: unknown[]) =>
        database.ownerSql(text, values, { libraryTables: true }),
    },
    schema,
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

const DEADLOCK = '40P01';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * pg-boss's createQueue for a queue that may be created by another app server at the same moment.
 * Its create_queue() inserts the queue (ON CONFLICT DO NOTHING), then creates a partition and
 * attaches it to the job table with no lock of its own: two servers starting together on a new
 * database can deadlock there, and PostgreSQL aborts one of them (40P01), which stopped that server
 * (seen in the cluster test). The aborted transaction changed nothing, so it is run again after a
 * short random pause; by then the other server has created the queue and the call does nothing.
 */
export async function createQueueOnce(
  boss: PgBoss,
  name: string,
  options: PgBoss.Queue,
  attempts = 5,
): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await boss.createQueue(name, options);
      return;
    } catch (err) {
      if ((err as { code?: string }).code !== DEADLOCK || attempt >= attempts) throw err;
      await sleep(50 + Math.random() * 200 * attempt);
    }
  }
}

/**
 * A scheduled job every app server may run: its queue (`stately`: at most one run waiting and one
 * running across the servers; created with createQueueOnce), its cron schedule, and this server's
 * worker polling every `pollingIntervalSeconds`.
 */
export async function scheduleJob(
  boss: PgBoss,
  job: {
    name: string;
    cron: string;
    retry: Pick<PgBoss.Queue, 'retryLimit' | 'retryDelay' | 'expireInSeconds'>;
    pollingIntervalSeconds: number;
  },
  work: () => Promise<void>,
): Promise<void> {
  await createQueueOnce(boss, job.name, { name: job.name, policy: 'stately', ...job.retry });
  await boss.schedule(job.name, job.cron);
  await boss.work(job.name, { pollingIntervalSeconds: job.pollingIntervalSeconds }, work);
}
