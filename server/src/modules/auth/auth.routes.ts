import { z } from 'zod';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  forgotPasswordSchema,
  loginSchema,
  resetPasswordSchema,
  SECURITY_QUESTIONS,
  setupSecurityQuestionsSchema,
  signupSchema,
} from '@domain/schemas/auth';
import type { Deps } from '../../deps';
import { deviceCheckOf, issueDeviceCookie } from '../../lib/device-cookie';
import { AppError } from '../../lib/errors';
import { authOf } from '../../plugins/access';
import { endSession, startSession } from '../../plugins/session';
import * as auth from './auth.service';

export async function authRoutes(fastify: FastifyInstance, deps: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  app.get('/api/auth/user', { config: { access: 'authenticated' } }, async (req) => {
    // Answered from the session lookup (plugins/session.ts): no query of its own.
    return auth.currentUserOf(authOf(req));
  });

  app.post(
    '/api/auth/signup',
    { config: { access: 'public', dbScope: 'system' }, schema: { body: signupSchema } },
    async (req, reply) => {
      const input = req.body;
      const u = await auth.signup(deps, input);
      await startSession(db, req, reply, u, false);
      issueDeviceCookie(req, reply, deps.config.APP_SECRET, auth.deviceSubject(u.id));
      req.log.info({ event: 'signup', userId: u.id }, 'account created');
      return reply
        .status(201)
        .send(
          auth.toCurrentUser(u, { name: input.businessName, timeZone: input.timeZone ?? 'UTC' }),
        );
    },
  );

  app.post(
    '/api/auth/login',
    {
      config: { access: 'public', dbScope: 'system' },
      schema: {
        tags: ['Sign-in'],
        summary:
          'Sign in as the owner (sets the session cookie API keys and webhooks are managed with)',
        body: loginSchema,
        // The signed-in user as GET /api/auth/me answers it (its fields are the app's own; not pinned here).
        response: { 200: z.record(z.string(), z.unknown()) },
      },
    },
    async (req, reply) => {
      const input = req.body;
      try {
        const u = await auth.login(deps, input, req.ip, deviceCheckOf(req, deps.config.APP_SECRET));
        await startSession(db, req, reply, u, input.rememberMe);
        issueDeviceCookie(req, reply, deps.config.APP_SECRET, auth.deviceSubject(u.id));
        req.log.info({ event: 'login_success', userId: u.id }, 'owner sign-in');
        return auth.toCurrentUser(u, await auth.companyOf(db, u.companyId));
      } catch (err) {
        req.log.warn(
          { event: 'login_failure', reason: err instanceof AppError ? err.code : 'error' },
          'owner sign-in failed',
        );
        throw err;
      }
    },
  );

  const logout = async (req: FastifyRequest, reply: FastifyReply) => {
    await endSession(db, req, reply);
    return reply.send({ ok: true });
  };
  // POST only: a GET must never change state (any site could sign users out with a link), so the
  // spec's GET /api/logout is not served (decisions.md).
  app.post('/api/auth/logout', { config: { access: 'public' } }, logout);

  /** The questions offered, with stable ids and English and Spanish text (the client shows its language). */
  app.get('/api/auth/security-questions', { config: { access: 'public' } }, async () => ({
    questions: SECURITY_QUESTIONS.map((q) => ({ id: q.id, en: q.en, es: q.es })),
  }));

  app.post(
    '/api/auth/setup-security-questions',
    {
      config: { access: ['owner', 'manager', 'technician', 'platform_admin'] },
      schema: { body: setupSecurityQuestionsSchema },
    },
    async (req) => {
      const ctx = authOf(req);
      const input = req.body;
      await auth.setupSecurityQuestions(db, ctx.userId, input, deps.now());
      req.log.info(
        { event: 'security_questions_set', userId: ctx.userId },
        'security questions saved',
      );
      return { ok: true };
    },
  );

  app.post(
    '/api/auth/forgot-password',
    { config: { access: 'public', dbScope: 'system' }, schema: { body: forgotPasswordSchema } },
    async (req) => {
      const input = req.body;
      return auth.forgotPassword(deps, input.emailOrBusinessName, req.ip);
    },
  );

  app.post(
    '/api/auth/reset-password',
    { config: { access: 'public', dbScope: 'system' }, schema: { body: resetPasswordSchema } },
    async (req) => {
      const input = req.body;
      try {
        const u = await auth.resetPassword(deps, input, req.ip);
        req.log.info(
          { event: 'password_reset', userId: u.id },
          'password reset with security answers',
        );
        return { ok: true };
      } catch (err) {
        req.log.warn(
          { event: 'password_reset_failure', reason: err instanceof AppError ? err.code : 'error' },
          'password reset failed',
        );
        throw err;
      }
    },
  );
}
