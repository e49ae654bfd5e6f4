import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError } from 'zod';
import { AppError, fromZodError, statusOf } from '../lib/errors';
import { SIGNED_IN_HINT_COOKIE } from './session';

/** One error contract: every error leaves as `{ code, message, fieldErrors? }`; a 500 never shows internals. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError | ZodError, req, reply) => {
    let appError: AppError | null = null;
    if (error instanceof AppError) appError = error;
    else if (error instanceof ZodError) appError = fromZodError(error);
    else if ('code' in error && error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
      appError = new AppError('payload_too_large', 'The request is too large.');
    else if ('code' in error && error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
      appError = new AppError('validation', 'Requests must be sent as JSON.');
    else if ('statusCode' in error && error.statusCode === 400)
      appError = new AppError(
        'validation',
        'The request could not be read. Please check the data and try again.',
      );
    else if ('statusCode' in error && error.statusCode === 429)
      appError = new AppError(
        'rate_limited',
        'Too many requests. Please wait a moment and try again.',
      );

    if (appError) {
      if (appError.headers) void reply.headers(appError.headers);
      // Not signed in (any more): the readable signed-in hint goes too, so the client stops asking.
      if (appError.code === 'unauthenticated' && req.cookies[SIGNED_IN_HINT_COOKIE] !== undefined)
        void reply.clearCookie(SIGNED_IN_HINT_COOKIE, { path: '/' });
      return reply.status(statusOf[appError.code]).send({
        code: appError.code,
        message: appError.message,
        ...(appError.fieldErrors ? { fieldErrors: appError.fieldErrors } : {}),
      });
    }
    req.log.error({ err: error }, 'unhandled error');
    return reply
      .status(500)
      .send({ code: 'internal', message: 'Something went wrong. Please try again.' });
  });
}
