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
type Operation<Run> = [summary: string, run: Run];

/**
 * An integration the owner keeps (API keys, webhooks): created with its secret answered once (201),
 * listed, and removed by id. Only the OWNER, in person (plugins/api-keys.ts keeps keys off these
 * paths: no key manages keys or webhooks).
 */
export function ownerResource<Body extends z.ZodType>(
  app: FastifyInstance,
  deps: Deps,
  tag: string,
  path: string,
  resource: {
    /** The body of a creation, the created answer (its secret shown once) and the list. */
    schemas: { body: Body; created: z.ZodType; list: z.ZodType };
    create: Operation<(deps: Deps, ctx: CompanyContext, input: z.output<Body>) => Promise<unknown>>;
    read: Operation<(deps: Deps, ctx: CompanyContext) => Promise<unknown>>;
    remove: Operation<(deps: Deps, ctx: CompanyContext, id: string) => Promise<void>>;
  },
) {
  const { schemas } = resource;
  const [createSummary, create] = resource.create;
  const [readSummary, read] = resource.read;
  const [removeSummary, remove] = resource.remove;
  const api = documented(tag);
  // The body and the id are checked by the declared schemas before a handler runs (plugins/validation.ts).
  app.post(
    path,
    api.people(OWNER, createSummary, { body: schemas.body, response: { 201: schemas.created } }),
    async (req, reply) =>
      reply.status(201).send(await create(deps, companyCtx(req), req.body as z.output<Body>)),
  );
  app.get(path, api.people(OWNER, readSummary, { response: { 200: schemas.list } }), async (req) =>
    read(deps, companyCtx(req)),
  );
  app.delete(
    `${path}/:id`,
    api.people(OWNER, removeSummary, { params: idParams, response: { 200: okDto } }),
    async (req) => {
      await remove(deps, companyCtx(req), (req.params as z.output<typeof idParams>).id);
      return { ok: true as const };
    },
  );
}

export async function apiKeysRoutes(app: FastifyInstance, deps: Deps) {
  ownerResource(app, deps, 'API keys', '/api/api-keys', {
    schemas: { body: createApiKeySchema, created: createdApiKeyDto, list: apiKeyListDto },
    create: ['Create a key (the token is answered once)', createApiKey],
    read: ['Keys with their last use', listApiKeys],
    remove: ['Revoke a key (401 from its next request)', revokeApiKey],
  });
}
