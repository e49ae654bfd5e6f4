import type { FastifyInstance } from 'fastify';
import { createWebhookSchema, readingsBatchSchema } from '../../../../domain/schemas/integrations';
import { idParamSchema } from '../../../../domain/schemas/operators';
import type { Deps } from '../../deps';
import { notFound, parse } from '../../lib/errors';
import { idempotencyKeyOf, idOf } from '../../lib/request';
import { companyCtx } from '../../plugins/access';
import { publicUrlOf } from '../../config';
import { DOCS_CSS, DOCS_JS, DOCS_PAGE, openApiDocument } from './openapi';
import { submitReadingsBatch } from './readings-batch.service';
import {
  createWebhook,
  deleteWebhook,
  deliveryLog,
  listWebhooks,
  resendDelivery,
} from './webhooks.service';

/** Only the owner, in person (keys never manage webhooks). */
const owner = { config: { access: ['owner'] as const, apiKeys: 'never' as const } };

export async function integrationsRoutes(app: FastifyInstance, deps: Deps) {
  // Meter readings in bulk: owners and managers in the app, keys with the readings (or write) scope.
  app.post(
    '/api/readings/batch',
    {
      config: { access: ['owner', 'manager'] as const, apiScope: 'readings', keepsSessions: true },
      bodyLimit: 512 * 1024,
    },
    async (req) => {
      const input = parse(readingsBatchSchema, req.body);
      return submitReadingsBatch(deps, companyCtx(req), input, idempotencyKeyOf(req));
    },
  );

  app.post('/api/webhooks', owner, async (req, reply) => {
    const input = parse(createWebhookSchema, req.body);
    return reply.status(201).send(await createWebhook(deps, companyCtx(req), input));
  });
  app.get('/api/webhooks', owner, async (req) => listWebhooks(deps, companyCtx(req)));
  app.delete('/api/webhooks/:id', owner, async (req) => {
    await deleteWebhook(deps, companyCtx(req), idOf(req.params));
    return { ok: true };
  });
  app.get('/api/webhooks/:id/deliveries', owner, async (req) =>
    deliveryLog(deps, companyCtx(req), idOf(req.params)),
  );
  app.post('/api/webhooks/:id/deliveries/:deliveryId/resend', owner, async (req) => {
    const { deliveryId } = req.params as { deliveryId: string };
    const d = idParamSchema.safeParse({ id: deliveryId });
    if (!d.success) throw notFound();
    return resendDelivery(deps, companyCtx(req), idOf(req.params), d.data.id);
  });

  // The API described (issue 29): OpenAPI 3.1 from the zod schemas, and a page that renders it.
  const publicDoc = { config: { access: 'public' as const } };
  app.get('/api/openapi.json', publicDoc, async (_req, reply) =>
    reply.header('cache-control', 'no-cache').send(openApiDocument(publicUrlOf(deps.config))),
  );
  app.get('/api/docs', publicDoc, async (_req, reply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(DOCS_PAGE),
  );
  app.get('/api/docs/app.js', publicDoc, async (_req, reply) =>
    reply.type('text/javascript; charset=utf-8').send(DOCS_JS),
  );
  app.get('/api/docs/style.css', publicDoc, async (_req, reply) =>
    reply.type('text/css; charset=utf-8').send(DOCS_CSS),
  );
}
