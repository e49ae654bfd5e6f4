import type { FastifyInstance } from 'fastify';
import {
  changePasswordSchema,
  companySettingsSchema,
  updateProfileSchema,
} from '../../../../domain/schemas/profile';
import type { Deps } from '../../deps';
import { AppError, parse } from '../../lib/errors';
import { authOf, companyCtx } from '../../plugins/access';
import * as auth from '../auth/index';
import * as profile from './profile.service';

/** The profile page: personal details (everyone), password (not operators), company name (owner/manager). */
export async function profileRoutes(app: FastifyInstance, deps: Deps) {
  const { db } = deps;

  app.patch('/api/user/profile', { config: { access: 'authenticated' } }, async (req) => {
    const ctx = authOf(req);
    const input = parse(updateProfileSchema, req.body);
    const u = await profile.updateProfile(deps, ctx.userId, ctx.role, input);
    return auth.toCurrentUser(u, ctx.company ?? null);
  });

  app.patch(
    '/api/user/change-password',
    { config: { access: ['owner', 'manager', 'technician', 'platform_admin'] } },
    async (req) => {
      const ctx = authOf(req);
      const input = parse(changePasswordSchema, req.body);
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

  app.patch('/api/company/settings', { config: { access: ['owner', 'manager'] } }, async (req) => {
    const ctx = companyCtx(req);
    const input = parse(companySettingsSchema, req.body);
    return profile.updateCompanyName(deps, ctx.companyId, input);
  });
}
