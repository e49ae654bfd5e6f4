import type { FastifyInstance } from 'fastify';
import {
  adminAccountsQuerySchema,
  checkoutRequestSchema,
  checkoutSessionParamsSchema,
  pauseRequestSchema,
  upgradeRequestSchema,
} from '../../../../domain/schemas/subscription';
import type { Deps } from '../../deps';
import { publicUrlOf } from '../../config';
import { parse } from '../../lib/errors';
import { companyCtx } from '../../plugins/access';
import * as svc from './subscription.service';

export const WEBHOOK_PATH = '/api/stripe/webhook';

export async function subscriptionRoutes(app: FastifyInstance, deps: Deps) {
  const provider = svc.createBillingProvider(deps);
  const owner = { config: { access: ['owner'] as const } };

  app.get('/api/subscription', { config: { access: ['owner', 'manager'] } }, async (req) =>
    svc.getView(deps, provider, companyCtx(req)),
  );

  app.post('/api/create-checkout-session', owner, async (req) => {
    const input = parse(checkoutRequestSchema, req.body);
    return svc.startCheckout(deps, provider, companyCtx(req), input, publicUrlOf(deps.config));
  });

  app.post('/api/subscription/upgrade', owner, async (req) => {
    const { tier } = parse(upgradeRequestSchema, req.body);
    await svc.changePlan(deps, provider, companyCtx(req), tier);
    return svc.getView(deps, provider, companyCtx(req));
  });
  app.post('/api/subscription/pause', owner, async (req) => {
    const { months } = parse(pauseRequestSchema, req.body);
    await svc.pauseSubscription(deps, provider, companyCtx(req), months);
    return svc.getView(deps, provider, companyCtx(req));
  });
  app.post('/api/subscription/reactivate', owner, async (req) => {
    await svc.reactivateSubscription(deps, provider, companyCtx(req));
    return svc.getView(deps, provider, companyCtx(req));
  });
  app.post('/api/subscription/cancel', owner, async (req) => {
    await svc.cancelSubscription(deps, provider, companyCtx(req));
    return svc.getView(deps, provider, companyCtx(req));
  });

  // The local provider's in-app checkout page (404 when Stripe is configured).
  app.get('/api/checkout/:sessionId', owner, async (req) => {
    const { sessionId } = parse(checkoutSessionParamsSchema, req.params);
    return svc.getLocalCheckout(deps, provider, companyCtx(req), sessionId);
  });
  app.post('/api/checkout/:sessionId/pay', owner, async (req) => {
    const { sessionId } = parse(checkoutSessionParamsSchema, req.params);
    return svc.payLocalCheckout(deps, provider, companyCtx(req), sessionId);
  });

  // The webhook reads the RAW body (the signature covers the exact bytes): a parser scoped to this route only.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: 1024 * 1024 },
      (_req, body, done) => done(null, body),
    );
    scope.post(
      WEBHOOK_PATH,
      { config: { access: 'public', dbScope: 'system' } },
      async (req, reply) => {
        const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        const sig = req.headers['stripe-signature'];
        const result = await svc.handleWebhook(
          deps,
          provider,
          raw,
          typeof sig === 'string' ? sig : undefined,
        );
        req.log.info({ event: 'billing_webhook', result }, 'billing event');
        return reply.send({ received: true, result });
      },
    );
  });

  app.get('/api/admin/accounts', { config: { access: ['platform_admin'] } }, async (req) => {
    const q = parse(adminAccountsQuerySchema, req.query);
    return svc.listAccounts(deps, q);
  });
}
