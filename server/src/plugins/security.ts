import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors';
import { bearerOf } from './api-keys';
import { changesState, hookRoutes, isApiRoute, SAFE_METHODS } from './route-hooks';

/** Helmet's options: a strict CSP (Stripe's hosts only when Stripe is configured). */
function helmetOptions(opts: { stripe: boolean }): FastifyHelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(opts.stripe ? ['https://js.stripe.com'] : [])],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...(opts.stripe ? ['https://api.stripe.com'] : [])],
        frameSrc: opts.stripe
          ? ['https://js.stripe.com', 'https://checkout.stripe.com']
          : ["'none'"],
        manifestSrc: ["'self'"],
        workerSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'", ...(opts.stripe ? ['https://checkout.stripe.com'] : [])],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: { maxAge: 31536000, includeSubDomains: true },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  };
}

/**
 * The security headers helmet sets with these options, computed once: @fastify/helmet builds helmet's
 * middleware (and parses the CSP) on every request, which was ~6 % of a small request's CPU time. The
 * headers do not depend on the request (no CSP nonces), so they are taken from helmet itself once, on a
 * throwaway instance, and every response gets the same set.
 */
async function helmetHeaders(opts: { stripe: boolean }): Promise<Record<string, string>> {
  const probe = Fastify({ logger: false });
  await probe.register(helmet, helmetOptions(opts));
  probe.get('/', async () => '');
  const res = await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  const skip = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);
  return Object.fromEntries(
    Object.entries(res.headers)
      .filter(([k, v]) => !skip.has(k) && typeof v === 'string')
      .map(([k, v]) => [k, String(v)]),
  );
}

export async function registerSecurity(app: FastifyInstance, opts: { stripe: boolean }) {
  const headers = await helmetHeaders(opts);
  app.addHook('onRequest', (_req, reply, done) => {
    void reply.headers(headers);
    done();
  });

  // Cross-site request protection: a state-changing request whose Origin names another site, or
  // without an Origin that says Sec-Fetch-Site: cross-site or has a foreign Referer, is refused. Only on the API's state-changing routes; the Stripe webhook is authenticated by its
  // signature.
  hookRoutes(
    app,
    'onRequest',
    (r) => isApiRoute(r) && changesState(r) && !r.url.startsWith('/api/stripe/webhook'),
    (req: FastifyRequest, _reply: FastifyReply, done: (err?: Error) => void) => {
      if (SAFE_METHODS.has(req.method)) return done();
      // A bearer request (an API key) uses no cookie: there is no ambient credential to forge with.
      if (bearerOf(req) !== null) return done();
      done(crossSiteError(req) ?? undefined);
    },
  );
}

/**
 * The refusal for a cross-site state-changing request, else null: its Origin names another host than
 * the one it reached (or is unreadable, e.g. "null"); or, without an Origin, the browser says
 * `Sec-Fetch-Site: cross-site` or the Referer names another host. A request with none of these (a
 * script, curl) is not a browser's cross-site request and goes on to the route's own checks.
 */
function crossSiteError(req: FastifyRequest): AppError | null {
  // Fastify's host: X-Forwarded-Host only from a balancer TRUST_PROXY names, else the Host header.
  const host = req.host;
  const sameHost = (url: string) => {
    try {
      return new URL(url).host === host;
    } catch {
      return false;
    }
  };
  const refused = () => new AppError('forbidden', 'common.crossSite');
  const origin = req.headers.origin;
  if (origin) return sameHost(origin) ? null : refused();
  if (req.headers['sec-fetch-site'] === 'cross-site') return refused();
  const referer = req.headers.referer;
  if (referer && !sameHost(referer)) return refused();
  return null;
}
