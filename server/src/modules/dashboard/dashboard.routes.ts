import { historyLang } from '../../../../domain/history-text';
import type { FastifyInstance } from 'fastify';
import { historyListQuerySchema, overviewQuerySchema } from '../../../../domain/schemas/dashboard';
import type { Deps } from '../../deps';
import { parse } from '../../lib/errors';
import { companyCtx } from '../../plugins/access';
import * as dashboard from './dashboard.service';

const managers = ['owner', 'manager'] as const;

/** Read models of the manager dashboard (the equipment and operator modules own the writes). */
export async function dashboardRoutes(app: FastifyInstance, deps: Deps) {
  const { db } = deps;

  app.get('/api/equipment-history', { config: { access: managers } }, async (req) => {
    const ctx = companyCtx(req);
    const { limit } = parse(historyListQuerySchema, req.query);
    const lang = historyLang(req.headers['accept-language']);
    return dashboard.recentHistory(db, ctx.companyId, limit, lang);
  });

  app.get('/api/dashboard/fuel-summary', { config: { access: managers } }, async (req) => {
    const ctx = companyCtx(req);
    return dashboard.fuelSummary(db, ctx.companyId);
  });

  app.get('/api/dashboard/overview', { config: { access: managers } }, async (req) => {
    const ctx = companyCtx(req);
    const q = parse(overviewQuerySchema, req.query);
    return dashboard.overview(deps, ctx, q);
  });
}
