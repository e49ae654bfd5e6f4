import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  completeInputSchema,
  costsDtoSchema,
  costsQuerySchema,
  proposalQuerySchema,
  workOrderDtoSchema,
  workOrderInputSchema,
  workOrderListQuerySchema,
  workOrderPartInputSchema,
  workOrderPatchSchema,
  workOrderPhotoInputSchema,
} from '@domain/schemas/work-orders';
import type { Deps } from '../../deps';
import { idempotencyKeyOf, sendPhoto } from '../../lib/request';
import { idParams, idsParams } from '../../lib/route-schemas';
import { MANAGERS, WORKSHOP, documented, photoUpload } from '../../lib/route-options';
import { companyCtx } from '../../plugins/access';
import { costs } from './costs.service';
import { addPart, completeWorkOrder } from './completion.service';
import { addPhoto, photoOf } from './photos.service';
import { getWorkOrder, listWorkOrders } from './read';
import * as svc from './work-orders.service';

/** Owners, managers and technicians (WORKSHOP, issue 27); operators and platform admins are refused (403). */
const workOrdersApi = documented('Work orders');

/** Work orders and the costs report (issue 27, docs/work-orders.md). */
export async function workOrdersRoutes(fastify: FastifyInstance, deps: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/work-orders',
    workOrdersApi.read(WORKSHOP, 'Work orders (filters)', {
      querystring: workOrderListQuerySchema,
      response: { 200: z.array(workOrderDtoSchema) },
    }),
    async (req) => listWorkOrders(deps, companyCtx(req), req.query),
  );
  app.post(
    '/api/work-orders',
    workOrdersApi.write(
      MANAGERS,
      'Open a work order (201; the same Idempotency-Key again: 200)',
      {
        body: workOrderInputSchema,
        response: { 201: workOrderDtoSchema, 200: workOrderDtoSchema },
      },
      { idempotencyKey: true },
    ),
    async (req, reply) => {
      const { created, workOrder } = await svc.createWorkOrder(
        deps,
        companyCtx(req),
        req.body,
        idempotencyKeyOf(req),
      );
      return reply.status(created ? 201 : 200).send(workOrder);
    },
  );
  app.get('/api/work-orders/assignees', { config: { access: MANAGERS } }, async (req) =>
    svc.assignees(deps, companyCtx(req)),
  );
  app.get(
    '/api/work-orders/proposal/:id',
    {
      config: { access: MANAGERS },
      schema: { params: idParams, querystring: proposalQuerySchema },
    },
    async (req) =>
      svc.proposalFor(deps, companyCtx(req), req.params.id, req.query.defectId, req.query.taskId),
  );
  app.get(
    '/api/work-orders/:id',
    workOrdersApi.read(WORKSHOP, 'One work order', {
      params: idParams,
      response: { 200: workOrderDtoSchema },
    }),
    async (req) => getWorkOrder(deps, companyCtx(req), req.params.id),
  );
  app.patch(
    '/api/work-orders/:id',
    workOrdersApi.write(WORKSHOP, 'Change a work order (status, assignee, notes, labour)', {
      params: idParams,
      body: workOrderPatchSchema,
      response: { 200: workOrderDtoSchema },
    }),
    async (req) => svc.updateWorkOrder(deps, companyCtx(req), req.params.id, req.body),
  );
  app.post(
    '/api/work-orders/:id/parts',
    workOrdersApi.write(
      WORKSHOP,
      'Use a part on a work order (taken from stock)',
      {
        params: idParams,
        body: workOrderPartInputSchema,
        response: { 201: workOrderDtoSchema, 200: workOrderDtoSchema },
      },
      { idempotencyKey: true },
    ),
    async (req, reply) => {
      const { created, workOrder } = await addPart(
        deps,
        companyCtx(req),
        req.params.id,
        req.body,
        idempotencyKeyOf(req),
      );
      return reply.status(created ? 201 : 200).send(workOrder);
    },
  );
  app.post(
    '/api/work-orders/:id/complete',
    workOrdersApi.write(
      WORKSHOP,
      'Complete a work order (its service entry, and its defect resolved)',
      { params: idParams, body: completeInputSchema, response: { 200: workOrderDtoSchema } },
      { idempotencyKey: true },
    ),
    async (req, reply) => {
      const { workOrder } = await completeWorkOrder(
        deps,
        companyCtx(req),
        req.params.id,
        req.body,
        idempotencyKeyOf(req),
      );
      return reply.status(200).send(workOrder);
    },
  );
  app.post(
    '/api/work-orders/:id/photos',
    photoUpload(WORKSHOP, { params: idParams, body: workOrderPhotoInputSchema }),
    async (req, reply) => {
      const { created, workOrder } = await addPhoto(deps, companyCtx(req), req.params.id, req.body);
      return reply.status(created ? 201 : 200).send(workOrder);
    },
  );
  app.get(
    '/api/work-orders/:id/photos/:photoId',
    { config: { access: WORKSHOP }, schema: { params: idsParams('photoId') } },
    async (req, reply) =>
      sendPhoto(reply, await photoOf(deps, companyCtx(req), req.params.id, req.params.photoId)),
  );
  app.get(
    '/api/costs',
    workOrdersApi.read(MANAGERS, 'Maintenance costs per month (parts, labour, other)', {
      querystring: costsQuerySchema,
      response: { 200: costsDtoSchema },
    }),
    async (req) => costs(deps, companyCtx(req), req.query),
  );
}
