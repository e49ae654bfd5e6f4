import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  partDtoSchema,
  partInputSchema,
  stockInputSchema,
  stockMoveDtoSchema,
} from '@domain/schemas/work-orders';
import type { Deps } from '../../deps';
import { idempotencyKeyOf } from '../../lib/request';
import { idParams } from '../../lib/route-schemas';
import { MANAGERS, WORKSHOP, documented } from '../../lib/route-options';
import { companyCtx } from '../../plugins/access';
import * as svc from './parts.service';

const partsQuerySchema = z.object({ low: z.enum(['1', 'true']).optional() });
const partsApi = documented('Parts');

/** Parts inventory (issue 27): the catalogue and its stock moves. */
export async function partsRoutes(fastify: FastifyInstance, deps: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/parts',
    // Technicians read the catalogue to pick the parts they use on a work order.
    partsApi.read(
      WORKSHOP,
      'The parts catalogue with stock on hand (low=1: at or below the reorder point)',
      { querystring: partsQuerySchema, response: { 200: z.array(partDtoSchema) } },
    ),
    async (req) => svc.listParts(deps, companyCtx(req), { low: req.query.low !== undefined }),
  );
  app.post(
    '/api/parts',
    partsApi.write(MANAGERS, 'Add a part', {
      body: partInputSchema,
      response: { 201: partDtoSchema },
    }),
    async (req, reply) =>
      reply.status(201).send(await svc.createPart(deps, companyCtx(req), req.body)),
  );
  app.patch(
    '/api/parts/:id',
    partsApi.write(MANAGERS, 'Change a part', {
      params: idParams,
      body: partInputSchema,
      response: { 200: partDtoSchema },
    }),
    async (req) => svc.updatePart(deps, companyCtx(req), req.params.id, req.body),
  );
  app.get(
    '/api/parts/:id/moves',
    partsApi.read(MANAGERS, "A part's stock moves", {
      params: idParams,
      response: { 200: z.object({ part: partDtoSchema, moves: z.array(stockMoveDtoSchema) }) },
    }),
    async (req) => svc.partMoves(deps, companyCtx(req), req.params.id),
  );
  app.post(
    '/api/parts/:id/stock',
    partsApi.write(
      MANAGERS,
      'Receive or adjust stock (201; the same Idempotency-Key again: 200)',
      {
        params: idParams,
        body: stockInputSchema,
        response: { 201: partDtoSchema, 200: partDtoSchema },
      },
      { idempotencyKey: true },
    ),
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
