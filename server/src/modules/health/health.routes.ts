import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';
import { appRoleProblems } from '../../db/app-role';
import { APP_ROLE } from '../../db/scope';
import { AppError } from '../../lib/errors';

/** How long readiness waits for the database before calling this server not ready. */
const READY_TIMEOUT_MS = 2000;

const notReady = () =>
  new AppError('unavailable', 'common.notReady', { headers: { 'retry-after': '1' } });

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
   * Readiness: this server can serve requests now: the database answers within 2 s, and the app role
   * (ems_app, which every request's queries run as) may read and write every table of the app (a
   * database restored without its grants answers sign-ins with 500 otherwise; db/app-role.ts). Load
   * balancers send traffic only to ready servers (scripts/cluster.mjs). While the server shuts down
   * Fastify answers 503 to every request, this one included.
   */
  app.get('/api/ready', { config: { access: 'public' } }, async (req) => {
    let timer: NodeJS.Timeout | undefined;
    let problems: string[];
    try {
      problems = await Promise.race([
        appRoleProblems(deps.db),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('timed out')), READY_TIMEOUT_MS);
        }),
      ]);
    } catch (err) {
      req.log.warn({ err }, 'not ready: the database does not answer');
      throw notReady();
    } finally {
      clearTimeout(timer);
    }
    if (problems.length > 0) {
      req.log.warn(
        { problems },
        `not ready: the database role ${APP_ROLE} lacks privileges (restart the server as the tables' owner, or grant them)`,
      );
      throw notReady();
    }
    return { ok: true, database: deps.database.kind };
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
