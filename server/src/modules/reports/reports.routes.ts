import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  costsReportSchema,
  downtimeReportSchema,
  fuelReportSchema,
  reportQuerySchema,
  utilizationReportSchema,
} from '@domain/schemas/reports';
import type { Deps } from '../../deps';
import { cachedRead } from '../../plugins/cached-read';
import { costsReport } from './costs.service';
import { downtimeReport } from './downtime.service';
import { fuelReport } from './fuel.service';
import { utilizationReport } from './utilization.service';

const MANAGERS = ['owner', 'manager'] as const;
const tags = ['Reports'];

/**
 * Fleet insight (issue 45): the reports owners and managers read, also with a read key. An answer is kept
 * until the company's data changes (plugins/cached-read.ts): 20 owners' reloads of a 12-month report
 * compute it once.
 */
export async function reportsRoutes(fastify: FastifyInstance, deps: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/reports/costs',
    {
      config: { access: MANAGERS, apiScope: 'read' },
      schema: {
        tags,
        summary:
          'Cost of ownership per machine and month: maintenance (services, work orders) plus fuel, and cost per hour, mile or km',
        querystring: reportQuerySchema,
        response: { 200: costsReportSchema },
      },
    },
    (req, reply) => cachedRead(deps, req, reply, (ctx) => costsReport(deps, ctx, req.query)),
  );
  app.get(
    '/api/reports/fuel',
    {
      config: { access: MANAGERS, apiScope: 'read' },
      schema: {
        tags,
        summary:
          "Each machine's fuel rate (per hour, or distance per fuel) against the median of its peers of the same type; flagged when more than 25 % above",
        querystring: reportQuerySchema,
        response: { 200: fuelReportSchema },
      },
    },
    (req, reply) => cachedRead(deps, req, reply, (ctx) => fuelReport(deps, ctx, req.query)),
  );
  app.get(
    '/api/reports/utilization',
    {
      config: { access: MANAGERS, apiScope: 'read' },
      schema: {
        tags,
        summary: 'Usage per day of each machine against its type, and idle machines',
        querystring: reportQuerySchema,
        response: { 200: utilizationReportSchema },
      },
    },
    (req, reply) => cachedRead(deps, req, reply, (ctx) => utilizationReport(deps, ctx, req.query)),
  );
  app.get(
    '/api/reports/downtime',
    {
      config: { access: MANAGERS, apiScope: 'read' },
      schema: {
        tags,
        summary:
          'Availability, defects, mean time to repair and usage between failures, per machine and per type',
        querystring: reportQuerySchema,
        response: { 200: downtimeReportSchema },
      },
    },
    (req, reply) => cachedRead(deps, req, reply, (ctx) => downtimeReport(deps, ctx, req.query)),
  );
}
