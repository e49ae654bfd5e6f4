import { randomBytes } from 'node:crypto';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { normaliseRole } from '@domain/roles';
import type { Db } from '../db/client';
import { NO_COMPANY, SYSTEM, withScope, type DbScope } from '../db/scope';
import type { Deps } from '../deps';
import { company, session, user } from '../db/schema/index';
import { bearerOf } from './api-keys';
import { companyStateColumns, type AuthContext } from './auth-context';
import { hookRoutes, isApiRoute, SAFE_METHODS } from './route-hooks';

export const SESSION_COOKIE = 'ems_sid';
/**
 * A readable, non-secret companion of the session cookie holding only the role ("owner", "operator", ...).
 * The client reads it to skip GET /api/auth/user when nobody is signed in (no request, no logged 401) and
 * to start loading the right screen early. The server never trusts it: access is decided by the session.
 * See docs/decisions/0008-signed-in-hint-cookie.md.
 */
export const SIGNED_IN_HINT_COOKIE = 'ems_signed_in';
const REMEMBER_MS = 30 * 24 * 60 * 60 * 1000;
/** A browser-session cookie: the server forgets it after 12 idle hours. */
const SHORT_MS = 12 * 60 * 60 * 1000;
const TOUCH_AFTER_MS = 60 * 60 * 1000;

/** Who is making a request (types in auth-context.ts, shared with plugins/api-keys.ts). */
export type { AuthContext, CompanyContext, CompanyState } from './auth-context';

type SessData = { remember: boolean };

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyInstance {
    /** The app's clock (deps.now(): tests move it); session expiry is judged by it. */
    now: () => Date;
  }
  interface FastifyContextConfig {
    /** This write changes no user, company or session row: cached sign-ins stay valid (registerSessions). */
    keepsSessions?: boolean;
    /**
     * 'system': this public route legitimately reads across companies before it knows one (sign-in,
     * sign-up, recovery, the calendar feed by its secret, billing webhooks). Row-level security lets it
     * see every company (docs/decisions/row-level-security.md). Grep `dbScope: 'system'` to review them.
     */
    dbScope?: 'system';
  }
}

function cookieOptions(req: FastifyRequest, maxAgeMs: number | null, httpOnly = true) {
  return {
    path: '/',
    httpOnly,
    sameSite: 'lax' as const,
    secure: req.protocol === 'https',
    ...(maxAgeMs === null ? {} : { maxAge: Math.floor(maxAgeMs / 1000) }),
  };
}

/** Requests that never change a user, a company or a session row (see registerSessions). */
const CACHE_MAX_ENTRIES = 10_000;

type CachedSession = { auth: AuthContext; expire: Date; remember: boolean; until: number };

/** The session with its user and company, by primary keys, in one query (only the columns a request uses). */
async function lookupSession(db: Db, sid: string, now: Date): Promise<CachedSession | null> {
  const rows = await db
    .select({
      expire: session.expire,
      sess: session.sess,
      userId: user.id,
      role: user.role,
      companyId: user.companyId,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      operatorUsername: user.operatorUsername,
      secondaryEmail: user.secondaryEmail,
      profileImageUrl: user.profileImageUrl,
      hasSecurityQuestions: sql<boolean>`(${user.securityAnswer1Hash} is not null and ${user.securityAnswer2Hash} is not null)`,
      createdAt: user.createdAt,
      c: companyStateColumns,
    })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .leftJoin(company, eq(company.id, user.companyId))
    .where(and(eq(session.sid, sid), gt(session.expire, now)))
    .limit(1);
  const r = rows[0];
  if (!r) return null;
  return {
    auth: {
      sessionId: sid,
      userId: r.userId,
      role: normaliseRole(r.role),
      companyId: r.companyId,
      firstName: r.firstName,
      lastName: r.lastName,
      email: r.email,
      operatorUsername: r.operatorUsername,
      company: r.c,
      profile: {
        secondaryEmail: r.secondaryEmail,
        profileImageUrl: r.profileImageUrl,
        hasSecurityQuestions: r.hasSecurityQuestions,
        createdAt: r.createdAt,
      },
    },
    expire: r.expire,
    remember: (r.sess as SessData).remember,
    until: 0,
  };
}

/**
 * Reads the `ems_sid` cookie into `req.auth`. Expiry is judged by the app's clock (deps.now()).
 *
 * A short per-process cache (SESSION_CACHE_SECONDS, 0 = off) saves the lookup query on most requests
 * (docs/decisions/0009-session-cache.md). In this process a cached sign-in never outlives a change:
 * - every state-changing request (any method but GET/HEAD/OPTIONS) empties the cache when it has been
 *   handled, unless its route declares `config.keepsSessions` (it changes no user, company or session
 *   row: equipment and operator-update writes), so logout, password changes, removals, role, profile,
 *   company and subscription changes all take effect on the next request;
 * - a response that sets or clears the session cookie (sign-in, sign-out) forgets
 *   the session the request came with;
 * - a lookup that was in flight while the cache was emptied is not stored.
 * Another app server's cache may still hold a sign-in changed here for up to SESSION_CACHE_SECONDS.
 */
export function registerSessions(
  app: FastifyInstance,
  deps: Pick<Deps, 'systemDb' | 'now' | 'config'>,
) {
  // The session is looked up by its token before any company is known: a system path.
  const db = deps.systemDb;
  const ttlMs = deps.config.SESSION_CACHE_SECONDS * 1000;
  const cache = new Map<string, CachedSession>();
  let epoch = 0;
  const forget = (sid?: string) => {
    epoch += 1;
    if (sid === undefined) cache.clear();
    else cache.delete(sid);
  };

  app.decorateRequest('auth', null);
  app.decorate('now', deps.now);

  /** Sets `req.auth` from a found session; a promise only when the sliding expiry must be written. */
  const signIn = (req: FastifyRequest, sid: string, entry: CachedSession, now: Date) => {
    if (entry.expire.getTime() <= now.getTime()) {
      cache.delete(sid);
      return null;
    }
    // A copy: a request may replace parts of its context (the entitlement check refreshes the company).
    req.auth = { ...entry.auth };
    // Sliding expiry for browser-session cookies, written at most once an hour.
    if (!entry.remember && entry.expire.getTime() - now.getTime() < SHORT_MS - TOUCH_AFTER_MS) {
      const expire = new Date(now.getTime() + SHORT_MS);
      entry.expire = expire;
      return db.update(session).set({ expire }).where(eq(session.sid, sid));
    }
    return null;
  };

  // The API's routes only; a cached sign-in is answered without a promise.
  hookRoutes(
    app,
    'onRequest',
    isApiRoute,
    (req: FastifyRequest, _reply: FastifyReply, done: (err?: Error) => void) => {
      // A bearer request (an API key, plugins/api-keys.ts) never uses the session cookie.
      if (bearerOf(req) !== null) return done();
      const sid = req.cookies[SESSION_COOKIE];
      if (!sid || sid.length > 100) return done();
      const now = deps.now();
      let entry = cache.get(sid);
      // Cached for ttlMs by the app's clock (deps.now()); a clock set back also ends the entry.
      const nowMs = now.getTime();
      if (entry && (entry.until <= nowMs || entry.until - ttlMs > nowMs)) {
        cache.delete(sid);
        entry = undefined;
      }
      if (entry) {
        const touch = signIn(req, sid, entry, now);
        if (!touch) return done();
        touch.then(() => done(), done);
        return;
      }
      const seen = epoch;
      lookupSession(db, sid, now)
        .then(async (found) => {
          if (!found) return;
          if (ttlMs > 0 && seen === epoch) {
            found.until = now.getTime() + ttlMs;
            cache.set(sid, found);
            if (cache.size > CACHE_MAX_ENTRIES) cache.delete(cache.keys().next().value ?? sid);
          }
          await signIn(req, sid, found, now);
        })
        .then(() => done(), done);
    },
  );
  // Row-level security: everything after this hook (access, entitlement, the route's schema validation,
  // the handler, its services) runs its queries with the request's company, or none
  // (docs/decisions/row-level-security.md). These three are preValidation hooks so that a request that
  // may not call a route is refused before its declared schema is checked (plugins/validation.ts).
  hookRoutes(
    app,
    'preValidation',
    isApiRoute,
    (req: FastifyRequest, _reply: FastifyReply, done: () => void) => {
      withScope(requestScope(req), done);
    },
  );
  hookRoutes(
    app,
    'onSend',
    isApiRoute,
    (
      req: FastifyRequest,
      reply: FastifyReply,
      payload: unknown,
      done: (err: Error | null, payload: unknown) => void,
    ) => {
      const setCookie = reply.getHeader('set-cookie');
      if (setCookie !== undefined) {
        const cookies = Array.isArray(setCookie) ? setCookie : [String(setCookie)];
        if (cookies.some((c) => c.startsWith(`${SESSION_COOKIE}=`)))
          forget(req.cookies[SESSION_COOKIE] ?? '');
      }
      if (!SAFE_METHODS.has(req.method) && req.routeOptions.config.keepsSessions !== true) forget();
      done(null, payload);
    },
  );
}

/** Which rows a request's queries may see (row-level security). */
function requestScope(req: FastifyRequest): DbScope {
  if (req.routeOptions.config.dbScope === 'system') return SYSTEM;
  const auth = req.auth;
  if (!auth) return NO_COMPANY;
  // The platform admin's work is across companies (accounts list); it has no company of its own.
  if (auth.role === 'platform_admin') return SYSTEM;
  return auth.companyId ? { kind: 'company', companyId: auth.companyId } : NO_COMPANY;
}

/** Starts a new session (a fresh id: the old one, if any, is destroyed). */
export async function startSession(
  db: Db,
  req: FastifyRequest,
  reply: FastifyReply,
  who: { id: string; role: string },
  remember: boolean,
): Promise<void> {
  const userId = who.id;
  const old = req.cookies[SESSION_COOKIE];
  if (old) await db.delete(session).where(eq(session.sid, old));
  const sid = randomBytes(32).toString('base64url');
  const ttl = remember ? REMEMBER_MS : SHORT_MS;
  await db.insert(session).values({
    sid,
    userId,
    sess: { remember } satisfies SessData,
    expire: new Date(req.server.now().getTime() + ttl),
  });
  reply.setCookie(SESSION_COOKIE, sid, cookieOptions(req, remember ? REMEMBER_MS : null));
  reply.setCookie(
    SIGNED_IN_HINT_COOKIE,
    normaliseRole(who.role),
    cookieOptions(req, remember ? REMEMBER_MS : null, false),
  );
}

export async function endSession(db: Db, req: FastifyRequest, reply: FastifyReply): Promise<void> {
  const sid = req.cookies[SESSION_COOKIE];
  if (sid) await db.delete(session).where(eq(session.sid, sid));
  reply.clearCookie(SESSION_COOKIE, cookieOptions(req, null));
  reply.clearCookie(SIGNED_IN_HINT_COOKIE, cookieOptions(req, null, false));
}

/** Ends every session of a user (password reset, removal). */
export async function endAllSessionsOf(db: Db, userId: string): Promise<void> {
  await db.delete(session).where(eq(session.userId, userId));
}

export async function purgeExpiredSessions(db: Db): Promise<void> {
  await db.delete(session).where(lt(session.expire, new Date()));
}
