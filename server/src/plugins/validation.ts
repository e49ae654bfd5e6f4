import { isDeepStrictEqual } from 'node:util';
import type { FastifyInstance, FastifySchemaCompiler, FastifySerializerCompiler } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  serializerCompiler,
  validatorCompiler,
  type ZodFastifySchemaValidationError,
} from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { messageKeyOf } from '@domain/messages/catalogue';
import { hasLoneSurrogate } from '@domain/schemas/primitives';
import { AppError, fromIssues, notFound } from '../lib/errors';

/**
 * Routes declare their request schemas (`schema: { body, params, querystring }`, the zod schemas of
 * domain/schemas) and optionally their answers (`response`), through fastify-type-provider-zod (issue 29,
 * docs/decisions/public-api.md): one place validates, the handlers' types follow from the declarations,
 * and @fastify/swagger documents the same schemas.
 *
 * Validation runs after the session, access and entitlement hooks (they are preValidation hooks,
 * plugins/session.ts, access.ts, entitlement.ts), so a request that may not call a route learns nothing
 * about its schema, as when routes parsed in their handlers.
 */

/** The provider's validator; a request without a body is validated as `{}` (as `parse` did). */
const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) => {
  const validate = validatorCompiler(route);
  return (data) => validate(data ?? {});
};

/**
 * The provider's serializer, and in tests (`strictResponses`) a check that the declared answer changed
 * nothing: a field the schema does not list would be dropped without a word, so a test that reaches
 * such an answer fails instead (a response schema is declared only where it leaves the output as is).
 */
const checkedSerializerCompiler: FastifySerializerCompiler<z.ZodType> = (route) => {
  const serialize = serializerCompiler(route);
  return (data) => {
    const out = serialize(data);
    const asIs: unknown = JSON.parse(JSON.stringify(data));
    if (!isDeepStrictEqual(JSON.parse(out), asIs))
      throw new Error(
        `${route.method} ${route.url}: its response schema changed the answer: ${JSON.stringify(asIs).slice(0, 2000)}`,
      );
    return out;
  };
};

/** True when a string anywhere in a parsed JSON value (a key or a value, at any depth) holds a lone surrogate. */
export function holdsLoneSurrogate(value: unknown): boolean {
  if (typeof value === 'string') return hasLoneSurrogate(value);
  if (Array.isArray(value)) return value.some(holdsLoneSurrogate);
  if (value !== null && typeof value === 'object')
    return Object.entries(value).some(([k, v]) => hasLoneSurrogate(k) || holdsLoneSurrogate(v));
  return false;
}

/**
 * Fastify's own JSON parser (same prototype-poisoning rules and body limit), followed by one check: a
 * body with a lone UTF-16 surrogate anywhere ("\ud800", half a character) is refused with 400
 * `common.brokenCharacter`, so a field a route keeps as raw JSON (params, answers, import rows) never
 * reaches PostgreSQL, which refuses it in jsonb with an error (a 500 on both databases before).
 */
function registerJsonBodyCheck(app: FastifyInstance) {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    parse(
      req,
      typeof body === 'string' ? body : body.toString('utf8'),
      (err: Error | null, value?: unknown) => {
        if (err) return done(err, undefined);
        if (holdsLoneSurrogate(value))
          return done(new AppError('validation', 'common.brokenCharacter'), undefined);
        done(null, value);
      },
    );
  });
}

export function registerValidation(app: FastifyInstance, opts: { strictResponses?: boolean } = {}) {
  app.setValidatorCompiler(zodValidatorCompiler);
  registerJsonBodyCheck(app);
  // A declared answer is encoded with its schema (fields it does not list are dropped); a mismatch is a 500.
  app.setSerializerCompiler(opts.strictResponses ? checkedSerializerCompiler : serializerCompiler);
}

/** The zod issue a validation error was made from (the provider keeps everything but path, code and message in params). */
function issueOf(v: ZodFastifySchemaValidationError): z.core.$ZodIssue {
  const path = v.instancePath === '/' ? [] : v.instancePath.slice(1).split('/');
  return { ...v.params, code: v.keyword, path, message: v.message } as z.core.$ZodIssue;
}

/**
 * A malformed path parameter (an id) is simply not found, as `idOf` answered: `common.notFound`, or the
 * route's own not-found key when its params schema names one as the rule's message (the field machine's
 * `equipment.notFound`: `z.uuid(equipmentMessages.notFound)`). Only a `<area>.notFound` key is taken.
 */
function paramsNotFound(v: ZodFastifySchemaValidationError | undefined): AppError {
  const key = v ? messageKeyOf(v.message ?? '') : undefined;
  return key?.endsWith('.notFound') ? notFound(key) : notFound();
}

/**
 * The error contract for a declared schema's refusal, byte for byte what `parse(schema, ...)` answered:
 * 400 with the first rule's message key, its parameters and a message per field; a malformed path
 * parameter is 404 (paramsNotFound). Null for any other error.
 */
export function schemaValidationError(error: unknown): AppError | null {
  if (!hasZodFastifySchemaValidationErrors(error)) return null;
  if ((error as { validationContext?: string }).validationContext === 'params')
    return paramsNotFound(error.validation[0]);
  return fromIssues(error.validation.map(issueOf));
}
