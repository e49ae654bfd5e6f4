import type { FastifyReply, FastifyRequest } from 'fastify';
import { todayIn } from '@domain/dates';
import type { Deps } from '../deps';
import { JsonText } from '../lib/json-text';
import { companyDataVersion, readCacheOf } from '../lib/read-cache';
import { companyCtx } from './access';
import type { CompanyContext } from './auth-context';

const HOUR_MS = 3_600_000;
const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Answers a company user's read call (its company context handed to `compute`): from the cache while the company's data has not changed since
 * it was computed, else by `compute` (then kept), or with the answer of the same call being computed
 * right now (arrived at the same data version). The answer is serialised by the route's own
 * serializer (its declared response schema), as Fastify would have sent it.
 *
 * Use only for answers that depend on nothing but the company's data, who asks, the URL, the
 * Accept-Language header and the time to the hour (forecasts read "now" to the hour: a reading leaving
 * the 90-day window is noticed within the hour).
 */
export async function cachedRead<T>(
  deps: Pick<Deps, 'database' | 'now'>,
  req: FastifyRequest,
  reply: FastifyReply,
  compute: (ctx: CompanyContext) => Promise<T>,
): Promise<void> {
  const { database } = deps;
  const ctx = companyCtx(req);
  const version = await companyDataVersion(database, ctx.companyId);
  if (version === undefined) {
    const answer = await compute(ctx);
    if (answer instanceof JsonText) reply.type(JSON_TYPE).send(answer.text);
    else reply.send(answer);
    return;
  }
  const now = deps.now();
  const key = [
    ctx.userId,
    ctx.role,
    req.url,
    req.headers['accept-language'] ?? '',
    todayIn(ctx.company.timeZone, now),
    Math.floor(now.getTime() / HOUR_MS),
  ].join('\u0000');
  const cache = readCacheOf(database);
  const kept = cache.get(key, version);
  if (kept !== undefined) {
    reply.type(JSON_TYPE).send(kept);
    return;
  }
  // The route's serializer (a JSON text): its declared response schema applies as to any answer. The
  // same call arriving while it is computed shares it (it arrived at the same data version).
  const body = await cache.once(key, version, async () => {
    const answer = await compute(ctx);
    const text = answer instanceof JsonText ? answer.text : String(reply.serialize(answer));
    // Kept only if no write finished while it was computed (else the next call computes it again).
    if ((await companyDataVersion(database, ctx.companyId)) === version)
      cache.set(key, version, text);
    return text;
  });
  reply.type(JSON_TYPE).send(body);
}
