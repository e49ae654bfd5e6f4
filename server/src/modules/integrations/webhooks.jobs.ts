import type { FastifyBaseLogger } from 'fastify';
import { asSystem } from '../../db/scope';
import type { Deps } from '../../deps';
import { createQueueOnce, startJobQueue, type JobQueue } from '../../lib/job-queue';
import { deliverDue, pendingDeliveries } from './webhooks.service';

/** The webhook delivery job: every minute, and at once when an event is recorded (deps.webhooks.kick). */
export const WEBHOOK_JOB = 'webhook-deliver';
export const WEBHOOK_CRON = '* * * * *';

/**
 * Starts the delivery worker on the job queue (lib/job-queue.ts). `stately`: at most one pass waiting
 * and one running across every app server; a pass sends what is due (deliverDue claims each delivery).
 */
export async function startWebhookJobs(
  deps: Deps,
  log: FastifyBaseLogger,
  opts: { pollingIntervalSeconds?: number; schema?: string } = {},
): Promise<JobQueue & { kick: () => Promise<string | null> }> {
  const queue = await startJobQueue(
    deps.database,
    (err) => log.error({ err: err.message }, 'job queue error'),
    opts.schema,
  );
  const { boss } = queue;
  await createQueueOnce(boss, WEBHOOK_JOB, {
    name: WEBHOOK_JOB,
    policy: 'stately',
    retryLimit: 1,
    retryDelay: 10,
    expireInSeconds: 5 * 60,
  });
  await boss.schedule(WEBHOOK_JOB, WEBHOOK_CRON);
  await boss.work(
    WEBHOOK_JOB,
    { pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 2 },
    async () => {
      // Due deliveries of every company: a system path (db/scope.ts).
      const r = await asSystem(() => deliverDue(deps));
      if (r.delivered + r.failed > 0)
        log.info({ event: 'webhook_run', ...r }, 'webhook deliveries');
      // More may be due at once (a pass sends at most 50): go on without waiting for the minute.
      if (r.delivered + r.failed >= 50) await boss.send(WEBHOOK_JOB, {});
    },
  );
  deps.metrics.trackQueue('webhook_delivery', () => asSystem(() => pendingDeliveries(deps)));
  const kick = () => boss.send(WEBHOOK_JOB, {});
  deps.webhooks = { kick };
  return {
    ...queue,
    kick,
    stop: async () => {
      delete deps.webhooks;
      await queue.stop();
    },
  };
}
