import type { Registry } from 'prom-client';
import type { AppConfig } from './config';
import type { Database, Db } from './db/client';
import type { SecretBox } from './db/secret-box';

/** Prometheus metrics of one app server (made by plugins/metrics.ts createMetrics). */
export type Metrics = {
  readonly enabled: boolean;
  readonly registry: Registry;
  /**
   * Reports a queue's depth (jobs waiting) as `ems_queue_depth{queue="<name>"}`, read at each scrape.
   * The job queue calls this once per queue when it starts; a no-op while metrics are off.
   */
  trackQueue: (name: string, depth: () => number | Promise<number>) => void;
};

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
