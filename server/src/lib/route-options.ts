import type { FastifyContextConfig, FastifySchema } from 'fastify';
import { companyRoles, WORKSHOP_ROLES, type Role } from '@domain/roles';
import { PHOTO_MAX_BYTES } from '@domain/schemas/field';

/**
 * What a route declares besides its handler, built from the few things that vary: who may call it
 * (config.access, plugins/access.ts), whether an API key may and with which scope (config.apiScope,
 * plugins/api-keys.ts), whether it leaves sign-ins alone (config.keepsSessions, plugins/session.ts),
 * and its schemas (fastify-type-provider-zod, plugins/validation.ts). The schemas are passed through
 * as given, so a handler's req.params, req.query and req.body keep their types.
 */

/** Who may call a route: the role lists the modules share. */
export const OWNER = ['owner'] as const;
export const MANAGERS = companyRoles;
/** Owners, managers and technicians (issue 27): the workshop's work orders, parts and their files. */
export const WORKSHOP = WORKSHOP_ROLES;
/** Owners, managers and operators: the operator screen (an update, an inspection, a photo). */
export const COMPANY_USERS = ['owner', 'manager', 'operator'] as const;
/** Every person of a company (documents: operators read their machine's manual). */
export const COMPANY_PEOPLE = ['owner', 'manager', 'operator', 'technician'] as const;
export const OPERATORS = ['operator'] as const;

type Roles = readonly Role[];
/** A route's own schemas (its entry in the OpenAPI document adds tags and a summary). */
type Schemas = Pick<FastifySchema, 'params' | 'querystring' | 'headers' | 'body' | 'response'>;
/** What a documented route may add: the Idempotency-Key it reads, what zod cannot describe. */
type Extra = Pick<FastifyContextConfig, 'idempotencyKey' | 'openapi'>;

/**
 * The routes of one tag of the public API (integrations/openapi.ts documents a route that declares
 * tags and a summary):
 * - `read`: an API key with the read scope may call it too;
 * - `write`: a key with the write scope may call it too; it changes company rows, not a user, a
 *   company or a session, so cached sign-ins stay valid (keepsSessions);
 * - `people`: documented, but no key may call it (the owner's keys and webhooks, the fuel unit).
 */
export function documented(tag: string) {
  const tags = [tag];
  const entry = <S extends Schemas>(summary: string, schema: S) => ({ tags, summary, ...schema });
  return {
    read: <S extends Schemas>(access: Roles, summary: string, schema: S, extra: Extra = {}) => ({
      config: { access, apiScope: 'read' as const, ...extra },
      schema: entry(summary, schema),
    }),
    write: <S extends Schemas>(access: Roles, summary: string, schema: S, extra: Extra = {}) => ({
      config: { access, keepsSessions: true, apiScope: 'write' as const, ...extra },
      schema: entry(summary, schema),
    }),
    people: <S extends Schemas>(access: Roles, summary: string, schema: S) => ({
      config: { access },
      schema: entry(summary, schema),
    }),
  };
}

/**
 * A photo sent from a phone: base64 in JSON (docs/decisions/field-photos.md), so the body may be
 * larger than the app's default limit (its encoded size and 64 KB for the rest; the bytes are checked
 * again after decoding). It changes no sign-in (keepsSessions).
 */
export const photoUpload = <S extends Schemas>(access: Roles, schema: S) => ({
  config: { access, keepsSessions: true },
  bodyLimit: Math.ceil(PHOTO_MAX_BYTES / 3) * 4 + 64 * 1024,
  schema,
});
