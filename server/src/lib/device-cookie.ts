import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * OWASP device cookies (docs/decisions/sign-in-device-cookies.md): a browser that signed in to an
 * account gets a long-lived cookie naming that account, signed with the app's secret (HMAC-SHA256).
 * With it, the browser's failed sign-ins count against its own allowance only, so strangers' failures
 * cannot lock the owner's own browser out. One cookie per account (its name is derived from the
 * account), HttpOnly, SameSite=Strict, only sent to /api.
 */

export const DEVICE_COOKIE_PREFIX = 'ems_dev_';
const MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
const NONCE = /^[A-Za-z0-9_-]{16,64}$/;

const mac = (secret: string, data: string) =>
  createHmac('sha256', secret).update(data).digest('base64url');

/** The cookie's name for an account (a subject: `user:<id>`, or `company:<id>` for its shared operator login). */
export const deviceCookieName = (secret: string, subject: string) =>
  `${DEVICE_COOKIE_PREFIX}${mac(secret, `device-cookie-name:${subject}`).slice(0, 16)}`;

const signature = (secret: string, subject: string, nonce: string) =>
  mac(secret, `device-cookie:${subject}:${nonce}`);

/** The nonce of the request's device cookie for this account when its signature is right, else null. */
export function trustedDevice(req: FastifyRequest, secret: string, subject: string): string | null {
  const value = req.cookies[deviceCookieName(secret, subject)];
  if (!value) return null;
  const [nonce, sig, extra] = value.split('.');
  if (!nonce || !sig || extra !== undefined || !NONCE.test(nonce)) return null;
  const expected = Buffer.from(signature(secret, subject, nonce));
  const given = Buffer.from(sig);
  return given.length === expected.length && timingSafeEqual(given, expected) ? nonce : null;
}

/** After a successful sign-in: the account's device cookie (the browser's nonce kept when it has one). */
export function issueDeviceCookie(
  req: FastifyRequest,
  reply: FastifyReply,
  secret: string,
  subject: string,
): void {
  const nonce = trustedDevice(req, secret, subject) ?? randomBytes(18).toString('base64url');
  reply.setCookie(
    deviceCookieName(secret, subject),
    `${nonce}.${signature(secret, subject, nonce)}`,
    {
      path: '/api',
      httpOnly: true,
      sameSite: 'strict',
      secure: req.protocol === 'https',
      maxAge: MAX_AGE_SECONDS,
    },
  );
}

/** What a sign-in service needs to know of the request's device cookies. */
export type DeviceCheck = (subject: string) => string | null;
export const deviceCheckOf =
  (req: FastifyRequest, secret: string): DeviceCheck =>
  (subject) =>
    trustedDevice(req, secret, subject);
