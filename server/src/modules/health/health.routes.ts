import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';
import { AppError } from '../../lib/errors';

/** How long readiness waits for the database before calling this server not ready. */
const READY_TIMEOUT_MS = 2000;

export async function healthRoutes(app: FastifyInstance, deps: Deps) {
  /**
   * Liveness: the process answers. It does not touch the database, so an orchestrator that restarts
   * unhealthy processes does not restart every app server while the database is away.
   */
  app.get('/api/health', { config: { access: 'public' } }, async () => ({
    ok: true,
    database: deps.database.kind,
  }));
  /**
   * Readiness: this server can serve requests now (the database answers within 2 s). Load balancers
   * send traffic only to ready servers (scripts/cluster.mjs). While the server shuts down Fastify
   * answers 503 to every request, this one included.
   */
  app.get('/api/ready', { config: { access: 'public' } }, async (req) => {
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        deps.db.execute(sql`select 1`),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error('timed out')), READY_TIMEOUT_MS);
        }),
      ]);
      return { ok: true, database: deps.database.kind };
    } catch (err) {
      req.log.warn({ err }, 'not ready: the database does not answer');
      throw new AppError('unavailable', 'common.notReady', { headers: { 'retry-after': '1' } });
    } finally {
      clearTimeout(timer);
    }
  });
  /** Public, non-secret settings the client needs (trial length, support address, payment mode). */
  app.get('/api/config', { config: { access: 'public' } }, async () => ({
    trialDays: deps.config.TRIAL_DAYS,
    supportEmail: deps.config.SUPPORT_EMAIL,
    stripePublishableKey: deps.config.STRIPE_SECRET_KEY
      ? (deps.config.STRIPE_PUBLISHABLE_KEY ?? null)
      : null,
  }));
}
