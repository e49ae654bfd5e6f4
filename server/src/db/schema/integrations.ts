import { index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { rowId, tz, createdAt } from './columns';
import { companyRef } from './company';
import { user, userRef } from './user';

/**
 * An API key (issue 29): a company's integration. Only the SHA-256 of its token is stored; the token is
 * shown once. Each key acts through its own user row (role `integration`, auth type `api_key`, first
 * name = the key's name), so the history, operator updates and every user foreign key name the key.
 * Revoking is a state of the row (`revoked_at`): the key answers 401 from the next request on.
 */
export const apiKey = pgTable(
  'api_key',
  {
    id: rowId(),
    companyId: companyRef(),
    /** The key's own user row (role integration): the actor of what it writes. */
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** read | readings | write */
    scopes: jsonb('scopes').$type<string[]>().notNull(),
    /** Hex SHA-256 of the whole token. */
    tokenHash: text('token_hash').notNull(),
    /** The token's first characters, shown in the list to tell keys apart ("ems_k1_Ab3d"). */
    tokenPrefix: text('token_prefix').notNull(),
    createdBy: userRef('created_by'),
    createdAt: createdAt(),
    lastUsedAt: tz('last_used_at'),
    revokedAt: tz('revoked_at'),
    /** The per-key rate limit's current one-minute window and its count (shared by every app server). */
    rateWindowStart: tz('rate_window_start'),
    rateCount: integer('rate_count').notNull().default(0),
  },
  (t) => [
    uniqueIndex('api_key_token_hash_idx').on(t.tokenHash),
    index('api_key_company_idx').on(t.companyId, t.createdAt),
  ],
);

/**
 * The answer to a request sent with an Idempotency-Key that is not an operator update (the readings
 * batch): the same key and the same body replay the stored answer; another body is refused (422).
 */
export const apiIdempotency = pgTable(
  'api_idempotency',
  {
    id: rowId(),
    companyId: companyRef(),
    /** The route it was sent to ("readings.batch") and the key. */
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    /** Hex SHA-256 of the request body as parsed. */
    requestHash: text('request_hash').notNull(),
    response: jsonb('response').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('api_idempotency_key_idx').on(t.companyId, t.scope, t.key)],
);

/** A registered webhook endpoint: where the company's events are posted, signed with its secret. */
export const webhookEndpoint = pgTable(
  'webhook_endpoint',
  {
    id: rowId(),
    companyId: companyRef(),
    url: text('url').notNull(),
    /** The event names it receives (domain/schemas/integrations.ts webhookEvents). */
    events: jsonb('events').$type<string[]>().notNull(),
    /** The signing secret, encrypted at rest (SecretBox, AES-256-GCM): shown once, needed to sign. */
    secretEncrypted: text('secret_encrypted').notNull(),
    createdBy: userRef('created_by'),
    createdAt: createdAt(),
    /** Removed endpoints keep their delivery log but receive nothing more. */
    deletedAt: tz('deleted_at'),
  },
  (t) => [index('webhook_endpoint_company_idx').on(t.companyId, t.createdAt)],
);

/**
 * One event for one endpoint: the delivery log and the outbox the delivery job works from. `event_id`
 * is the event's id (the same for every endpoint and every attempt), sent in the body and the
 * `Webhook-Id` header for the receiver's de-duplication.
 */
export const webhookDelivery = pgTable(
  'webhook_delivery',
  {
    id: rowId(),
    companyId: companyRef(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoint.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id').notNull(),
    event: text('event').notNull(),
    /** The body sent (JSON text, exactly as signed). */
    body: text('body').notNull(),
    /** pending | delivered | failed (gave up after 24 hours) */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: tz('next_attempt_at').notNull().defaultNow(),
    /** A delivery job claimed it until then (another server leaves it alone). */
    claimedUntil: tz('claimed_until'),
    lastAttemptAt: tz('last_attempt_at'),
    /** The receiver's HTTP status of the last attempt (null: no answer). */
    lastStatus: integer('last_status'),
    lastError: text('last_error'),
    deliveredAt: tz('delivered_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('webhook_delivery_event_idx').on(t.endpointId, t.eventId),
    index('webhook_delivery_endpoint_idx').on(t.endpointId, t.createdAt),
    index('webhook_delivery_due_idx').on(t.status, t.nextAttemptAt),
    index('webhook_delivery_company_idx').on(t.companyId, t.createdAt),
  ],
);
