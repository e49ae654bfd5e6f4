import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError } from 'zod';
import { messageText } from '@domain/messages/catalogue';
import { isDatabaseUnavailable } from '../db/connection-errors';
import { AppError, fromZodError, statusOf } from '../lib/errors';
import { SIGNED_IN_HINT_COOKIE } from './session';
import { schemaValidationError } from './validation';

/** What a client is told to wait while the database is away (a restart takes a few seconds). */
const RETRY_AFTER_SECONDS = 2;

/** The contract's error for what a request did wrong, or null (then it is a 500). */
function appErrorOf(error: FastifyError | AppError | ZodError): AppError | null {
  if (error instanceof AppError) return error;
  if (error instanceof ZodError) return fromZodError(error);
  // A route's declared schema refused the request (plugins/validation.ts): before the generic 400 below.
  const schema = schemaValidationError(error);
  if (schema) return schema;
  if ('code' in error && error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
    return new AppError('payload_too_large', 'common.requestTooLarge');
  if ('code' in error && error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
    return new AppError('validation', 'common.jsonOnly');
  if ('statusCode' in error && error.statusCode === 400)
    return new AppError('validation', 'common.unreadable');
  if ('statusCode' in error && error.statusCode === 429)
    return new AppError('rate_limited', 'common.rateLimited');
  // The database is away (restarting, failing over): "not now", to try again, not a 500 (db/connection-errors.ts).
  if (isDatabaseUnavailable(error))
    return new AppError('unavailable', 'common.unavailable', {
      headers: { 'retry-after': String(RETRY_AFTER_SECONDS) },
    });
  return null;
}

/** One error contract: every error leaves as `{ code, key, message, params?, fieldErrors? }`; a 500 never shows internals. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError | ZodError, req, reply) => {
    const appError = appErrorOf(error);
    if (appError) {
      if (appError.headers) void reply.headers(appError.headers);
      // Not signed in (any more): the readable signed-in hint goes too, so the client stops asking.
      if (appError.code === 'unauthenticated' && req.cookies[SIGNED_IN_HINT_COOKIE] !== undefined)
        void reply.clearCookie(SIGNED_IN_HINT_COOKIE, { path: '/' });
      return reply.status(statusOf[appError.code]).send({
        code: appError.code,
        key: appError.key,
        message: appError.message,
        ...(appError.params ? { params: appError.params } : {}),
        ...(appError.fieldErrors ? { fieldErrors: appError.fieldErrors } : {}),
      });
    }
    req.log.error({ err: error }, 'unhandled error');
    return reply
      .status(500)
      .send({ code: 'internal', key: 'common.internal', message: messageText('common.internal') });
  });
}
