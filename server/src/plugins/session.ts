import { randomBytes } from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { normaliseRole, type Role } from '../../../domain/roles';
import type { Db } from '../db/client';
import { company, session, user } from '../db/schema/index';

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

export type CompanyState = {
  id: string;
  name: string;
  subscriptionStatus: string;
  subscriptionTier: string;
  equipmentLimit: number;
  trialEndDate: Date | null;
  subscriptionEndDate: Date | null;
  pauseEndDate: Date | null;
  cancelAtPeriodEnd: boolean;
  timeZone: string;
};

export type AuthContext = {
  sessionId: string;
  userId: string;
  role: Role;
  companyId: string | null;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  operatorUsername: string | null;
  company: CompanyState | null;
};

/** The authenticated context of a company user (owner, manager or operator). */
export type CompanyContext = AuthContext & { companyId: string; company: CompanyState };

type SessData = { remember: boolean };

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
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

export function registerSessions(app: FastifyInstance, db: Db) {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (req) => {
    if (!req.url.startsWith('/api')) return;
    const sid = req.cookies[SESSION_COOKIE];
    if (!sid || sid.length > 100) return;
    const rows = await db
      .select({ s: session, u: user, c: company })
      .from(session)
      .innerJoin(user, eq(user.id, session.userId))
      .leftJoin(company, eq(company.id, user.companyId))
      .where(and(eq(session.sid, sid), gt(session.expire, new Date())))
      .limit(1);
    const row = rows[0];
    if (!row) return;
    const { s, u, c } = row;
    req.auth = {
      sessionId: s.sid,
      userId: u.id,
      role: normaliseRole(u.role),
      companyId: u.companyId,
      firstName: u.firstName,
      lastName: u.lastName,
      email: u.email,
      operatorUsername: u.operatorUsername,
      company: c
        ? {
            id: c.id,
            name: c.name,
            subscriptionStatus: c.subscriptionStatus,
            subscriptionTier: c.subscriptionTier,
            equipmentLimit: c.equipmentLimit,
            trialEndDate: c.trialEndDate,
            subscriptionEndDate: c.subscriptionEndDate,
            pauseEndDate: c.pauseEndDate,
            cancelAtPeriodEnd: c.cancelAtPeriodEnd,
            timeZone: c.timeZone,
          }
        : null,
    };
    // Sliding expiry for browser-session cookies, written at most once an hour.
    const sess = s.sess as SessData;
    if (!sess.remember && s.expire.getTime() - Date.now() < SHORT_MS - TOUCH_AFTER_MS) {
      await db.update(session).set({ expire: new Date(Date.now() + SHORT_MS) }).where(eq(session.sid, sid));
    }
  });
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
    expire: new Date(Date.now() + ttl),
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
