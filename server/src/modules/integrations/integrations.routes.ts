import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  createdWebhookDto,
  createWebhookSchema,
  readingsBatchDto,
  readingsBatchSchema,
  webhookDeliveryDto,
  webhookDeliveryListDto,
  webhookListDto,
} from '@domain/schemas/integrations';
import type { Deps } from '../../deps';
import { idempotencyKeyOf } from '../../lib/request';
import { idParams, idsParams } from '../../lib/route-schemas';
import { MANAGERS, OWNER, documented } from '../../lib/route-options';
import { companyCtx } from '../../plugins/access';
import { ownerResource } from './api-keys.routes';
import { submitReadingsBatch } from './readings-batch.service';
import {
  createWebhook,
  deleteWebhook,
  deliveryLog,
  listWebhooks,
  resendDelivery,
} from './webhooks.service';

/** Webhooks: only the OWNER, in person (keys never manage webhooks; ownerResource). */
const webhooksApi = documented('Webhooks');

export async function integrationsRoutes(fastify: FastifyInstance, deps: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Meter readings in bulk: owners and managers in the app, keys with the readings (or write) scope.
  app.post(
    '/api/readings/batch',
    {
      config: {
        access: MANAGERS,
        apiScope: 'readings',
        keepsSessions: true,
        idempotencyKey: true,
      },
      bodyLimit: 512 * 1024,
      schema: {
        tags: ['Readings'],
        summary: 'Meter readings in bulk (up to 1,000): applied, held, refused or duplicate each',
        body: readingsBatchSchema,
        response: { 200: readingsBatchDto },
      },
    },
    async (req) => submitReadingsBatch(deps, companyCtx(req), req.body, idempotencyKeyOf(req)),
  );

  ownerResource(fastify, deps, 'Webhooks', '/api/webhooks', {
    schemas: { body: createWebhookSchema, created: createdWebhookDto, list: webhookListDto },
    create: ['Register an endpoint (the secret is answered once)', createWebhook],
    read: ['Registered endpoints', listWebhooks],
    remove: ['Remove an endpoint', deleteWebhook],
  });
  app.get(
    '/api/webhooks/:id/deliveries',
    webhooksApi.people(OWNER, "An endpoint's delivery log (the last 100)", {
      params: idParams,
      response: { 200: webhookDeliveryListDto },
    }),
    async (req) => deliveryLog(deps, companyCtx(req), req.params.id),
  );
  app.post(
    '/api/webhooks/:id/deliveries/:deliveryId/resend',
    webhooksApi.people(OWNER, 'Send a delivery again (same event id)', {
      params: idsParams('deliveryId'),
      response: { 200: webhookDeliveryDto },
    }),
    async (req) => resendDelivery(deps, companyCtx(req), req.params.id, req.params.deliveryId),
  );

  // The API described (issue 29): OpenAPI 3.1 generated from the routes' declarations (openapi.ts); the
  // reference page that renders it is /api/docs (@fastify/swagger-ui, registered with the document).
  fastify.get('/api/openapi.json', { config: { access: 'public' } }, async (_req, reply) =>
    reply.header('cache-control', 'no-cache').send(fastify.swagger()),
  );
}
