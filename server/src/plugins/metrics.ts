import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Database } from '../db/client';
import type { Metrics } from '../deps';
import { AppError } from '../lib/errors';

/**
 * Prometheus metrics of one app server (docs/decisions/metrics-and-readiness.md).
 *
 * Off unless METRICS_TOKEN is set: then GET /metrics answers `Authorization: Bearer <METRICS_TOKEN>`
 * with request rates and latencies per route pattern, the database pool, queue depths and the
 * process (CPU, memory, event loop, GC). Labels are route patterns, methods and status codes only:
 * no ids, names or other tenant data. When off, no hook runs and /metrics is a 404.
 */
export type { Metrics };

export function createMetrics(database: Database, token: string | undefined): Metrics {
  const registry = new Registry();
  const enabled = Boolean(token);
  const queues = new Map<string, () => number | Promise<number>>();
  if (enabled) {
    collectDefaultMetrics({ register: registry });
    registerDatabaseGauges(registry, database);
    new Gauge({
      name: 'ems_queue_depth',
      help: 'Jobs waiting per queue.',
      labelNames: ['queue'],
      registers: [registry],
      async collect() {
        this.reset();
        for (const [queue, depth] of queues) this.set({ queue }, await depth());
      },
    });
  }
  return {
    enabled,
    registry,
    trackQueue: (name, depth) => {
      if (enabled) queues.set(name, depth);
    },
  };
}

function registerDatabaseGauges(registry: Registry, database: Database) {
  if (database.kind === 'postgres') {
    new Gauge({
      name: 'ems_db_pool_connections',
      help: 'PostgreSQL pool connections: total open, and idle among them.',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        const s = database.stats();
        if (s.kind !== 'postgres') return;
        this.set({ state: 'total' }, s.total);
        this.set({ state: 'idle' }, s.idle);
      },
    });
    new Gauge({
      name: 'ems_db_pool_waiting',
      help: 'Queries waiting for a free PostgreSQL pool connection.',
      registers: [registry],
      collect() {
        const s = database.stats();
        if (s.kind === 'postgres') this.set(s.waiting);
      },
    });
  } else {
    new Gauge({
      name: 'ems_db_in_flight',
      help: 'Embedded database (PGlite): queries and transactions running or waiting for its one connection.',
      registers: [registry],
      collect() {
        const s = database.stats();
        if (s.kind === 'pglite') this.set(s.inFlight);
      },
    });
  }
}

/** The route label: the route's pattern for API routes, a fixed word for everything else (bounded). */
function routeLabel(req: FastifyRequest, status: number): string {
  const url = req.routeOptions.url;
  if (url === undefined) return req.url.startsWith('/api') ? 'not found' : 'app page';
  if (url.startsWith('/api') || url === '/metrics') return url;
  return status === 404 ? 'not found' : 'static file';
}

const sha256 = (s: string) => createHash('sha256').update(s).digest();

export function registerMetrics(app: FastifyInstance, metrics: Metrics, token: string | undefined) {
  app.get('/metrics', async (req, reply) => {
    if (!metrics.enabled || !token) throw new AppError('not_found', 'common.notFound');
    const given = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
    if (!timingSafeEqual(sha256(given), sha256(token))) {
      throw new AppError('unauthenticated', 'common.metricsToken', {
        headers: { 'www-authenticate': 'Bearer realm="metrics"' },
      });
    }
    return reply
      .header('cache-control', 'no-store')
      .type(metrics.registry.contentType)
      .send(await metrics.registry.metrics());
  });
  if (!metrics.enabled) return;

  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer a request, by method, route pattern and status (its _count is the request count).',
    labelNames: ['method', 'route', 'status_code'],
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [metrics.registry],
  });
  // One labelled child per (method, route, status): the hot path is a map lookup and an observe.
  const children = new Map<string, ReturnType<typeof duration.labels>>();
  app.addHook('onResponse', (req, reply, done) => {
    const status = reply.statusCode;
    const route = routeLabel(req, status);
    const key = `${req.method} ${status} ${route}`;
    let child = children.get(key);
    if (!child) {
      child = duration.labels(req.method, route, String(status));
      children.set(key, child);
    }
    child.observe(reply.elapsedTime / 1000);
    done();
  });
}
