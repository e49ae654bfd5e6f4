import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError } from 'zod';
import { messageText } from '../../../domain/messages/catalogue';
import { AppError, fromZodError, statusOf } from '../lib/errors';
import { SIGNED_IN_HINT_COOKIE } from './session';

/** One error contract: every error leaves as `{ code, key, message, params?, fieldErrors? }`; a 500 never shows internals. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError | ZodError, req, reply) => {
    let appError: AppError | null = null;
    if (error instanceof AppError) appError = error;
    else if (error instanceof ZodError) appError = fromZodError(error);
    else if ('code' in error && error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
      appError = new AppError('payload_too_large', 'common.requestTooLarge');
    else if ('code' in error && error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
      appError = new AppError('validation', 'common.jsonOnly');
    else if ('statusCode' in error && error.statusCode === 400)
      appError = new AppError('validation', 'common.unreadable');
    else if ('statusCode' in error && error.statusCode === 429)
      appError = new AppError('rate_limited', 'common.rateLimited');

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
