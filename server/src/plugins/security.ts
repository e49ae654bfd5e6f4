import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export async function registerSecurity(app: FastifyInstance, opts: { stripe: boolean }) {
  await app.register(helmet, {
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
  });

  // Cross-site request protection: a state-changing request whose Origin names another site is refused.
  app.addHook('onRequest', async (req) => {
    if (SAFE_METHODS.has(req.method) || !req.url.startsWith('/api')) return;
    if (req.url.startsWith('/api/stripe/webhook')) return; // authenticated by its signature
    const origin = req.headers.origin;
    if (!origin) return;
    let originHost: string;
    try {
      originHost = new URL(origin).host;
    } catch {
      throw new AppError('forbidden', 'common.crossSite');
    }
    const host = req.headers['x-forwarded-host'] ?? req.headers.host;
    if (originHost !== host) throw new AppError('forbidden', 'common.crossSite');
  });
}
