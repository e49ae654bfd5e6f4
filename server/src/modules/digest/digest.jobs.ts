import type { FastifyBaseLogger } from 'fastify';
import type { Deps } from '../../deps';
import { scheduleJob, startJobQueue, type JobQueue } from '../../lib/job-queue';
import { createMailer, type Mailer } from '../../lib/mailer';
import { runDigests } from './digest.service';
import { runMonthlySummaries } from './monthly-summary';
import { pendingCount, sendPending } from './outbox.service';

/** The job that makes the digests and sends the outbox (every 10 minutes, on one server at a time). */
export const DIGEST_JOB = 'digest-run';
export const DIGEST_CRON = '*/10 * * * *';

/**
 * One pass: queue the digests whose period has begun and the monthly summaries whose month has ended
 * (issue 45), then send (or keep) what waits.
 */
export async function digestPass(deps: Deps, mailer: Mailer | null) {
  const digests = await runDigests(deps);
  const monthly = await runMonthlySummaries(deps);
  const sent = await sendPending(deps, mailer);
  return { ...digests, monthlyQueued: monthly.queued, sent };
}

/**
 * Starts the job queue (lib/job-queue.ts) with the digest schedule and its worker. `stately`: at
 * most one run waiting and one running across every app server.
 */
export async function startDigestJobs(
  deps: Deps,
  log: FastifyBaseLogger,
  opts: { pollingIntervalSeconds?: number } = {},
): Promise<JobQueue & { runNow: () => Promise<string | null> }> {
  const queue = await startJobQueue(deps.database, (err) =>
    log.error({ err: err.message }, 'job queue error'),
  );
  const mailer = deps.config.SMTP_URL ? createMailer(deps.config.SMTP_URL) : null;
  const { boss } = queue;
  await scheduleJob(
    boss,
    {
      name: DIGEST_JOB,
      cron: DIGEST_CRON,
      retry: { retryLimit: 3, retryDelay: 60, expireInSeconds: 15 * 60 },
      pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 10,
    },
    async () => {
      const r = await digestPass(deps, mailer);
      if (r.queued > 0 || r.monthlyQueued > 0 || r.sent > 0)
        log.info({ event: 'digest_run', ...r }, 'digest run');
    },
  );
  deps.metrics.trackQueue(DIGEST_JOB, () => boss.getQueueSize(DIGEST_JOB));
  deps.metrics.trackQueue('mail_outbox', () => pendingCount(deps));
  const runNow = () => boss.send(DIGEST_JOB, {});
  deps.jobs = { runNow };
  return {
    ...queue,
    runNow,
    stop: async () => {
      delete deps.jobs;
      await queue.stop();
      mailer?.close();
    },
  };
}
