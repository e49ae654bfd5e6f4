import { asVolumeUnit } from '@domain/fuel';
import { historyLang } from '@domain/history-text';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  fuelSummarySchema,
  historyEntrySchema,
  historyListQuerySchema,
  overviewQuerySchema,
  overviewSchema,
} from '@domain/schemas/dashboard';
import type { Deps } from '../../deps';
import { MANAGERS, documented } from '../../lib/route-options';
import { cachedRead } from '../../plugins/cached-read';
import * as dashboard from './dashboard.service';

const historyApi = documented('History');
const fuelApi = documented('Fuel');
const dashboardApi = documented('Dashboard');

/**
 * Read models of the manager dashboard (the equipment and operator modules own the writes). On the
 * embedded database their answers are kept between writes (plugins/cached-read.ts).
 */
export async function dashboardRoutes(fastify: FastifyInstance, deps: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  app.get(
    '/api/equipment-history',
    historyApi.read(MANAGERS, 'The latest history entries of every machine', {
      querystring: historyListQuerySchema,
      response: { 200: z.array(historyEntrySchema) },
    }),
    async (req, reply) => {
      const lang = historyLang(req.headers['accept-language']);
      return cachedRead(deps, req, reply, (ctx) =>
        dashboard.recentHistory(
          db,
          ctx.companyId,
          req.query.limit,
          lang,
          asVolumeUnit(ctx.company.volumeUnit),
        ),
      );
    },
  );

  app.get(
    '/api/dashboard/fuel-summary',
    fuelApi.read(MANAGERS, 'Fuel totals by type', { response: { 200: fuelSummarySchema } }),
    async (req, reply) =>
      cachedRead(deps, req, reply, (ctx) => dashboard.fuelSummary(db, ctx.companyId)),
  );

  app.get(
    '/api/dashboard/overview',
    dashboardApi.read(MANAGERS, 'The fleet overview: counts by status and a page of machines', {
      querystring: overviewQuerySchema,
      response: { 200: overviewSchema },
    }),
    async (req, reply) =>
      cachedRead(deps, req, reply, (ctx) => dashboard.overview(deps, ctx, req.query)),
  );
}
