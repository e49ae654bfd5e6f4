import type { FastifyServerOptions } from 'fastify';
import { stdSerializers, type DestinationStream, type SerializedError } from 'pino';

/**
 * The server's pino settings. Request lines carry method, URL, route, status and timing, never
 * headers; if headers are ever logged, cookies and Authorization are redacted. Database errors
 * (drizzle's DrizzleQueryError, PGlite's errors) carry the statement's parameters (a session id, a
 * password hash, an email): the `err` serializer removes them from the error, its message and stack,
 * at every level of the `cause` chain. Tested in server/src/plugins/logging.test.ts.
 */
export function loggerOptions(
  level: string,
  stream?: DestinationStream,
): NonNullable<FastifyServerOptions['logger']> {
  return {
    level,
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'req.headers["idempotency-key"]',
        'res.headers["set-cookie"]',
        'headers.cookie',
        'headers.authorization',
      ],
      censor: '[redacted]',
    },
    serializers: { err: serializeError },
    ...(stream ? { stream } : {}),
  };
}

type Serialized = Record<string, unknown> & { message?: unknown; stack?: unknown; cause?: unknown };

const PARAM_KEYS = ['params', 'parameters', 'values'];

/** The parameters' text in a message ("params: ..." to the end, as drizzle writes it; values may hold newlines). */
function withoutParams(message: string, original: unknown): string {
  const e = original as { params?: unknown } | null;
  if (e && typeof e === 'object' && 'params' in e) {
    const at = message.indexOf('\nparams: ');
    if (at >= 0) return message.slice(0, at);
  }
  return message;
}

function scrub(value: Serialized, original: unknown, depth: number): Serialized {
  for (const key of PARAM_KEYS) delete value[key];
  if (typeof value.message === 'string') {
    const cleaned = withoutParams(value.message, original);
    if (typeof value.stack === 'string' && cleaned !== value.message)
      value.stack = value.stack.replace(value.message, cleaned);
    value.message = cleaned;
  }
  const cause = (original as { cause?: unknown } | null)?.cause;
  if (value.cause && typeof value.cause === 'object' && depth < 5)
    value.cause = scrub(value.cause as Serialized, cause, depth + 1);
  return value;
}

export function serializeError(err: Error): SerializedError {
  const serialized = stdSerializers.errWithCause(err);
  scrub(serialized as unknown as Serialized, err, 0);
  return serialized;
}
