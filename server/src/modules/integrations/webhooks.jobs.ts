import type { FastifyBaseLogger } from 'fastify';
import { asSystem } from '../../db/scope';
import type { Deps } from '../../deps';
import { scheduleJob, startJobQueue, type JobQueue } from '../../lib/job-queue';
import { announceExpiringDocuments } from '../documents/index';
import { announceDueTasks } from '../maintenance/index';
import { deliverDue, pendingDeliveries } from './webhooks.service';

/** The webhook delivery job: every minute, and at once when an event is recorded (deps.webhooks.kick). */
export const WEBHOOK_JOB = 'webhook-deliver';
export const WEBHOOK_CRON = '* * * * *';
/**
 * The `service_task.due` pass (maintenance/task-due-events.ts): every 5 minutes, so a task that came due
 * by a reading or by the date is announced within minutes; each (task, cycle) once, across servers.
 */
export const TASK_DUE_JOB = 'service-task-due';
export const TASK_DUE_CRON = '*/5 * * * *';

/**
 * Starts the delivery worker on the job queue (lib/job-queue.ts). `stately`: at most one pass waiting
 * and one running across every app server; a pass sends what is due (deliverDue claims each delivery).
 */
export async function startWebhookJobs(
  deps: Deps,
  log: FastifyBaseLogger,
  opts: { pollingIntervalSeconds?: number; schema?: string } = {},
): Promise<
  JobQueue & {
    kick: () => Promise<string | null>;
    kickTaskDue: () => Promise<string | null>;
  }
> {
  const queue = await startJobQueue(
    deps.database,
    (err) => log.error({ err: err.message }, 'job queue error'),
    opts.schema,
  );
  const { boss } = queue;
  const pollingIntervalSeconds = opts.pollingIntervalSeconds ?? 2;
  await scheduleJob(
    boss,
    {
      name: WEBHOOK_JOB,
      cron: WEBHOOK_CRON,
      retry: { retryLimit: 1, retryDelay: 10, expireInSeconds: 5 * 60 },
      pollingIntervalSeconds,
    },
    async () => {
      // Due deliveries of every company: a system path (db/scope.ts).
      const r = await asSystem(() => deliverDue(deps));
      if (r.delivered + r.failed > 0)
        log.info({ event: 'webhook_run', ...r }, 'webhook deliveries');
      // More may be due at once (a pass sends at most 50): go on without waiting for the minute.
      if (r.delivered + r.failed >= 50) await boss.send(WEBHOOK_JOB, {});
    },
  );
  await scheduleJob(
    boss,
    {
      name: TASK_DUE_JOB,
      cron: TASK_DUE_CRON,
      retry: { retryLimit: 1, retryDelay: 30, expireInSeconds: 10 * 60 },
      pollingIntervalSeconds,
    },
    async () => {
      const r = await announceDueTasks(deps);
      if (r.sent > 0) log.info({ event: 'service_task_due_run', ...r }, 'service tasks due');
      // The same pass announces documents coming up to their expiry (issue 42).
      const d = await announceExpiringDocuments(deps);
      if (d.sent > 0) log.info({ event: 'document_expiring_run', ...d }, 'documents expiring');
    },
  );
  deps.metrics.trackQueue('webhook_delivery', () => asSystem(() => pendingDeliveries(deps)));
  const kick = () => boss.send(WEBHOOK_JOB, {});
  /** Runs the service_task.due pass soon (tests, and after a change that may make tasks due). */
  const kickTaskDue = () => boss.send(TASK_DUE_JOB, {});
  deps.webhooks = { kick };
  return {
    ...queue,
    kick,
    kickTaskDue,
    stop: async () => {
      delete deps.webhooks;
      await queue.stop();
    },
  };
}
