import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminAccountsQuerySchema,
  checkoutRequestSchema,
  checkoutSessionParamsSchema,
  pauseRequestSchema,
  upgradeRequestSchema,
} from '@domain/schemas/subscription';
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

  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.post(
    '/api/create-checkout-session',
    { ...owner, schema: { body: checkoutRequestSchema } },
    async (req) =>
      svc.startCheckout(deps, provider, companyCtx(req), req.body, publicUrlOf(deps.config)),
  );

  typed.post(
    '/api/subscription/upgrade',
    { ...owner, schema: { body: upgradeRequestSchema } },
    async (req) => {
      await svc.changePlan(deps, provider, companyCtx(req), req.body.tier);
      return svc.getView(deps, provider, companyCtx(req));
    },
  );
  typed.post(
    '/api/subscription/pause',
    { ...owner, schema: { body: pauseRequestSchema } },
    async (req) => {
      await svc.pauseSubscription(deps, provider, companyCtx(req), req.body.months);
      return svc.getView(deps, provider, companyCtx(req));
    },
  );
  app.post('/api/subscription/reactivate', owner, async (req) => {
    await svc.reactivateSubscription(deps, provider, companyCtx(req));
    return svc.getView(deps, provider, companyCtx(req));
  });
  app.post('/api/subscription/cancel', owner, async (req) => {
    await svc.cancelSubscription(deps, provider, companyCtx(req));
    return svc.getView(deps, provider, companyCtx(req));
  });

  // The local provider's in-app checkout page (404 when Stripe is configured).
  // Its :sessionId is parsed here, not declared: it is a provider's session name, not an id, and its
  // refusal (an empty one, a control character in it) is a 400 with the text rule's key; a declared params schema's
  // refusal is always 404 not found (plugins/validation.ts), which would change that answer.
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

  typed.get(
    '/api/admin/accounts',
    { config: { access: ['platform_admin'] }, schema: { querystring: adminAccountsQuerySchema } },
    async (req) => svc.listAccounts(deps, req.query),
  );
}
