import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql, type Placeholder } from 'drizzle-orm';
import type { WebhookEvent, WebhookPayload } from '@domain/schemas/integrations';
import type { WebhookEventData } from '@domain/schemas/webhook-events';
import type { DbOrTx } from '../../db/client';
import { webhookDelivery, webhookEndpoint } from '../../db/schema/index';
import type { Deps } from '../../deps';

/**
 * The events other programs hear about (issue 29): written as one webhook_delivery row per subscribed
 * endpoint, in the transaction of the change they announce when there is one, and sent by the delivery
 * job (modules/integrations/webhooks.jobs.ts). A module of its own with no dependency on other modules,
 * so equipment, inspections and the readings batch can all announce without an import cycle.
 */

/** One event: its type and that type's `data` (domain/schemas/webhook-events.ts, the document's too). */
export type NewEvent = {
  [T in WebhookEvent]: {
    type: T;
    data: WebhookEventData<T>;
    /** The event's id when the caller keeps it (a sent-marker); else a new one. */
    id?: string;
  };
}[WebhookEvent];

/**
 * Records events for the company's endpoints that subscribed to them (one statement for all of them);
 * nothing when none did. Call it in the transaction of the change it announces when there is one.
 */
export async function enqueueEvents(
  db: DbOrTx,
  companyId: string,
  events: NewEvent[],
  now: Date,
): Promise<number> {
  if (events.length === 0) return 0;
  const endpoints = await db
    .select({ id: webhookEndpoint.id, events: webhookEndpoint.events })
    .from(webhookEndpoint)
    .where(and(eq(webhookEndpoint.companyId, companyId), isNull(webhookEndpoint.deletedAt)));
  if (endpoints.length === 0) return 0;
  const rows: (typeof webhookDelivery.$inferInsert)[] = [];
  for (const e of events) {
    const payload: WebhookPayload = {
      id: e.id ?? randomUUID(),
      type: e.type,
      createdAt: now.toISOString(),
      companyId,
      data: e.data,
    };
    const body = JSON.stringify(payload);
    for (const ep of endpoints)
      if (ep.events.includes(e.type))
        rows.push({
          companyId,
          endpointId: ep.id,
          eventId: payload.id,
          event: e.type,
          body,
          nextAttemptAt: now,
          createdAt: now,
        });
  }
  for (let i = 0; i < rows.length; i += 500)
    await db.insert(webhookDelivery).values(rows.slice(i, i + 500));
  return rows.length;
}

/** Records events and asks the delivery job to run soon (after the caller's write has committed). */
export async function announce(deps: Deps, companyId: string, events: NewEvent[]): Promise<void> {
  const n = await enqueueEvents(deps.db, companyId, events, deps.now());
  if (n > 0) void deps.webhooks?.kick();
}

/** Asks the delivery job to run soon (after the caller's transaction has committed). */
export function kickDelivery(deps: Pick<Deps, 'webhooks'>): void {
  void deps.webhooks?.kick();
}

/**
 * The events of an operator update as a common table expression of the update's one-statement write
 * (operator-updates.service.ts): its reading event (reading.created when applied, reading.held when
 * held) and, when the reading moved the machine's service status, equipment.status_changed. One
 * delivery row per event and endpoint of the company that subscribed, only when the update was
 * recorded (`ins`) and carries a reading. No extra statement on the operator's path, and in the same
 * transaction. Its placeholders: eventId (the reading event's id), statusEventId, statusFrom and
 * statusTo (null when the status stays), companyId, equipmentId, status, newUsage, fuelAdded,
 * fuelType, now, operatorName, reason.
 */
export function readingEventWrite(db: DbOrTx, p: (name: string) => Placeholder) {
  return db.$with('hook', { n: sql<number>`n` }).as(
    sql`insert into ${webhookDelivery} (company_id, endpoint_id, event_id, event, body, next_attempt_at, created_at)
      select w.company_id, w.id, ev.id, ev.type,
        json_build_object('id', ev.id::text, 'type', ev.type, 'createdAt', ${p('now')}::text,
          'companyId', w.company_id, 'data', ev.data)::text,
        ${p('now')}::timestamptz, ${p('now')}::timestamptz
      from ins
      cross join lateral (
        select ${p('eventId')}::uuid as id,
          case when ${p('status')}::text = 'pending' then 'reading.held' else 'reading.created' end as type,
          json_build_object('equipmentId', ${p('equipmentId')}::text, 'updateId', ins.id,
            'usage', ${p('newUsage')}::numeric, 'fuelAdded', ${p('fuelAdded')}::numeric,
            'fuelType', ${p('fuelType')}::text, 'at', ${p('now')}::text, 'by', ${p('operatorName')}::text,
            'reason', ${p('reason')}::text) as data
        union all
        select ${p('statusEventId')}::uuid, 'equipment.status_changed',
          json_build_object('equipmentId', ${p('equipmentId')}::text, 'from', ${p('statusFrom')}::text,
            'to', ${p('statusTo')}::text, 'usage', ${p('newUsage')}::numeric, 'updateId', ins.id)
        where ${p('statusFrom')}::text is not null
      ) ev
      join ${webhookEndpoint} w on w.company_id = ${p('companyId')}::uuid and w.deleted_at is null
        and w.events @> jsonb_build_array(ev.type)
      where ${p('newUsage')}::numeric is not null
      returning 1 as n`,
  );
}
