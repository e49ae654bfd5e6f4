import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The path itself is a secret (a calendar feed's key): the log names the route pattern instead. */
    secretUrl?: boolean;
  }
}

/**
 * The logged address of a request: the path without its query string (a query may carry a token, an
 * unsubscribe link's signature, or what someone searched for), and for a route whose path is a secret
 * (`config.secretUrl`) the route's pattern.
 */
export function loggedUrl(req: FastifyRequest): string {
  if (req.routeOptions.config?.secretUrl) return req.routeOptions.url ?? '';
  const q = req.url.indexOf('?');
  return q < 0 ? req.url : req.url.slice(0, q);
}

/**
 * One structured line per request, written when the answer has gone (Fastify's own request logging,
 * two lines per request with the whole URL, is switched off in app.ts): method, path, route pattern,
 * status and time. At a level above info nothing is built at all. docs/benchmarks.md measures the cost.
 */
export function registerRequestLog(app: FastifyInstance) {
  app.addHook('onResponse', (req, reply, done) => {
    // Fastify's logger is pino's (or a silent stand-in without levels when logging is off).
    if ((req.log as Partial<Logger>).isLevelEnabled?.('info')) {
      req.log.info(
        {
          method: req.method,
          url: loggedUrl(req),
          route: req.routeOptions.url,
          statusCode: reply.statusCode,
          responseTime: reply.elapsedTime,
        },
        'request completed',
      );
    }
    done();
  });
}
