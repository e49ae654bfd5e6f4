import { createHash } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { z } from 'zod';
import { apiScopes, type ApiScope } from '@domain/schemas/integrations';
import { apiKey, company } from '../db/schema/index';
import type { Deps } from '../deps';
import { AppError } from '../lib/errors';
import { strictSchema } from '../lib/strict-schema';
import { hookRoutes, isApiRoute } from './route-hooks';
import { companyStateColumns, type AuthContext } from './auth-context';

/**
 * API keys (issue 29, docs/api.md): `Authorization: Bearer <token>` authenticates an /api request as
 * the company's integration. Such a request never reads the session cookie, skips the cross-site check
 * (a browser cannot send the header cross-site without the app's consent), and runs in the key's
 * company scope with row-level security as a person's would. What a key may call is each route's own
 * `config.apiScope` (`keyAccessError`, deny by default), after the route's own roles (a key acts as
 * an owner).
 */

/** Tokens look like `ems_<43 base64url characters>`; the prefix makes a leaked one recognisable. */
export const TOKEN_PREFIX = 'ems_';
const WINDOW_MS = 60_000;

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Whether an API key may call this route, and with which scope: 'read', 'write' (includes read
     * and readings) or 'readings'. A route without it refuses every key (403 integrations.keyScope):
     * the public API is exactly the routes that declare it, each of them in the OpenAPI document
     * (openapi.ts; the route coverage test in openapi-coverage.test.ts). Only on routes open to
     * owners and managers (a key acts as the owner): owner-only, platform-admin and public routes
     * cannot declare it (checked when the route is added).
     */
    apiScope?: ApiScope;
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
 * The scope a key needs for a route (the OpenAPI document's `x-api-key-scope`), or null when no key
 * may call it: the route's own `config.apiScope`, the rule every request is checked with.
 */
export function keyScopeOf(route: Pick<RouteOptions, 'config'>): ApiScope | null {
  return (route.config as { apiScope?: ApiScope } | undefined)?.apiScope ?? null;
}

/** Why a route may not declare `config.apiScope`, or null when it may. */
function apiScopeMisuse(route: RouteOptions): string | null {
  const config = route.config as { apiScope?: unknown; access?: unknown } | undefined;
  if (config?.apiScope === undefined) return null;
  if (!(apiScopes as readonly unknown[]).includes(config.apiScope)) return 'an unknown apiScope';
  const access = config.access;
  const roles: readonly unknown[] = Array.isArray(access) ? access : [];
  return roles.includes('owner') && roles.includes('manager')
    ? null
    : 'apiScope on a route not open to owners and managers (owner-only, platform-admin, public)';
}

/**
 * The public API's request bodies are strict (issue 41): on a route a key may call, an unknown field at
 * any depth is 400 `common.unknownField` naming it, whoever calls (a key or the app itself), and the
 * document says `additionalProperties: false` (lib/strict-schema.ts; the route's declared body schema
 * is replaced before it is compiled or documented).
 */
function strictBodyOf(route: RouteOptions) {
  const body = route.schema?.body;
  if (keyScopeOf(route) === null || !(body instanceof z.ZodType)) return;
  route.schema = { ...route.schema, body: strictSchema(body) };
}

/** Why a key may not call this route (403), or null. `write` includes read and readings. */
export function keyAccessError(req: FastifyRequest, scopes: readonly ApiScope[]): AppError | null {
  const needed = keyScopeOf(req.routeOptions);
  return needed && (scopes.includes(needed) || scopes.includes('write'))
    ? null
    : new AppError('forbidden', 'integrations.keyScope');
}

function rateLimitHeaders(w: { start: number; count: number }, limit: number, now: Date) {
  return {
    'ratelimit-limit': String(limit),
    'ratelimit-remaining': String(Math.max(0, limit - w.count)),
    'ratelimit-reset': String(Math.max(0, Math.ceil((w.start + WINDOW_MS - now.getTime()) / 1000))),
  };
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
  app.addHook('onRoute', (route) => {
    const misuse = apiScopeMisuse(route);
    if (misuse) throw new Error(`Route ${String(route.method)} ${route.url}: ${misuse}`);
    strictBodyOf(route);
  });
  hookRoutes(
    app,
    'onRequest',
    isApiRoute,
    (req: FastifyRequest, reply: FastifyReply, done: (err?: Error) => void) => {
      const token = bearerOf(req);
      if (token === null) return done();
      authenticate(req, reply, token).then(() => done(), done);
    },
  );

  async function authenticate(req: FastifyRequest, reply: FastifyReply, token: string) {
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
        c: companyStateColumns,
      });
    if (!row) throw new AppError('unauthenticated', 'integrations.invalidKey');
    const start = row.rateWindowStart?.getTime() ?? now.getTime();
    // Every answer to a key says where its window stands (IETF RateLimit-* headers), 429s included.
    void reply.headers(rateLimitHeaders({ start, count: row.rateCount }, limit, now));
    if (row.rateCount > limit) {
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
