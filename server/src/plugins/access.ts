import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Role } from '@domain/roles';
import { AppError } from '../lib/errors';
import { keyAccessError } from './api-keys';
import { hookRoutes, isApiRoute } from './route-hooks';
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
  hookRoutes(
    app,
    'preValidation',
    isApiRoute,
    (req: FastifyRequest, _reply: FastifyReply, done: (err?: Error) => void) => {
      // A key (plugins/api-keys.ts) reaches only the routes that declare its scope, public ones aside:
      // every other route answers it 403 integrations.keyScope, whatever its roles.
      const key = req.auth?.apiKey;
      const access = req.routeOptions.config.access;
      const keyRefused = key && access !== 'public' ? keyAccessError(req, key.scopes) : null;
      done(keyRefused ?? accessError(access, req.auth) ?? undefined);
    },
  );
}

/** Why a request may not call its route (404, 401 or 403), or null when it may. */
function accessError(access: Access | undefined, auth: AuthContext | null): AppError | null {
  if (access === undefined) return new AppError('not_found', 'common.notFound');
  if (access === 'public') return null;
  if (!auth) return new AppError('unauthenticated', 'common.signIn');
  if (access === 'authenticated') return null;
  return access.includes(auth.role) ? null : new AppError('forbidden', 'common.forbidden');
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
