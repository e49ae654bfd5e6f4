import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';

export async function healthRoutes(app: FastifyInstance, deps: Deps) {
  app.get('/api/health', { config: { access: 'public' } }, async () => {
    await deps.db.execute(sql`select 1`);
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
