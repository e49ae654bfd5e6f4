/**
 * The `document.expiring` webhook (issue 42, docs/api.md): sent once when a current document's expiry
 * comes within 30 days (`soon`) and once on the day (`today`), per document and expiry date. The same
 * pass as `service_task.due` (integrations/webhooks.jobs.ts, every 5 minutes) looks only at companies
 * with an endpoint that subscribed to it; for each, the current documents expiring between today and 30
 * days from now are offered to `document_expiry_sent` in one insert that skips those already marked (its
 * primary key is the document, its expiry date and the milestone), and an event is recorded for each row
 * the insert made, in the same transaction: two app servers running the pass at once record it once. A
 * document already past its expiry when the endpoint subscribed is not announced; a new expiry date (a
 * corrected document) is announced again.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, between, eq, inArray, isNull } from 'drizzle-orm';
import { addInterval, daysBetween } from '@domain/dates';
import { document, documentExpirySent, documentMachine, equipment } from '../../db/schema/index';
import type { Deps } from '../../deps';
import { enqueueEvents, kickDelivery, type NewEvent } from '../events/index';
import { announceToSubscribers } from '../subscription/index';

export const DOCUMENT_EXPIRING_EVENT = 'document.expiring';
/** The first announcement: this many days before the expiry (the "30 days before"). */
export const EXPIRING_NOTICE_DAYS = 30;

/** One pass over every subscribed company (system scope for the list; each company in its own scope). */
export async function announceExpiringDocuments(
  deps: Deps,
): Promise<{ companies: number; sent: number }> {
  const pass = await announceToSubscribers(deps, DOCUMENT_EXPIRING_EVENT, (companyId, today) =>
    announceCompany(deps, companyId, today),
  );
  if (pass.sent > 0) kickDelivery(deps);
  return pass;
}

async function announceCompany(deps: Deps, companyId: string, today: string): Promise<number> {
  const now = deps.now();
  const expiring = await deps.db
    .select({
      id: document.id,
      title: document.title,
      category: document.category,
      expiresOn: document.expiresOn,
    })
    .from(document)
    .where(
      and(
        eq(document.companyId, companyId),
        eq(document.state, 'stored'),
        isNull(document.replacedBy),
        between(document.expiresOn, today, addInterval(today, EXPIRING_NOTICE_DAYS, 'days')),
      ),
    )
    .orderBy(asc(document.expiresOn))
    .limit(1000);
  if (expiring.length === 0) return 0;
  const links = await deps.db
    .select({
      documentId: documentMachine.documentId,
      equipmentId: equipment.id,
      name: equipment.name,
    })
    .from(documentMachine)
    .innerJoin(equipment, eq(equipment.id, documentMachine.equipmentId))
    .where(
      and(
        eq(documentMachine.companyId, companyId),
        inArray(
          documentMachine.documentId,
          expiring.map((d) => d.id),
        ),
      ),
    )
    .orderBy(asc(equipment.name));
  return deps.db.transaction(async (tx) => {
    const offered = expiring.map((d) => {
      const daysLeft = daysBetween(today, d.expiresOn!);
      return {
        d,
        daysLeft,
        milestone: daysLeft === 0 ? ('today' as const) : ('soon' as const),
        eventId: randomUUID(),
      };
    });
    const marked = await tx
      .insert(documentExpirySent)
      .values(
        offered.map((o) => ({
          companyId,
          documentId: o.d.id,
          expiresOn: o.d.expiresOn!,
          milestone: o.milestone,
          eventId: o.eventId,
          sentAt: now,
        })),
      )
      .onConflictDoNothing()
      .returning({ eventId: documentExpirySent.eventId });
    const won = new Set(marked.map((m) => m.eventId));
    const events: NewEvent[] = offered
      .filter((o) => won.has(o.eventId))
      .map((o) => ({
        id: o.eventId,
        type: DOCUMENT_EXPIRING_EVENT,
        data: {
          documentId: o.d.id,
          title: o.d.title,
          category: o.d.category,
          expiresOn: o.d.expiresOn!,
          daysLeft: o.daysLeft,
          milestone: o.milestone,
          machines: links
            .filter((l) => l.documentId === o.d.id)
            .map((l) => ({ equipmentId: l.equipmentId, name: l.name })),
        },
      }));
    await enqueueEvents(tx, companyId, events, now);
    return events.length;
  });
}
