import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  changePasswordSchema,
  companySettingsSchema,
  updateProfileSchema,
} from '@domain/schemas/profile';
import type { Deps } from '../../deps';
import { AppError } from '../../lib/errors';
import { authOf, companyCtx } from '../../plugins/access';
import * as auth from '../auth/index';
import * as profile from './profile.service';

/** The profile page: personal details (everyone), password (not operators), company name (owner/manager). */
export async function profileRoutes(fastify: FastifyInstance, deps: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  app.patch(
    '/api/user/profile',
    { config: { access: 'authenticated' }, schema: { body: updateProfileSchema } },
    async (req) => {
      const ctx = authOf(req);
      const u = await profile.updateProfile(deps, ctx.userId, ctx.role, req.body);
      return auth.toCurrentUser(u, ctx.company ?? null);
    },
  );

  app.patch(
    '/api/user/change-password',
    {
      config: { access: ['owner', 'manager', 'technician', 'platform_admin'] },
      schema: { body: changePasswordSchema },
    },
    async (req) => {
      const ctx = authOf(req);
      const input = req.body;
      try {
        await profile.changePassword(deps, ctx.userId, ctx.sessionId, req.ip, input);
      } catch (err) {
        req.log.warn(
          {
            event: 'password_change_failure',
            userId: ctx.userId,
            reason: err instanceof AppError ? err.code : 'error',
          },
          'password change failed',
        );
        throw err;
      }
      req.log.info(
        { event: 'password_changed', userId: ctx.userId },
        'password changed; other sessions ended',
      );
      return { ok: true };
    },
  );

  app.get('/api/company/settings', { config: { access: ['owner', 'manager'] } }, async (req) => {
    const ctx = companyCtx(req);
    return profile.companyDetails(db, ctx.companyId);
  });

  app.patch(
    '/api/company/settings',
    { config: { access: ['owner', 'manager'] }, schema: { body: companySettingsSchema } },
    async (req) => profile.updateCompanyName(deps, companyCtx(req).companyId, req.body),
  );
}
