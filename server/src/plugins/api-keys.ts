import { createHash } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { apiScopes, type ApiScope } from '@domain/schemas/integrations';
import { apiKey, company } from '../db/schema/index';
import type { Deps } from '../deps';
import { AppError } from '../lib/errors';
import { hookRoutes, isApiRoute, SAFE_METHODS } from './route-hooks';
import type { AuthContext } from './auth-context';

/**
 * API keys (issue 29, docs/api.md): `Authorization: Bearer <token>` authenticates an /api request as
 * the company's integration. Such a request never reads the session cookie, skips the cross-site check
 * (a browser cannot send the header cross-site without the app's consent), and runs in the key's
 * company scope with row-level security as a person's would. What a key may call is decided here
 * (`keyAccessError`, deny by default), after the route's own roles (a key acts as an owner).
 */

/** Tokens look like `ems_<43 base64url characters>`; the prefix makes a leaked one recognisable. */
export const TOKEN_PREFIX = 'ems_';
const WINDOW_MS = 60_000;

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The scope a key needs for this route when it is not the default (GET: read, else write), e.g.
     * 'readings' for the readings batch. Routes under the public surface only (see KEY_SURFACE).
     */
    apiScope?: ApiScope;
    /** 'never': no key may call this route even if its path is on the public surface. */
    apiKeys?: 'never';
  }
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * The API key a request carries (`Authorization: Bearer ems_...`); such a request never uses cookies.
 * Another bearer value is not ours (a proxy's, a stray header) and is ignored like any unknown header.
 */
export function bearerOf(req: FastifyRequest): string | null {
  const h = req.headers.authorization;
  if (typeof h !== 'string' || !/^bearer /i.test(h)) return null;
  const token = h.slice(7).trim();
  return token.startsWith(TOKEN_PREFIX) ? token : null;
}

/**
 * The paths a key may reach (the v1 public surface and its owner tools): equipment, readings, fuel,
 * history, the service log, the due list, operator updates, inspections and defects, imports, work
 * orders, parts and costs, the maintenance schedule's programs.
 * Billing, the team, the company's settings, profiles, sign-in, API keys and webhooks are not on it.
 */
const KEY_SURFACE = [
  '/api/equipment',
  '/api/retired-equipment',
  '/api/dashboard/',
  '/api/maintenance/',
  '/api/operator-updates',
  '/api/fuel',
  '/api/service-entries/',
  '/api/inspection-templates',
  '/api/inspections',
  '/api/defects',
  '/api/field/',
  '/api/import/',
  '/api/readings/',
  '/api/work-orders',
  '/api/parts',
  '/api/costs',
  '/api/programs',
];

const onSurface = (url: string) => KEY_SURFACE.some((p) => url.startsWith(p));

/** The scope a key needs for a route and method. */
function neededScope(route: Pick<RouteOptions, 'config'>, method: string): ApiScope {
  const declared = (route.config as { apiScope?: ApiScope } | undefined)?.apiScope;
  if (declared) return declared;
  return SAFE_METHODS.has(method) ? 'read' : 'write';
}

/**
 * The scope a key needs for a route (the OpenAPI document's `x-api-key-scope`), or null when no key
 * may call it: the same rule keyAccessError applies to each request.
 */
export function keyScopeOf(
  route: Pick<RouteOptions, 'config' | 'url'>,
  method: string,
): ApiScope | null {
  const config = route.config as { apiKeys?: 'never'; access?: unknown } | undefined;
  if (config?.apiKeys === 'never' || config?.access === 'public' || !onSurface(route.url))
    return null;
  return neededScope(route, method);
}

/** Why a key may not call this route (403), or null. `write` includes read and readings. */
export function keyAccessError(req: FastifyRequest, scopes: readonly ApiScope[]): AppError | null {
  const config = req.routeOptions.config;
  const url = req.routeOptions.url ?? '';
  const refused = () => new AppError('forbidden', 'integrations.keyScope');
  if (config.apiKeys === 'never' || !onSurface(url)) return refused();
  const needed = neededScope(req.routeOptions, req.method);
  return scopes.includes(needed) || scopes.includes('write') ? null : refused();
}

const validScopes = (s: unknown): ApiScope[] =>
  Array.isArray(s)
    ? s.filter((x): x is ApiScope => (apiScopes as readonly string[]).includes(x))
    : [];

/**
 * Authenticates bearer requests: one statement finds the key by its token's hash (revoked keys are not
 * found: 401 at once), counts the request in the key's one-minute window (shared by every app server)
 * and records its last use. Over API_KEY_RATE_LIMIT requests in a window: 429 with Retry-After.
 */
export function registerApiKeys(
  app: FastifyInstance,
  deps: Pick<Deps, 'systemDb' | 'now' | 'config'>,
) {
  const db = deps.systemDb;
  const limit = deps.config.API_KEY_RATE_LIMIT;
  hookRoutes(
    app,
    'onRequest',
    isApiRoute,
    (req: FastifyRequest, _reply: FastifyReply, done: (err?: Error) => void) => {
      const token = bearerOf(req);
      if (token === null) return done();
      authenticate(req, token).then(() => done(), done);
    },
  );

  async function authenticate(req: FastifyRequest, token: string) {
    if (token.length > 200) throw new AppError('unauthenticated', 'integrations.invalidKey');
    const now = deps.now();
    const windowFrom = new Date(now.getTime() - WINDOW_MS);
    const inWindow = sql`(${apiKey.rateWindowStart} is not null and ${apiKey.rateWindowStart} > ${windowFrom.toISOString()}::timestamptz)`;
    const [row] = await db
      .update(apiKey)
      .set({
        rateWindowStart: sql`case when ${inWindow} then ${apiKey.rateWindowStart} else ${now.toISOString()}::timestamptz end`,
        rateCount: sql`case when ${inWindow} then ${apiKey.rateCount} + 1 else 1 end`,
        lastUsedAt: now,
      })
      .from(company)
      .where(
        and(
          eq(apiKey.tokenHash, hashToken(token)),
          isNull(apiKey.revokedAt),
          eq(company.id, apiKey.companyId),
        ),
      )
      .returning({
        id: apiKey.id,
        userId: apiKey.userId,
        name: apiKey.name,
        scopes: apiKey.scopes,
        rateWindowStart: apiKey.rateWindowStart,
        rateCount: apiKey.rateCount,
        createdAt: apiKey.createdAt,
        c: {
          id: company.id,
          name: company.name,
          subscriptionStatus: company.subscriptionStatus,
          subscriptionTier: company.subscriptionTier,
          equipmentLimit: company.equipmentLimit,
          trialEndDate: company.trialEndDate,
          subscriptionEndDate: company.subscriptionEndDate,
          pauseEndDate: company.pauseEndDate,
          cancelAtPeriodEnd: company.cancelAtPeriodEnd,
          timeZone: company.timeZone,
        },
      });
    if (!row) throw new AppError('unauthenticated', 'integrations.invalidKey');
    if (row.rateCount > limit) {
      const start = row.rateWindowStart?.getTime() ?? now.getTime();
      const seconds = Math.max(1, Math.ceil((start + WINDOW_MS - now.getTime()) / 1000));
      throw new AppError('rate_limited', 'common.rateLimited', {
        params: { seconds },
        headers: { 'retry-after': String(seconds) },
      });
    }
    const auth: AuthContext = {
      sessionId: `api-key:${row.id}`,
      userId: row.userId,
      // A key acts as the company's owner on the routes its scopes open (keyAccessError).
      role: 'owner',
      companyId: row.c.id,
      firstName: row.name,
      lastName: null,
      email: null,
      operatorUsername: null,
      company: row.c,
      profile: {
        secondaryEmail: null,
        profileImageUrl: null,
        hasSecurityQuestions: false,
        createdAt: row.createdAt,
      },
      apiKey: { id: row.id, name: row.name, scopes: validScopes(row.scopes) },
    };
    req.auth = auth;
  }
}
