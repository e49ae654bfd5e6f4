import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiKeyListDto, createApiKeySchema, createdApiKeyDto } from '@domain/schemas/integrations';
import type { Deps } from '../../deps';
import { idParams, okDto } from '../../lib/route-schemas';
import { OWNER, documented } from '../../lib/route-options';
import { companyCtx } from '../../plugins/access';
import { createApiKey, listApiKeys, revokeApiKey } from './api-keys.service';

/** Only the OWNER (a person, not a key: plugins/api-keys.ts keeps keys off these paths). */
const apiKeysApi = documented('API keys');

export async function apiKeysRoutes(fastify: FastifyInstance, deps: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/api/api-keys',
    apiKeysApi.people(OWNER, 'Create a key (the token is answered once)', {
      body: createApiKeySchema,
      response: { 201: createdApiKeyDto },
    }),
    async (req, reply) =>
      reply.status(201).send(await createApiKey(deps, companyCtx(req), req.body)),
  );
  app.get(
    '/api/api-keys',
    apiKeysApi.people(OWNER, 'Keys with their last use', { response: { 200: apiKeyListDto } }),
    async (req) => listApiKeys(deps, companyCtx(req)),
  );
  app.delete(
    '/api/api-keys/:id',
    apiKeysApi.people(OWNER, 'Revoke a key (401 from its next request)', {
      params: idParams,
      response: { 200: okDto },
    }),
    async (req) => {
      await revokeApiKey(deps, companyCtx(req), req.params.id);
      return { ok: true as const };
    },
  );
}
