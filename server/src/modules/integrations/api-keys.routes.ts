import type { FastifyInstance } from 'fastify';
import { createApiKeySchema } from '../../../../domain/schemas/integrations';
import type { Deps } from '../../deps';
import { parse } from '../../lib/errors';
import { idOf } from '../../lib/request';
import { companyCtx } from '../../plugins/access';
import { createApiKey, listApiKeys, revokeApiKey } from './api-keys.service';

/** Only the owner (a person, not a key: plugins/api-keys.ts keeps keys off these paths). */
const owner = { config: { access: ['owner'] as const, apiKeys: 'never' as const } };

export async function apiKeysRoutes(app: FastifyInstance, deps: Deps) {
  app.post('/api/api-keys', owner, async (req, reply) => {
    const input = parse(createApiKeySchema, req.body);
    return reply.status(201).send(await createApiKey(deps, companyCtx(req), input));
  });
  app.get('/api/api-keys', owner, async (req) => listApiKeys(deps, companyCtx(req)));
  app.delete('/api/api-keys/:id', owner, async (req) => {
    await revokeApiKey(deps, companyCtx(req), idOf(req.params));
    return { ok: true };
  });
}
