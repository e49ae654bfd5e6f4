import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { apiKeyListDto, createApiKeySchema, createdApiKeyDto } from '@domain/schemas/integrations';
import type { Deps } from '../../deps';
import { idParams, okDto } from '../../lib/route-schemas';
import { OWNER, documented } from '../../lib/route-options';
import { companyCtx } from '../../plugins/access';
import type { CompanyContext } from '../../plugins/auth-context';
import { createApiKey, listApiKeys, revokeApiKey } from './api-keys.service';

/** One operation of an owner's resource: its summary in the document and its service. */
type Operation<Run> = { summary: string; run: Run };

/**
 * An integration the owner keeps (API keys, webhooks): created with its secret answered once (201),
 * listed, and removed by id. Only the OWNER, in person (plugins/api-keys.ts keeps keys off these
 * paths: no key manages keys or webhooks).
 */
export function ownerResource<Body extends z.ZodType>(
  app: FastifyInstance,
  deps: Deps,
  resource: {
    tag: string;
    path: string;
    body: Body;
    created: z.ZodType;
    list: z.ZodType;
    create: Operation<(deps: Deps, ctx: CompanyContext, input: z.output<Body>) => Promise<unknown>>;
    read: Operation<(deps: Deps, ctx: CompanyContext) => Promise<unknown>>;
    remove: Operation<(deps: Deps, ctx: CompanyContext, id: string) => Promise<void>>;
  },
) {
  const { path, create, read, remove } = resource;
  const api = documented(resource.tag);
  // The body and the id are checked by the declared schemas before a handler runs (plugins/validation.ts).
  app.post(
    path,
    api.people(OWNER, create.summary, { body: resource.body, response: { 201: resource.created } }),
    async (req, reply) =>
      reply.status(201).send(await create.run(deps, companyCtx(req), req.body as z.output<Body>)),
  );
  app.get(
    path,
    api.people(OWNER, read.summary, { response: { 200: resource.list } }),
    async (req) => read.run(deps, companyCtx(req)),
  );
  app.delete(
    `${path}/:id`,
    api.people(OWNER, remove.summary, { params: idParams, response: { 200: okDto } }),
    async (req) => {
      await remove.run(deps, companyCtx(req), (req.params as z.output<typeof idParams>).id);
      return { ok: true as const };
    },
  );
}

export async function apiKeysRoutes(app: FastifyInstance, deps: Deps) {
  ownerResource(app, deps, {
    tag: 'API keys',
    path: '/api/api-keys',
    body: createApiKeySchema,
    created: createdApiKeyDto,
    list: apiKeyListDto,
    create: { summary: 'Create a key (the token is answered once)', run: createApiKey },
    read: { summary: 'Keys with their last use', run: listApiKeys },
    remove: { summary: 'Revoke a key (401 from its next request)', run: revokeApiKey },
  });
}
