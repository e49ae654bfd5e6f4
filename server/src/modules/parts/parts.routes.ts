import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { partInputSchema, stockInputSchema } from '../../../../domain/schemas/work-orders';
import type { Deps } from '../../deps';
import { parse } from '../../lib/errors';
import { idempotencyKeyOf, idOf } from '../../lib/request';
import { companyCtx } from '../../plugins/access';
import * as svc from './parts.service';

const MANAGERS = ['owner', 'manager'] as const;
/** Technicians read the catalogue to pick the parts they use on a work order. */
const WORKSHOP = ['owner', 'manager', 'technician'] as const;
const partsQuerySchema = z.object({ low: z.enum(['1', 'true']).optional() });

/** Parts inventory (issue 27): the catalogue and its stock moves. */
export async function partsRoutes(app: FastifyInstance, deps: Deps) {
  app.get('/api/parts', { config: { access: WORKSHOP } }, async (req) => {
    const q = parse(partsQuerySchema, req.query);
    return svc.listParts(deps, companyCtx(req), { low: q.low !== undefined });
  });
  app.post(
    '/api/parts',
    { config: { access: MANAGERS, keepsSessions: true } },
    async (req, reply) => {
      const input = parse(partInputSchema, req.body);
      return reply.status(201).send(await svc.createPart(deps, companyCtx(req), input));
    },
  );
  app.patch(
    '/api/parts/:id',
    { config: { access: MANAGERS, keepsSessions: true } },
    async (req) => {
      const id = idOf(req.params);
      const input = parse(partInputSchema, req.body);
      return svc.updatePart(deps, companyCtx(req), id, input);
    },
  );
  app.get('/api/parts/:id/moves', { config: { access: MANAGERS } }, async (req) =>
    svc.partMoves(deps, companyCtx(req), idOf(req.params)),
  );
  app.post(
    '/api/parts/:id/stock',
    { config: { access: MANAGERS, keepsSessions: true } },
    async (req, reply) => {
      const id = idOf(req.params);
      const input = parse(stockInputSchema, req.body);
      const { created, part } = await svc.changeStock(
        deps,
        companyCtx(req),
        id,
        input,
        idempotencyKeyOf(req),
      );
      return reply.status(created ? 201 : 200).send(part);
    },
  );
}
