import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Role } from '../../../domain/roles';
import { AppError } from '../lib/errors';
import type { AuthContext, CompanyContext } from './session';

/** Who may call a route. Every /api route must declare it (deny by default). */
export type Access = 'public' | 'authenticated' | readonly Role[];

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
}

export function registerAccessControl(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    const access = (route.config as { access?: Access } | undefined)?.access;
    if (!access) {
      throw new Error(`Route ${String(route.method)} ${route.url} must declare config.access`);
    }
  });
  app.addHook('preHandler', async (req) => {
    if (!req.url.startsWith('/api')) return;
    const access = req.routeOptions.config.access;
    if (access === undefined) throw new AppError('not_found', 'common.notFound');
    if (access === 'public') return;
    if (!req.auth) throw new AppError('unauthenticated', 'common.signIn');
    if (access === 'authenticated') return;
    if (!access.includes(req.auth.role)) {
      throw new AppError('forbidden', 'common.forbidden');
    }
  });
}

/** The signed-in user's context; throws 401 if the request is not signed in. */
export function authOf(req: FastifyRequest): AuthContext {
  if (!req.auth) throw new AppError('unauthenticated', 'common.signIn');
  return req.auth;
}

/** The signed-in company user's context (owner, manager, operator). Platform admins get 403. */
export function companyCtx(req: FastifyRequest): CompanyContext {
  const auth = authOf(req);
  if (!auth.companyId || !auth.company) throw new AppError('forbidden', 'common.companyOnly');
  return auth as CompanyContext;
}
