import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  dueListSchema,
  dueQuerySchema,
  type CalendarFeed,
  type DueList,
} from '@domain/schemas/maintenance';
import { publicUrlOf } from '../../config';
import type { Deps } from '../../deps';
import { notFound } from '../../lib/errors';
import { MANAGERS, documented } from '../../lib/route-options';
import { companyCtx } from '../../plugins/access';
import * as svc from './maintenance.service';

const managers = { config: { access: MANAGERS } };
/** Changes a company row, not a sign-in (cached sessions stay valid). */
const managerWrites = { config: { access: MANAGERS, keepsSessions: true } };
const serviceApi = documented('Service');

/** The feed's address: PUBLIC_URL (else the configured host), never the request's Host headers. */
const feedUrl = (deps: Deps, token: string) =>
  `${publicUrlOf(deps.config)}/api/calendar/${token}.ics`;

/** Proactive maintenance: the Due soon list and the calendar feed. */
export async function maintenanceRoutes(fastify: FastifyInstance, deps: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/maintenance/due',
    serviceApi.read(
      MANAGERS,
      'Service tasks due soon (one row per task), by date or usage forecast',
      { querystring: dueQuerySchema, response: { 200: dueListSchema } },
    ),
    async (req, reply) => {
      // Sent as made once per change of the company's tasks (svc.dueListText), by this route's serializer.
      const answer = await svc.dueListText(deps, companyCtx(req), req.query, (list) =>
        String(reply.serialize(list)),
      );
      reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
      // A fleet's list is hundreds of KB of JSON: a phone gets it gzipped (about a tenth), kept with it.
      if (/\bgzip\b/.test(req.headers['accept-encoding'] ?? ''))
        return reply.header('content-encoding', 'gzip').send(answer.gzip as unknown as DueList);
      // Already JSON text: Fastify sends a string with a JSON type as it is, without serializing again.
      return reply.send(answer.text as unknown as DueList);
    },
  );

  app.get('/api/company/calendar', managers, async (req): Promise<CalendarFeed> => {
    return { url: feedUrl(deps, await svc.calendarToken(deps, companyCtx(req))) };
  });

  app.post(
    '/api/company/calendar/regenerate',
    managerWrites,
    async (req): Promise<CalendarFeed> => {
      return { url: feedUrl(deps, await svc.regenerateCalendarToken(deps, companyCtx(req))) };
    },
  );

  // Calendar apps subscribe without signing in: the secret in the address is the key.
  app.get(
    '/api/calendar/:file',
    { config: { access: 'public', secretUrl: true } },
    async (req, reply) => {
      const { file } = req.params as { file: string };
      const token = file.endsWith('.ics') ? file.slice(0, -4) : file;
      const text = await svc.calendarFeed(deps, token);
      if (text === null) throw notFound();
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('cache-control', 'private, max-age=300')
        .send(text);
    },
  );
}
