import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { PHOTO_MAX_BYTES } from '../../../../domain/schemas/field';
import {
  completeInputSchema,
  costsQuerySchema,
  workOrderInputSchema,
  workOrderListQuerySchema,
  workOrderPartInputSchema,
  workOrderPatchSchema,
  workOrderPhotoInputSchema,
} from '../../../../domain/schemas/work-orders';
import type { Deps } from '../../deps';
import { notFound, parse } from '../../lib/errors';
import { idempotencyKeyOf, idOf, sendPhoto } from '../../lib/request';
import { companyCtx } from '../../plugins/access';
import { costs } from './costs.service';
import * as svc from './work-orders.service';

const MANAGERS = ['owner', 'manager'] as const;
/** Owners, managers and technicians (issue 27); operators and platform admins are refused (403). */
const WORKSHOP = ['owner', 'manager', 'technician'] as const;
const photoParams = z.object({ id: z.uuid(), photoId: z.uuid() });

/** Work orders and the costs report (issue 27, docs/work-orders.md). */
export async function workOrdersRoutes(app: FastifyInstance, deps: Deps) {
  app.get('/api/work-orders', { config: { access: WORKSHOP } }, async (req) => {
    const q = parse(workOrderListQuerySchema, req.query);
    return svc.listWorkOrders(deps, companyCtx(req), q);
  });
  app.post(
    '/api/work-orders',
    { config: { access: MANAGERS, keepsSessions: true } },
    async (req, reply) => {
      const input = parse(workOrderInputSchema, req.body);
      const { created, workOrder } = await svc.createWorkOrder(
        deps,
        companyCtx(req),
        input,
        idempotencyKeyOf(req),
      );
      return reply.status(created ? 201 : 200).send(workOrder);
    },
  );
  app.get('/api/work-orders/assignees', { config: { access: MANAGERS } }, async (req) =>
    svc.assignees(deps, companyCtx(req)),
  );
  app.get('/api/work-orders/proposal/:id', { config: { access: MANAGERS } }, async (req) =>
    svc.proposalFor(deps, companyCtx(req), idOf(req.params)),
  );
  app.get('/api/work-orders/:id', { config: { access: WORKSHOP } }, async (req) =>
    svc.getWorkOrder(deps, companyCtx(req), idOf(req.params)),
  );
  app.patch(
    '/api/work-orders/:id',
    { config: { access: WORKSHOP, keepsSessions: true } },
    async (req) => {
      const id = idOf(req.params);
      const patch = parse(workOrderPatchSchema, req.body);
      return svc.updateWorkOrder(deps, companyCtx(req), id, patch);
    },
  );
  app.post(
    '/api/work-orders/:id/parts',
    { config: { access: WORKSHOP, keepsSessions: true } },
    async (req, reply) => {
      const id = idOf(req.params);
      const input = parse(workOrderPartInputSchema, req.body);
      const { created, workOrder } = await svc.addPart(
        deps,
        companyCtx(req),
        id,
        input,
        idempotencyKeyOf(req),
      );
      return reply.status(created ? 201 : 200).send(workOrder);
    },
  );
  app.post(
    '/api/work-orders/:id/complete',
    { config: { access: WORKSHOP, keepsSessions: true } },
    async (req, reply) => {
      const id = idOf(req.params);
      const input = parse(completeInputSchema, req.body);
      const { workOrder } = await svc.completeWorkOrder(
        deps,
        companyCtx(req),
        id,
        input,
        idempotencyKeyOf(req),
      );
      return reply.status(200).send(workOrder);
    },
  );
  app.post(
    '/api/work-orders/:id/photos',
    {
      config: { access: WORKSHOP, keepsSessions: true },
      bodyLimit: Math.ceil(PHOTO_MAX_BYTES / 3) * 4 + 64 * 1024,
    },
    async (req, reply) => {
      const id = idOf(req.params);
      const input = parse(workOrderPhotoInputSchema, req.body);
      const { created, workOrder } = await svc.addPhoto(deps, companyCtx(req), id, input);
      return reply.status(created ? 201 : 200).send(workOrder);
    },
  );
  app.get(
    '/api/work-orders/:id/photos/:photoId',
    { config: { access: WORKSHOP } },
    async (req, reply) => {
      const p = photoParams.safeParse(req.params);
      if (!p.success) throw notFound();
      return sendPhoto(reply, await svc.photoOf(deps, companyCtx(req), p.data.id, p.data.photoId));
    },
  );
  app.get('/api/costs', { config: { access: MANAGERS } }, async (req) => {
    const q = parse(costsQuerySchema, req.query);
    return costs(deps, companyCtx(req), q);
  });
}
