import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import { addInterval } from '@domain/dates';
import { clockIn } from '@domain/zoned-time';
import { nextDueUsageOf } from '@domain/schedule';
import { RENEWAL_WINDOW_DAYS } from '@domain/schemas/maintenance';
import {
  company,
  digestState,
  equipment,
  mailOutbox,
  operatorUpdate,
  user,
} from '../../db/schema/index';
import type { Deps } from '../../deps';
import { asCompany } from '../../db/scope';
import { entitlement } from '@domain/subscription';
import { operatorEntry } from '../ledger/index';
import { stateOf } from '../subscription/index';
import { companyTasks } from '../maintenance/index';
import { lowStockSummary } from '../parts/index';
import {
  mailLanguageOf,
  renderDigest,
  type DigestTask,
  type DigestPart,
  type DigestReview,
} from './digest-text';
import { fuelFlagsOf, fuelSnapshot, newFuelFlags, type FuelFlag } from './digest-fuel';

import { appUrl, effectiveFrequency, FREQUENCY_SQL, unsubscribeUrl } from './preferences.service';
import { everyRecipient, recipientColumns, recipientsAfter } from './recipients';
import { scheduledMailRow } from './outbox.service';
export {
  preferences,
  unsubscribe,
  unsubscribeTarget,
  unsubscribeUrl,
  updatePreferences,
} from './preferences.service';

const ATTENTION: readonly DigestTask['attention'][] = [
  'renewal_soon',
  'approaching_service',
  'time_for_service',
  'overdue',
];
const ORDER: Record<DigestTask['attention'], number> = {
  overdue: 0,
  time_for_service: 1,
  approaching_service: 2,
  renewal_soon: 3,
  good: 4,
};
const REVIEW_LINES = 5;
const LOW_STOCK_LINES = 10;
/** A low part in the digest state's snapshot (beside machine ids): `part:<id>` -> 'low'. */
const lowKey = (partId: string) => `part:${partId}`;

const weekdayOf = (ymd: string) => new Date(`${ymd}T00:00:00Z`).getUTCDay();

type CompanyView = {
  /** Every scheduled task of the company (one line of the digest each when it is news). */
  tasks: DigestTask[];
  reviewCount: number;
  reviews: DigestReview[];
  newestReviewAt: Date | null;
  /** Parts at or below their reorder point (issue 27): how many, the first few, all their ids. */
  lowStockCount: number;
  lowStock: DigestPart[];
  lowStockIds: string[];
  /** Machines flagged for fuel against their peers over the last 30 days (issue 45). */
  fuelFlags: FuelFlag[];
};

/** A company's machines with their status and forecast, and its readings waiting for review. */
async function companyView(
  deps: Deps,
  c: { id: string; timeZone: string; volumeUnit: string },
  today: string,
): Promise<CompanyView> {
  const companyId = c.id;
  // Every task of the company's machines with its status and forecast, the one list Due soon reads
  // (issue 40); a renewal within its own window is news even before its status moves.
  const renewalsUntil = addInterval(today, RENEWAL_WINDOW_DAYS, 'days');
  const tasks: DigestTask[] = (await companyTasks(deps.db, companyId, deps.now(), today)).map(
    ({ task, machine, view }) => {
      const date = view.forecast.dueDate;
      const renewalSoon =
        task.category === 'renewal' &&
        view.status.serviceStatus === 'good' &&
        date !== null &&
        date <= renewalsUntil;
      return {
        id: task.id,
        machine: machine.name,
        task: task.name,
        primary: task.isPrimary,
        category: task.category,
        unit: machine.unit,
        status: view.status.serviceStatus,
        attention: renewalSoon ? 'renewal_soon' : view.status.serviceStatus,
        overdueUsage: view.status.overdueUsage,
        usageStatus: view.status.usageStatus,
        dueUsage: nextDueUsageOf(view.task),
        forecast: view.forecast,
      };
    },
  );
  const waiting = and(
    eq(operatorUpdate.companyId, companyId),
    eq(operatorUpdate.status, 'pending'),
    isNull(operatorUpdate.voidedAt),
  );
  const [count] = await deps.db
    .select({
      n: sql<number>`count(*)::int`,
      newest: sql<string | null>`max(${operatorUpdate.createdAt})`,
    })
    .from(operatorUpdate)
    .where(waiting);
  const waitingRows = await deps.db
    .select({
      machine: operatorUpdate.equipmentName,
      newUsage: operatorUpdate.newUsage,
      currentUsage: equipment.currentUsage,
      unit: equipment.unit,
      fuelAdded: operatorUpdate.fuelAdded,
      fuelType: operatorUpdate.fuelType,
      notes: operatorUpdate.notes,
      operator: operatorUpdate.operatorName,
      createdAt: operatorUpdate.createdAt,
    })
    .from(operatorUpdate)
    .innerJoin(equipment, eq(equipment.id, operatorUpdate.equipmentId))
    .where(waiting)
    .orderBy(desc(operatorUpdate.createdAt))
    .limit(REVIEW_LINES);
  // Each reading waiting for review is the entry it would write (the ledger's operatorEntry), so the mail
  // tells it with the one renderer (domain/history-text.ts) in the recipient's language.
  const reviews: DigestReview[] = waitingRows.map((r) => ({
    machine: r.machine,
    entry: operatorEntry(r),
    operator: r.operator,
    createdAt: r.createdAt,
  }));
  const low = await lowStockSummary(deps.db, companyId, LOW_STOCK_LINES);
  return {
    tasks,
    reviewCount: count?.n ?? 0,
    reviews,
    newestReviewAt: count?.newest ? new Date(count.newest) : null,
    lowStockCount: low.count,
    lowStock: low.parts.map((p) => ({
      name: p.name,
      partNumber: p.partNumber,
      unit: p.unit,
      onHand: p.onHand,
      reorderPoint: p.reorderPoint,
    })),
    lowStockIds: low.ids,
    fuelFlags: await fuelFlagsOf(deps, c, today),
  };
}

export type DigestRunResult = {
  queued: number;
  nothingNew: number;
  notDue: number;
  raced: number;
  /** Users of a company whose trial ended or that is paused, canceled or expired: no digest. */
  notEntitled: number;
};

/**
 * One pass over every owner and manager who wants a digest: for each whose period has begun (the
 * company's DIGEST_HOUR today; weekly ones on their day) and was not handled yet, work out what
 * became approaching, due or overdue since their last digest and what waits for review, then in one
 * transaction: lock their digest state, check nobody handled the period meanwhile (another app
 * server), queue the message in the outbox (unique per user and period) and record the period and
 * the statuses. Nothing is queued when nothing is new. Safe to run on several servers at once and
 * to run again after a crash: a period is handled exactly once.
 */
export async function runDigests(deps: Deps): Promise<DigestRunResult> {
  const now = deps.now();
  const result: DigestRunResult = {
    queued: 0,
    nothingNew: 0,
    notDue: 0,
    raced: 0,
    notEntitled: 0,
  };
  const views = new Map<string, Promise<CompanyView>>();
  // Who is due, across companies (system scope); each user's digest is then made in their company.
  const users = everyRecipient((after, limit) =>
    deps.systemDb
      .select({
        ...recipientColumns,
        frequency: user.digestFrequency,
        weekday: user.digestWeekday,
        lastPeriod: digestState.lastPeriod,
        lastRunAt: digestState.lastRunAt,
        statuses: digestState.statuses,
      })
      .from(user)
      .innerJoin(company, eq(company.id, user.companyId))
      .leftJoin(digestState, eq(digestState.userId, user.id))
      .where(and(...recipientsAfter(after), sql`${FREQUENCY_SQL} <> 'off'`))
      .orderBy(asc(user.id))
      .limit(limit),
  );
  for await (const u of users) {
    const companyId = u.companyId!;
    const { today, hour } = clockIn(u.timeZone, now);
    const frequency = effectiveFrequency(u.role, u.frequency);
    if (
      frequency === 'off' ||
      hour < deps.config.DIGEST_HOUR ||
      (frequency === 'weekly' && weekdayOf(today) !== u.weekday) ||
      (u.lastPeriod !== null && u.lastPeriod >= today)
    ) {
      result.notDue += 1;
      continue;
    }
    // The digest is part of the service: it stops when the trial ends or the company pauses or
    // cancels (reading and exporting stay open to them; the digest comes back with the subscription).
    if (!entitlement(stateOf(u), now).entitled) {
      result.notEntitled += 1;
      continue;
    }
    const key = `${companyId}:${today}`;
    if (!views.has(key))
      views.set(
        key,
        asCompany(companyId, () =>
          companyView(
            deps,
            { id: companyId, timeZone: u.timeZone, volumeUnit: u.volumeUnit },
            today,
          ),
        ),
      );
    const view = await views.get(key)!;
    const before = u.statuses ?? {};
    const first = u.lastPeriod === null || u.lastPeriod === '';
    // Keyed by task (issue 40): a task whose status (or renewal window) is new since the last digest.
    const changed = view.tasks
      .filter((m) => ATTENTION.includes(m.attention) && before[m.id] !== m.attention)
      .sort(
        (a, b) =>
          ORDER[a.attention] - ORDER[b.attention] ||
          (a.forecast.dueDate ?? today).localeCompare(b.forecast.dueDate ?? today) ||
          a.machine.localeCompare(b.machine) ||
          a.task.localeCompare(b.task),
      );
    const newReviews =
      view.reviewCount > 0 &&
      (first ||
        !u.lastRunAt ||
        (view.newestReviewAt !== null && view.newestReviewAt > u.lastRunAt));
    // A part that went low since the last digest is news too; one still low is listed, not news.
    const newLowStock = view.lowStockIds.some((id) => before[lowKey(id)] !== 'low');
    // A fuel-rate flag is news the first day it is up, not while it stays (issue 45).
    const fuelFlags = newFuelFlags(view.fuelFlags, before);
    const snapshot = Object.fromEntries([
      ...view.tasks.filter((m) => m.attention !== 'good').map((m) => [m.id, m.attention]),
      ...view.lowStockIds.map((id) => [lowKey(id), 'low']),
      ...fuelSnapshot(view.fuelFlags),
    ]);
    const unsubscribe = unsubscribeUrl(deps, u.id);
    const language = mailLanguageOf(u.language);
    const mail =
      changed.length > 0 || newReviews || newLowStock || fuelFlags.length > 0
        ? renderDigest({
            language,
            name: u.firstName ?? '',
            company: u.companyName,
            today,
            timeZone: u.timeZone,
            first,
            frequency,
            tasks: changed,
            reviewCount: view.reviewCount,
            reviews: view.reviews,
            lowStockCount: view.lowStockCount,
            lowStock: view.lowStock,
            fuelFlags,
            appUrl: appUrl(deps),
            unsubscribeUrl: unsubscribe,
          })
        : null;
    const outcome = await asCompany(companyId, () =>
      deps.db.transaction(async (tx) => {
        await tx
          .insert(digestState)
          .values({ userId: u.id, companyId, lastPeriod: '', lastRunAt: new Date(0) })
          .onConflictDoNothing();
        const [state] = await tx
          .select({ lastPeriod: digestState.lastPeriod })
          .from(digestState)
          .where(eq(digestState.userId, u.id))
          .for('update');
        // Another server handled this user since we read their state: leave it to that one.
        if (!state || state.lastPeriod !== (u.lastPeriod ?? '')) return 'raced' as const;
        if (mail)
          await tx
            .insert(mailOutbox)
            .values(
              scheduledMailRow({
                companyId,
                userId: u.id,
                dedupeKey: `digest:${u.id}:${today}`,
                kind: 'digest',
                toAddress: u.email!,
                mail,
                unsubscribe,
                now,
              }),
            )
            .onConflictDoNothing();
        await tx
          .update(digestState)
          .set({ lastPeriod: today, lastRunAt: now, statuses: snapshot })
          .where(eq(digestState.userId, u.id));
        return mail ? ('queued' as const) : ('nothingNew' as const);
      }),
    );
    result[outcome] += 1;
  }
  return result;
}
