/**
 * Large JSON answers gzipped when the client accepts it (a phone on the Reports page fetched 400-500 KB
 * of JSON for a 2,000-machine company; gzip sends about a tenth). Only answers Fastify has serialized to
 * a string of at least LARGE_ANSWER_BYTES: streams (the exports) and answers that set their own encoding
 * (Due soon keeps its gzip with the kept answer) are left as they are. zlib's asynchronous gzip at a
 * middle level runs on libuv's pool, not on the request thread.
 */
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';

/** Smaller answers are sent as they are: compressing them costs more than it saves. */
export const LARGE_ANSWER_BYTES = 32 * 1024;
const gzip = promisify(zlib.gzip);

export function registerLargeAnswerCompression(app: FastifyInstance) {
  app.addHook('onSend', async (req, reply, payload) => {
    if (typeof payload !== 'string' || payload.length < LARGE_ANSWER_BYTES) return payload;
    if (reply.getHeader('content-encoding')) return payload;
    const type = String(reply.getHeader('content-type') ?? '');
    if (!type.includes('json')) return payload;
    void reply.header('vary', 'accept-encoding');
    if (!/\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) return payload;
    const body = await gzip(payload, { level: 4 });
    void reply.header('content-encoding', 'gzip');
    reply.removeHeader('content-length');
    return body;
  });
}
