import type { AppConfig } from './config';
import type { Database, Db } from './db/client';
import type { SecretBox } from './lib/secret-box';
import type { Metrics } from './plugins/metrics';

/** What every module receives. Tests build the same object with their own database and clock. */
export type Deps = {
  /** Queries run with the scope of the calling code: a request's company (db/scope.ts). */
  db: Db;
  /** Every company visible: only for code that legitimately crosses companies (db/scope.ts). */
  systemDb: Db;
  database: Database;
  config: AppConfig;
  secretBox: SecretBox;
  /** The current time. Injectable only through buildApp (tests); never from a request. */
  now: () => Date;
  /** Prometheus metrics of this server; `metrics.trackQueue` reports a job queue's depth. */
  metrics: Metrics;
  /** Set when this server runs the job queue (main.ts; modules/digest/digest.jobs.ts). */
  jobs?: { runNow: () => Promise<unknown> };
  /** Set when this server runs the webhook delivery job: asks it to run soon (modules/integrations). */
  webhooks?: { kick: () => Promise<unknown> };
};
