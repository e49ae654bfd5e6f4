import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import {
  costsReportSchema,
  downtimeReportSchema,
  fuelReportSchema,
  reportQuerySchema,
  utilizationReportSchema,
  type ReportQuery,
} from '@domain/schemas/reports';
import type { Deps } from '../../deps';
import { MANAGERS, documented } from '../../lib/route-options';
import type { CompanyContext } from '../../plugins/auth-context';
import { cachedRead } from '../../plugins/cached-read';
import { costsReport } from './costs.service';
import { downtimeReport } from './downtime.service';
import { fuelReport } from './fuel.service';
import { utilizationReport } from './utilization.service';

const reportsApi = documented('Reports');

type ReportOf = (deps: Deps, ctx: CompanyContext, q: ReportQuery) => Promise<unknown>;

/** The four reports: each `GET /api/reports/<name>`, its summary, its answer's schema and its service. */
const REPORTS: { name: string; summary: string; response: ZodType; compute: ReportOf }[] = [
  {
    name: 'costs',
    summary:
      'Cost of ownership per machine and month: maintenance (services, work orders) plus fuel, and cost per hour, mile or km',
    response: costsReportSchema,
    compute: costsReport,
  },
  {
    name: 'fuel',
    summary:
      "Each machine's fuel rate (per hour, or distance per fuel) against the median of its peers of the same type; flagged when more than 25 % above",
    response: fuelReportSchema,
    compute: fuelReport,
  },
  {
    name: 'utilization',
    summary: 'Usage per day of each machine against its type, and idle machines',
    response: utilizationReportSchema,
    compute: utilizationReport,
  },
  {
    name: 'downtime',
    summary:
      'Availability, defects, mean time to repair and usage between failures, per machine and per type',
    response: downtimeReportSchema,
    compute: downtimeReport,
  },
];

/**
 * Fleet insight (issue 45): the reports owners and managers read, also with a read key. An answer is kept
 * until the company's data changes (plugins/cached-read.ts): 20 owners' reloads of a 12-month report
 * compute it once.
 */
export async function reportsRoutes(fastify: FastifyInstance, deps: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  for (const r of REPORTS)
    app.get(
      `/api/reports/${r.name}`,
      reportsApi.read(MANAGERS, r.summary, {
        querystring: reportQuerySchema,
        response: { 200: r.response },
      }),
      (req, reply) => cachedRead(deps, req, reply, (ctx) => r.compute(deps, ctx, req.query)),
    );
}
