/**
 * The companies a timed webhook event (`service_task.due`, `document.expiring`) is announced to: those
 * with an endpoint subscribed to it and a subscription that still entitles them. As the digest: a
 * company whose trial ended, or that is paused or canceled, hears nothing new.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { todayIn } from '@domain/dates';
import { entitlement } from '@domain/subscription';
import { company, webhookEndpoint } from '../../db/schema/index';
import { asCompany } from '../../db/scope';
import type { Deps } from '../../deps';
import { stateOf, subscriptionColumns } from './state';

/**
 * One pass over every company subscribed to `eventType` (system scope for the list): each entitled one
 * is announced in its own scope on its today (`announce` returns how many events it recorded).
 */
export async function announceToSubscribers(
  deps: Deps,
  eventType: string,
  announce: (companyId: string, today: string) => Promise<number>,
): Promise<{ companies: number; sent: number }> {
  const now = deps.now();
  const companies = await deps.systemDb
    .selectDistinct({ id: company.id, timeZone: company.timeZone, ...subscriptionColumns })
    .from(webhookEndpoint)
    .innerJoin(company, eq(company.id, webhookEndpoint.companyId))
    .where(
      and(
        isNull(webhookEndpoint.deletedAt),
        sql`${webhookEndpoint.events} @> ${JSON.stringify([eventType])}::jsonb`,
      ),
    );
  let sent = 0;
  for (const c of companies) {
    if (!entitlement(stateOf(c), now).entitled) continue;
    sent += await asCompany(c.id, () => announce(c.id, todayIn(c.timeZone, now)));
  }
  return { companies: companies.length, sent };
}
