import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { partInputSchema, stockInputSchema } from '@domain/schemas/work-orders';
import type { Deps } from '../../deps';
import { idempotencyKeyOf } from '../../lib/request';
import { idParams } from '../../lib/route-schemas';
import { companyCtx } from '../../plugins/access';
import * as svc from './parts.service';

const MANAGERS = ['owner', 'manager'] as const;
/** Technicians read the catalogue to pick the parts they use on a work order. */
const WORKSHOP = ['owner', 'manager', 'technician'] as const;
const partsQuerySchema = z.object({ low: z.enum(['1', 'true']).optional() });
const tags = ['Parts'];

/** Parts inventory (issue 27): the catalogue and its stock moves. */
export async function partsRoutes(fastify: FastifyInstance, deps: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/parts',
    {
      config: { access: WORKSHOP },
      schema: {
        tags,
        summary: 'The parts catalogue with stock on hand (low=1: at or below the reorder point)',
        querystring: partsQuerySchema,
      },
    },
    async (req) => svc.listParts(deps, companyCtx(req), { low: req.query.low !== undefined }),
  );
  app.post(
    '/api/parts',
    {
      config: { access: MANAGERS, keepsSessions: true },
      schema: { tags, summary: 'Add a part', body: partInputSchema },
    },
    async (req, reply) =>
      reply.status(201).send(await svc.createPart(deps, companyCtx(req), req.body)),
  );
  app.patch(
    '/api/parts/:id',
    {
      config: { access: MANAGERS, keepsSessions: true },
      schema: { tags, summary: 'Change a part', params: idParams, body: partInputSchema },
    },
    async (req) => svc.updatePart(deps, companyCtx(req), req.params.id, req.body),
  );
  app.get(
    '/api/parts/:id/moves',
    {
      config: { access: MANAGERS },
      schema: { tags, summary: "A part's stock moves", params: idParams },
    },
    async (req) => svc.partMoves(deps, companyCtx(req), req.params.id),
  );
  app.post(
    '/api/parts/:id/stock',
    {
      config: { access: MANAGERS, keepsSessions: true, idempotencyKey: true },
      schema: {
        tags,
        summary: 'Receive or adjust stock (201; the same Idempotency-Key again: 200)',
        params: idParams,
        body: stockInputSchema,
      },
    },
    async (req, reply) => {
      const { created, part } = await svc.changeStock(
        deps,
        companyCtx(req),
        req.params.id,
        req.body,
        idempotencyKeyOf(req),
      );
      return reply.status(created ? 201 : 200).send(part);
    },
  );
}
