import { createHmac, randomBytes } from 'node:crypto';
import { lookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP } from 'node:net';
import { and, asc, desc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type {
  CreatedWebhookDto,
  CreateWebhookInput,
  WebhookDeliveryDto,
  WebhookDto,
} from '@domain/schemas/integrations';
import { webhookDelivery, webhookEndpoint } from '../../db/schema/index';
import type { Deps } from '../../deps';
import { AppError, notFound } from '../../lib/errors';
import type { CompanyContext } from '../../plugins/session';
import { assertOwnerPerson } from './api-keys.service';

/**
 * Webhooks (issue 29, docs/api.md). An event is written as one `webhook_delivery` row per endpoint that
 * subscribed to it (the delivery log and the outbox in one), then the delivery job (webhooks.jobs.ts,
 * on the job queue) posts what is due: signed like Stripe's, at least once, with the event's id in the
 * body and the `Webhook-Id` header, retried with growing pauses for 24 hours. Addresses on private,
 * loopback or link-local networks are refused at registration and again at every delivery (the name is
 * resolved each time and the request goes to the address that was checked; redirects are not followed),
 * unless WEBHOOK_ALLOW_PRIVATE=1.
 */

/** Pauses between attempts (then every 4 hours), for up to RETRY_FOR_MS after the event. */
const BACKOFF_S = [10, 30, 60, 300, 900, 1800, 3600, 7200, 14_400];
export const RETRY_FOR_MS = 24 * 3_600_000;
const TIMEOUT_MS = 10_000;
const CLAIM_MS = 60_000;
const BATCH = 50;

// ---- Addresses ---------------------------------------------------------------------------------

const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
] as const)
  blocked.addSubnet(net, prefix, 'ipv6');

/** Private, loopback, link-local, shared, multicast or reserved (IPv4-mapped IPv6 judged as IPv4). */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return blocked.check(mapped[1]!, 'ipv4');
  const v = isIP(address);
  if (v === 4) return blocked.check(address, 'ipv4');
  if (v === 6) return blocked.check(address, 'ipv6');
  return true;
}

/** The address a URL's host resolves to, checked; throws the refusal. */
async function resolvePublic(url: URL, allowPrivate: boolean): Promise<string> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);
    } catch {
      throw new AppError('validation', 'integrations.webhookUnresolved', {
        fieldErrors: { url: 'integrations.webhookUnresolved' },
      });
    }
  }
  const first = addresses[0];
  if (!first)
    throw new AppError('validation', 'integrations.webhookUnresolved', {
      fieldErrors: { url: 'integrations.webhookUnresolved' },
    });
  // Every address the name has must be public (a name with one private address is refused).
  if (!allowPrivate && addresses.some(isPrivateAddress))
    throw new AppError('validation', 'integrations.webhookPrivate', {
      fieldErrors: { url: 'integrations.webhookPrivate' },
    });
  return first;
}

const allowPrivateOf = (deps: Pick<Deps, 'config'>) => deps.config.WEBHOOK_ALLOW_PRIVATE === '1';

// ---- Registration ------------------------------------------------------------------------------

export async function createWebhook(
  deps: Deps,
  ctx: CompanyContext,
  input: CreateWebhookInput,
): Promise<CreatedWebhookDto> {
  assertOwnerPerson(ctx);
  await resolvePublic(new URL(input.url), allowPrivateOf(deps));
  const secret = `whsec_${randomBytes(24).toString('base64url')}`;
  const [row] = await deps.db
    .insert(webhookEndpoint)
    .values({
      companyId: ctx.companyId,
      url: input.url,
      events: input.events,
      secretEncrypted: deps.secretBox.encrypt(secret),
      createdBy: ctx.userId,
      createdAt: deps.now(),
    })
    .returning({ id: webhookEndpoint.id });
  return { id: row!.id, secret };
}

export async function listWebhooks(deps: Deps, ctx: CompanyContext): Promise<WebhookDto[]> {
  assertOwnerPerson(ctx);
  const rows = await deps.db
    .select()
    .from(webhookEndpoint)
    .where(and(eq(webhookEndpoint.companyId, ctx.companyId), isNull(webhookEndpoint.deletedAt)))
    .orderBy(desc(webhookEndpoint.createdAt))
    .limit(100);
  return rows.map((r) => ({
    id: r.id,
    url: r.url,
    events: r.events,
    createdAt: r.createdAt.toISOString(),
  }));
}

export async function deleteWebhook(deps: Deps, ctx: CompanyContext, id: string): Promise<void> {
  assertOwnerPerson(ctx);
  const rows = await deps.db
    .update(webhookEndpoint)
    .set({ deletedAt: deps.now() })
    .where(
      and(
        eq(webhookEndpoint.id, id),
        eq(webhookEndpoint.companyId, ctx.companyId),
        isNull(webhookEndpoint.deletedAt),
      ),
    )
    .returning({ id: webhookEndpoint.id });
  if (rows.length === 0) throw notFound();
}

const toDeliveryDto = (r: typeof webhookDelivery.$inferSelect): WebhookDeliveryDto => ({
  id: r.id,
  eventId: r.eventId,
  event: r.event,
  status: r.status === 'delivered' || r.status === 'failed' ? r.status : 'pending',
  attempts: r.attempts,
  lastStatus: r.lastStatus,
  lastError: r.lastError,
  nextAttemptAt: r.status === 'pending' ? r.nextAttemptAt.toISOString() : null,
  deliveredAt: r.deliveredAt?.toISOString() ?? null,
  createdAt: r.createdAt.toISOString(),
});

/** The endpoint's delivery log, newest first (the last 100). */
export async function deliveryLog(
  deps: Deps,
  ctx: CompanyContext,
  endpointId: string,
): Promise<WebhookDeliveryDto[]> {
  assertOwnerPerson(ctx);
  const [endpoint] = await deps.db
    .select({ id: webhookEndpoint.id })
    .from(webhookEndpoint)
    .where(and(eq(webhookEndpoint.id, endpointId), eq(webhookEndpoint.companyId, ctx.companyId)));
  if (!endpoint) throw notFound();
  const rows = await deps.db
    .select()
    .from(webhookDelivery)
    .where(
      and(eq(webhookDelivery.endpointId, endpointId), eq(webhookDelivery.companyId, ctx.companyId)),
    )
    .orderBy(desc(webhookDelivery.createdAt))
    .limit(100);
  return rows.map(toDeliveryDto);
}

/**
 * "Send again": the delivery is due now with a fresh 24 hours of retries; the event keeps its id (a
 * receiver that already has it can tell).
 */
export async function resendDelivery(
  deps: Deps,
  ctx: CompanyContext,
  endpointId: string,
  deliveryId: string,
): Promise<WebhookDeliveryDto> {
  assertOwnerPerson(ctx);
  const now = deps.now();
  const [row] = await deps.db
    .update(webhookDelivery)
    .set({ status: 'pending', nextAttemptAt: now, claimedUntil: null, createdAt: now })
    .where(
      and(
        eq(webhookDelivery.id, deliveryId),
        eq(webhookDelivery.endpointId, endpointId),
        eq(webhookDelivery.companyId, ctx.companyId),
      ),
    )
    .returning();
  if (!row) throw notFound();
  void deps.webhooks?.kick();
  return toDeliveryDto(row);
}

// ---- Delivery ----------------------------------------------------------------------------------

/** `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, t + "." + body)>` */
export function signature(secret: string, body: string, unixSeconds: number): string {
  const mac = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${mac}`;
}

type PostResult = { status: number | null; error: string | null };

/** One POST to the checked address (the URL's host as Host/SNI), no redirects followed, 10 s at most. */
function post(url: URL, address: string, headers: Record<string, string>, body: string) {
  return new Promise<PostResult>((resolve) => {
    const client = url.protocol === 'https:' ? https : http;
    const req = client.request(
      {
        method: 'POST',
        protocol: url.protocol,
        hostname: url.hostname.replace(/^\[|\]$/g, ''),
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        timeout: TIMEOUT_MS,
        // The address that was checked, whatever the name resolves to now (no DNS rebinding).
        lookup: (_host, opts, cb) => {
          const family = isIP(address);
          if ((opts as { all?: boolean }).all) cb(null, [{ address, family }] as never, family);
          else cb(null, address, family);
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? null, error: null }));
        res.on('error', () => resolve({ status: res.statusCode ?? null, error: null }));
      },
    );
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', (err) => resolve({ status: null, error: err.message.slice(0, 300) }));
    req.end(body);
  });
}

/** Sends one delivery (no database writes). Success: a 2xx answer; a redirect is a failure. */
async function send(
  deps: Pick<Deps, 'config' | 'secretBox' | 'now'>,
  d: { url: string; secretEncrypted: string; eventId: string; event: string; body: string },
): Promise<PostResult> {
  const url = new URL(d.url);
  let address: string;
  try {
    address = await resolvePublic(url, allowPrivateOf(deps));
  } catch (err) {
    return { status: null, error: err instanceof AppError ? err.message : 'address refused' };
  }
  const t = Math.floor(deps.now().getTime() / 1000);
  const secret = deps.secretBox.decrypt(d.secretEncrypted);
  // Compact JSON whoever wrote it: the reading events are built by PostgreSQL (events/readingEventWrite),
  // whose json text has spaces; every body leaves in the same form JSON.stringify gives.
  const body = JSON.stringify(JSON.parse(d.body));
  return post(
    url,
    address,
    {
      'content-type': 'application/json',
      'user-agent': 'EquipmentManagementSuite-Webhooks/1',
      'webhook-id': d.eventId,
      'webhook-event': d.event,
      'webhook-signature': signature(secret, body, t),
    },
    body,
  );
}

/** When to try again after `attempts` failed attempts, or null when the 24 hours are over. */
export function nextAttempt(createdAt: Date, attempts: number, now: Date): Date | null {
  const pause = BACKOFF_S[Math.min(attempts - 1, BACKOFF_S.length - 1)] ?? 14_400;
  const at = new Date(now.getTime() + pause * 1000);
  return at.getTime() - createdAt.getTime() > RETRY_FOR_MS ? null : at;
}

/**
 * One delivery pass across companies (the job queue's worker; system scope): claims the due deliveries
 * (a claim lasts a minute, so two servers never send the same one at once), sends them, records each
 * answer. Returns how many were delivered and how many failed this time.
 */
export async function deliverDue(
  deps: Deps,
): Promise<{ delivered: number; failed: number; gaveUp: number }> {
  const db = deps.systemDb;
  const now = deps.now();
  const due = await db
    .update(webhookDelivery)
    .set({ claimedUntil: new Date(now.getTime() + CLAIM_MS) })
    .where(
      inArray(
        webhookDelivery.id,
        db
          .select({ id: webhookDelivery.id })
          .from(webhookDelivery)
          .where(
            and(
              eq(webhookDelivery.status, 'pending'),
              lte(webhookDelivery.nextAttemptAt, now),
              or(isNull(webhookDelivery.claimedUntil), lte(webhookDelivery.claimedUntil, now)),
            ),
          )
          .orderBy(asc(webhookDelivery.nextAttemptAt))
          .limit(BATCH),
      ),
    )
    .returning();
  if (due.length === 0) return { delivered: 0, failed: 0, gaveUp: 0 };
  const endpoints = await db
    .select()
    .from(webhookEndpoint)
    .where(inArray(webhookEndpoint.id, [...new Set(due.map((d) => d.endpointId))]));
  const byId = new Map(endpoints.map((e) => [e.id, e]));
  let delivered = 0;
  let failed = 0;
  let gaveUp = 0;
  await Promise.all(
    due.map(async (d) => {
      const ep = byId.get(d.endpointId);
      const attempts = d.attempts + 1;
      const at = deps.now();
      if (!ep || ep.deletedAt) {
        await db
          .update(webhookDelivery)
          .set({ status: 'failed', lastError: 'endpoint removed', claimedUntil: null })
          .where(eq(webhookDelivery.id, d.id));
        gaveUp += 1;
        return;
      }
      const r = await send(deps, { ...d, url: ep.url, secretEncrypted: ep.secretEncrypted });
      const ok = r.status !== null && r.status >= 200 && r.status < 300;
      if (ok) delivered += 1;
      else failed += 1;
      const retryAt = ok ? null : nextAttempt(d.createdAt, attempts, at);
      if (!ok && !retryAt) gaveUp += 1;
      await db
        .update(webhookDelivery)
        .set({
          attempts,
          lastAttemptAt: at,
          lastStatus: r.status,
          lastError: ok ? null : (r.error ?? `HTTP ${r.status}`),
          claimedUntil: null,
          ...(ok
            ? { status: 'delivered', deliveredAt: at }
            : retryAt
              ? { nextAttemptAt: retryAt }
              : { status: 'failed' }),
        })
        .where(eq(webhookDelivery.id, d.id));
    }),
  );
  return { delivered, failed, gaveUp };
}

/** Deliveries waiting (the queue-depth metric). */
export async function pendingDeliveries(deps: Deps): Promise<number> {
  const [r] = await deps.systemDb
    .select({ n: sql<number>`count(*)::int` })
    .from(webhookDelivery)
    .where(eq(webhookDelivery.status, 'pending'));
  return r?.n ?? 0;
}
