/**
 * The monthly fleet summary (issue 45): on the 1st of each month (company time, from DIGEST_HOUR; the
 * 2nd and 3rd catch a month whose 1st the servers missed), owners and managers who turned it on get last
 * month's cost, the five machines that cost most, the fuel flags, the idle machines and the fleet's
 * availability, in their language. The figures are the Reports page's, from the same functions
 * (reports/index.ts), for the calendar month before. Exactly once per user and month by the outbox's
 * unique `dedupe_key` (`monthly:<user>:<YYYY-MM>`), whatever the number of servers or passes; the
 * outbox sends it as it sends the digest (docs/decisions/digest-and-outbox.md).
 */
import { and, asc, eq } from 'drizzle-orm';
import { addInterval } from '@domain/dates';
import { entitlement } from '@domain/subscription';
import { clockIn } from '@domain/zoned-time';
import { company, mailOutbox, user } from '../../db/schema/index';
import { asCompany } from '../../db/scope';
import type { Deps } from '../../deps';
import type { CompanyContext } from '../../plugins/session';
import { costsReport, downtimeReport, fuelReport, utilizationReport } from '../reports/index';
import { stateOf } from '../subscription/index';
import { mailLanguageOf } from './digest-text';
import { renderMonthly, type MonthlyContent } from './monthly-text';
import { everyRecipient, recipientColumns, recipientsAfter } from './recipients';
import { appUrl, unsubscribeUrl } from './preferences.service';
import { scheduledMailRow } from './outbox.service';

/** Days of the month on which last month's summary may still go (a missed 1st is caught up). */
const LAST_DAY_TO_SEND = 3;
const TOP_MACHINES = 5;
const IDLE_LINES = 10;

export type MonthlyRunResult = {
  queued: number;
  notDue: number;
  already: number;
  notEntitled: number;
};

/** The calendar month before the one `today` is in: its YYYY-MM, first and last day. */
export function previousMonth(today: string): { month: string; from: string; to: string } {
  const firstOfThis = `${today.slice(0, 7)}-01`;
  const from = addInterval(firstOfThis, -1, 'months');
  return { month: from.slice(0, 7), from, to: addInterval(firstOfThis, -1, 'days') };
}

type CompanyFigures = Omit<MonthlyContent, 'language' | 'name' | 'appUrl' | 'unsubscribeUrl'>;

/** One company's figures for a month, read through the reports (in its scope). */
async function companyFigures(
  deps: Deps,
  ctx: CompanyContext,
  period: { month: string; from: string; to: string },
): Promise<CompanyFigures> {
  const q = { from: period.from, to: period.to };
  const [costs, fuel, use, down] = await Promise.all([
    costsReport(deps, ctx, q),
    fuelReport(deps, ctx, q),
    utilizationReport(deps, ctx, q),
    downtimeReport(deps, ctx, q),
  ]);
  return {
    company: ctx.company.name,
    month: period.month,
    costs: {
      maintenance: costs.totals.maintenance,
      fuel: costs.totals.fuel,
      total: costs.totals.total,
    },
    top: costs.machines
      .filter((m) => m.total > 0)
      .sort((a, b) => b.total - a.total || a.name.localeCompare(b.name))
      .slice(0, TOP_MACHINES)
      .map((m) => ({
        machine: m.name,
        total: m.total,
        costPerUnit: m.costPerUnit,
        unit: m.unit,
      })),
    fuelFlags: fuel.machines
      .filter((m) => m.flagged && m.percentAbovePeers !== null)
      .sort((a, b) => (b.percentAbovePeers ?? 0) - (a.percentAbovePeers ?? 0))
      .map((m) => ({
        machine: m.name,
        type: m.type,
        unit: m.unit,
        percentAbovePeers: m.percentAbovePeers ?? 0,
      })),
    idle: use.machines
      .filter((m) => m.idle)
      .sort((a, b) => (b.idleDays ?? 0) - (a.idleDays ?? 0) || a.name.localeCompare(b.name))
      .slice(0, IDLE_LINES)
      .map((m) => ({ machine: m.name, idleDays: m.idleDays ?? 0 })),
    availability: down.machines.length > 0 ? down.totals.availability : null,
    defects: down.totals.defects,
  };
}

/**
 * One pass (part of the digest job, digest.jobs.ts): queue the month's summary of every opted-in owner
 * and manager whose company has reached its 1st at DIGEST_HOUR and who has not had it yet.
 */
export async function runMonthlySummaries(deps: Deps): Promise<MonthlyRunResult> {
  const now = deps.now();
  const result: MonthlyRunResult = { queued: 0, notDue: 0, already: 0, notEntitled: 0 };
  const figures = new Map<string, Promise<CompanyFigures>>();
  const users = everyRecipient((after, limit) =>
    deps.systemDb
      .select({ ...recipientColumns, lastName: user.lastName, createdAt: user.createdAt })
      .from(user)
      .innerJoin(company, eq(company.id, user.companyId))
      .where(and(...recipientsAfter(after), eq(user.monthlySummary, true)))
      .orderBy(asc(user.id))
      .limit(limit),
  );
  for await (const u of users) {
    const companyId = u.companyId!;
    const { today, hour } = clockIn(u.timeZone, now);
    if (Number(today.slice(8, 10)) > LAST_DAY_TO_SEND || hour < deps.config.DIGEST_HOUR) {
      result.notDue += 1;
      continue;
    }
    if (!entitlement(stateOf(u), now).entitled) {
      result.notEntitled += 1;
      continue;
    }
    const period = previousMonth(today);
    const dedupeKey = `monthly:${u.id}:${period.month}`;
    const [sent] = await deps.systemDb
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(eq(mailOutbox.dedupeKey, dedupeKey));
    if (sent) {
      result.already += 1;
      continue;
    }
    const ctx: CompanyContext = {
      sessionId: 'monthly-summary',
      userId: u.id,
      role: u.role === 'owner' ? 'owner' : 'manager',
      companyId,
      firstName: u.firstName,
      lastName: u.lastName,
      email: u.email,
      operatorUsername: null,
      profile: {
        secondaryEmail: null,
        profileImageUrl: null,
        hasSecurityQuestions: false,
        createdAt: u.createdAt,
      },
      company: {
        id: companyId,
        name: u.companyName,
        subscriptionStatus: u.subscriptionStatus,
        subscriptionTier: u.subscriptionTier,
        equipmentLimit: u.equipmentLimit,
        trialEndDate: u.trialEndDate,
        subscriptionEndDate: u.subscriptionEndDate,
        pauseEndDate: u.pauseEndDate,
        cancelAtPeriodEnd: u.cancelAtPeriodEnd,
        timeZone: u.timeZone,
        volumeUnit: u.volumeUnit,
      },
    };
    const key = `${companyId}:${period.month}`;
    if (!figures.has(key))
      figures.set(
        key,
        asCompany(companyId, () => companyFigures(deps, ctx, period)),
      );
    const unsubscribe = unsubscribeUrl(deps, u.id, 'monthly');
    const mail = renderMonthly({
      ...(await figures.get(key)!),
      language: mailLanguageOf(u.language),
      name: u.firstName ?? '',
      appUrl: appUrl(deps),
      unsubscribeUrl: unsubscribe,
    });
    const inserted = await asCompany(companyId, () =>
      deps.db
        .insert(mailOutbox)
        .values(
          scheduledMailRow({
            companyId,
            userId: u.id,
            dedupeKey,
            kind: 'monthly',
            toAddress: u.email!,
            mail,
            unsubscribe,
            now,
          }),
        )
        .onConflictDoNothing()
        .returning({ id: mailOutbox.id }),
    );
    // Another server queued it between the check and the insert: the unique key kept it to one.
    if (inserted.length > 0) result.queued += 1;
    else result.already += 1;
  }
  return result;
}
