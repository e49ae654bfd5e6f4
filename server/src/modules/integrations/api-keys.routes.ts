import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiKeyListDto, createApiKeySchema, createdApiKeyDto } from '@domain/schemas/integrations';
import type { Deps } from '../../deps';
import { idParams, okDto } from '../../lib/route-schemas';
import { companyCtx } from '../../plugins/access';
import { createApiKey, listApiKeys, revokeApiKey } from './api-keys.service';

/** Only the owner (a person, not a key: plugins/api-keys.ts keeps keys off these paths). */
const owner = { config: { access: ['owner'] as const } };
const tags = ['API keys'];

export async function apiKeysRoutes(fastify: FastifyInstance, deps: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/api/api-keys',
    {
      ...owner,
      schema: {
        tags,
        summary: 'Create a key (the token is answered once)',
        body: createApiKeySchema,
        response: { 201: createdApiKeyDto },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await createApiKey(deps, companyCtx(req), req.body)),
  );
  app.get(
    '/api/api-keys',
    {
      ...owner,
      schema: { tags, summary: 'Keys with their last use', response: { 200: apiKeyListDto } },
    },
    async (req) => listApiKeys(deps, companyCtx(req)),
  );
  app.delete(
    '/api/api-keys/:id',
    {
      ...owner,
      schema: {
        tags,
        summary: 'Revoke a key (401 from its next request)',
        params: idParams,
        response: { 200: okDto },
      },
    },
    async (req) => {
      await revokeApiKey(deps, companyCtx(req), req.params.id);
      return { ok: true as const };
    },
  );
}
