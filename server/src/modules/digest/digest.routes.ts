import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  digestPreferencesSchema,
  outboxListSchema,
  outboxQuerySchema,
  updateDigestPreferencesSchema,
  type DigestPreferences,
  type OutboxList,
} from '@domain/schemas/digest';
import type { Deps } from '../../deps';
import { text } from '@domain/schemas/primitives';
import { createMailer } from '../../lib/mailer';
import { authOf } from '../../plugins/access';
import { unsubscribePage, type MailLanguage } from './digest-text';
import * as svc from './digest.service';
import { digestPass } from './digest.jobs';
import { listOutbox } from './outbox.service';

const linkSchema = z.object({
  u: text().max(64).default(''),
  t: text().max(128).default(''),
  /** Which email the link stops: the digest (no `list`) or the monthly summary (issue 45). */
  list: z.enum(['digest', 'monthly']).default('digest'),
});

const html = (reply: FastifyReply, status: number, body: string) =>
  reply
    .status(status)
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .type('text/html; charset=utf-8')
    .send(body);

/** A visitor's language from Accept-Language (the link did not name a user we know). */
const langOf = (header: string | undefined): MailLanguage =>
  header?.toLowerCase().startsWith('es') ? 'es' : 'en';

/**
 * The maintenance digest: preferences, the unsubscribe link, the platform admin's outbox. The JSON routes
 * declare their schemas (plugins/validation.ts; not v1, untagged); the unsubscribe link parses its query by
 * hand because its refusal is an HTML page (400, the visitor's language), not the error contract.
 */
export async function digestRoutes(fastify: FastifyInstance, deps: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/user/digest',
    {
      config: { access: ['owner', 'manager'] },
      schema: { response: { 200: digestPreferencesSchema } },
    },
    async (req): Promise<DigestPreferences> => svc.preferences(deps, authOf(req).userId),
  );

  app.put(
    '/api/user/digest',
    {
      config: { access: ['owner', 'manager'], keepsSessions: true },
      schema: { body: updateDigestPreferencesSchema, response: { 200: digestPreferencesSchema } },
    },
    async (req): Promise<DigestPreferences> =>
      svc.updatePreferences(deps, authOf(req).userId, req.body),
  );

  // The link in every digest: no sign-in. GET only asks (mail scanners open links); POST unsubscribes,
  // from the page's button or a mail app's one-click unsubscribe (RFC 8058, a form-encoded POST).
  await app.register(async (scope) => {
    // The body ("List-Unsubscribe=One-Click") says nothing the link does not: accepted, not read.
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_req, _body, done) => done(null, {}),
    );
    const path = '/api/digest/unsubscribe';
    const target = async (query: unknown) => {
      const r = linkSchema.safeParse(query ?? {});
      if (!r.success) return null;
      const who = await svc.unsubscribeTarget(deps, r.data.u, r.data.t, r.data.list);
      return who ? { ...who, list: r.data.list } : null;
    };
    const listOf = (query: unknown) => {
      const r = linkSchema.safeParse(query ?? {});
      return r.success ? r.data.list : 'digest';
    };
    const invalid = (req: FastifyRequest, reply: FastifyReply) =>
      html(
        reply,
        400,
        unsubscribePage(
          langOf(req.headers['accept-language']),
          { kind: 'invalid' },
          listOf(req.query),
        ),
      );
    scope.get(path, { config: { access: 'public' } }, async (req, reply) => {
      const who = await target(req.query);
      if (!who) return invalid(req, reply);
      const action = req.url;
      return html(
        reply,
        200,
        unsubscribePage(who.language, { kind: 'confirm', email: who.email, action }, who.list),
      );
    });
    scope.post(path, { config: { access: 'public', keepsSessions: true } }, async (req, reply) => {
      const who = await target(req.query);
      if (!who) return invalid(req, reply);
      await svc.unsubscribe(deps, who.id, who.list);
      req.log.info(
        { event: 'digest_unsubscribed', userId: who.id, list: who.list },
        'digest unsubscribed',
      );
      return html(
        reply,
        200,
        unsubscribePage(who.language, { kind: 'done', email: who.email }, who.list),
      );
    });
  });

  app.get(
    '/api/admin/outbox',
    {
      config: { access: ['platform_admin'] },
      schema: { querystring: outboxQuerySchema, response: { 200: outboxListSchema } },
    },
    async (req): Promise<OutboxList> => {
      return {
        smtp: Boolean(deps.config.SMTP_URL),
        messages: (await listOutbox(deps, {
          status: req.query.status,
          limit: 200,
        })) as OutboxList['messages'],
      };
    },
  );

  /** Run the digests now: through the job queue when it runs, else here. */
  app.post(
    '/api/admin/outbox/run',
    { config: { access: ['platform_admin'], keepsSessions: true } },
    async () => {
      if (deps.jobs) {
        await deps.jobs.runNow();
        return { queued: true };
      }
      const mailer = deps.config.SMTP_URL ? createMailer(deps.config.SMTP_URL) : null;
      try {
        await digestPass(deps, mailer);
      } finally {
        mailer?.close();
      }
      return { queued: false };
    },
  );
}
