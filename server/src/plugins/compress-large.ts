/**
 * Large JSON answers gzipped when the client accepts it (a phone on the Reports page fetched 400-500 KB
 * of JSON for a 2,000-machine company; gzip sends about a tenth). Only answers Fastify has serialized to
 * a string of at least LARGE_ANSWER_BYTES: streams (the exports) and answers that set their own encoding
 * (Due soon keeps its gzip with the kept answer) are left as they are.
 *
 * Synchronous on purpose (zlib.gzipSync at a middle level: about 5 ms for 500 KB, as Due soon's): a
 * handler that sends its answer itself and returns nothing (plugins/cached-read.ts) would otherwise be
 * taken as answering nothing before an asynchronous hook finished, and the client got an empty body.
 */
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';

/** Smaller answers are sent as they are: compressing them costs more than it saves. */
export const LARGE_ANSWER_BYTES = 32 * 1024;

export function registerLargeAnswerCompression(app: FastifyInstance) {
  app.addHook('onSend', (req, reply, payload, done) => {
    if (
      typeof payload !== 'string' ||
      payload.length < LARGE_ANSWER_BYTES ||
      reply.getHeader('content-encoding') ||
      !String(reply.getHeader('content-type') ?? '').includes('json')
    )
      return done(null, payload);
    void reply.header('vary', 'accept-encoding');
    if (!/\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) return done(null, payload);
    const body = zlib.gzipSync(payload, { level: 4 });
    void reply.header('content-encoding', 'gzip');
    reply.removeHeader('content-length');
    done(null, body);
  });
}
