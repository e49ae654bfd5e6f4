import { randomBytes } from 'node:crypto';
import zlib from 'node:zlib';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import ical, { ICalCalendarMethod } from 'ical-generator';
import { todayIn } from '@domain/dates';
import { nextDueUsageOf } from '@domain/schedule';
import type { DueList, DueQuery } from '@domain/schemas/maintenance';
import { taskEventUid } from '@domain/task-cycle';
import { company, equipment } from '../../db/schema/index';
import type { Deps } from '../../deps';
import { asCompany } from '../../db/scope';
import { notFound } from '../../lib/errors';
import type { CompanyContext } from '../../plugins/session';
import { companyToday, fmt, schedulesOf, toEquipmentDto } from '../equipment/index';
import { companyTasks, dueListOf, primaryDueOf, type CompanyTask } from './due-tasks';

/**
 * The Due soon list (issue 40): one row per task due within `within` days (a renewal within its own
 * window), and every task due or overdue now (due-tasks.ts dueListOf). Three queries whatever the fleet.
 */
async function dueListFrom(
  deps: Deps,
  ctx: CompanyContext,
  tasks: readonly CompanyTask[],
  today: string,
  q: Pick<DueQuery, 'within' | 'category'> & { machines?: boolean },
): Promise<DueList> {
  // v1's `items` keep their meaning (machines, as before tasks): one more query, for those machines only.
  const primary = q.machines === false ? [] : primaryDueOf(tasks, today, q.within);
  const rows = primary.length
    ? await deps.db
        .select()
        .from(equipment)
        .where(
          and(
            eq(equipment.companyId, ctx.companyId),
            inArray(
              equipment.id,
              primary.map((t) => t.machine.id),
            ),
          ),
        )
    : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  // Their status (the worst task's, with the next task): the one function of every equipment answer.
  const schedules = await schedulesOf(deps.db, ctx.companyId, rows, deps.now(), today);
  const items = primary.flatMap((t) => {
    const row = byId.get(t.machine.id);
    const s = schedules.get(t.machine.id);
    return row && s ? [{ ...toEquipmentDto(row, s.status), forecast: t.view.forecast }] : [];
  });
  return { ...dueListOf(tasks, today, q), items };
}

/**
 * Due soon's answer as sent, kept with the company's task list it was made from (due-tasks.ts keeps that
 * list while the company's equipment version, its today and the minute are the same, and hands back the
 * very same array): a fleet of 12,000 tasks is filtered, sorted, checked against the response schema and
 * written out once per change, not once per request. A new list (any write, a new day) is a new key, and
 * the answers made from the old one go with it.
 */
const keptAnswers = new WeakMap<readonly CompanyTask[], Map<string, KeptAnswer>>();

/** An answer as sent: its JSON text, and the same gzipped on first demand (a fleet's list is large). */
export type KeptAnswer = { readonly text: string; readonly gzip: Buffer };

function keptAnswer(text: string): KeptAnswer {
  let gzip: Buffer | undefined;
  return {
    text,
    get gzip() {
      return (gzip ??= zlib.gzipSync(text, { level: 6 }));
    },
  };
}

/** Due soon as the route sends it: JSON text, made by `serialize` (the route's own) once per list. */
export async function dueListText(
  deps: Deps,
  ctx: CompanyContext,
  q: Pick<DueQuery, 'within' | 'category'> & { machines?: boolean },
  serialize: (list: DueList) => string,
): Promise<KeptAnswer> {
  const today = companyToday(deps, ctx);
  const tasks = await companyTasks(deps.db, ctx.companyId, deps.now(), today);
  const key = `${q.within}|${q.category ?? ''}|${q.machines !== false}`;
  let answers = keptAnswers.get(tasks);
  const hit = answers?.get(key);
  if (hit !== undefined) return hit;
  const answer = keptAnswer(serialize(await dueListFrom(deps, ctx, tasks, today, q)));
  if (!answers) keptAnswers.set(tasks, (answers = new Map()));
  answers.set(key, answer);
  return answer;
}

const newToken = () => randomBytes(24).toString('base64url');

/** The company's calendar secret, made on first use. */
export async function calendarToken(deps: Deps, ctx: CompanyContext): Promise<string> {
  const [c] = await deps.db
    .select({ token: company.calendarToken })
    .from(company)
    .where(eq(company.id, ctx.companyId));
  if (!c) throw notFound();
  if (c.token) return c.token;
  return regenerateCalendarToken(deps, ctx, true);
}

/** A new secret: the old feed URL stops working at once. */
export async function regenerateCalendarToken(
  deps: Deps,
  ctx: CompanyContext,
  onlyIfNone = false,
): Promise<string> {
  const token = newToken();
  const [c] = await deps.db
    .update(company)
    .set({ calendarToken: token, updatedAt: deps.now() })
    .where(
      and(eq(company.id, ctx.companyId), onlyIfNone ? isNull(company.calendarToken) : undefined),
    )
    .returning({ token: company.calendarToken });
  if (c?.token) return c.token;
  // Another request made the first one meanwhile: use it.
  const [again] = await deps.db
    .select({ token: company.calendarToken })
    .from(company)
    .where(eq(company.id, ctx.companyId));
  if (!again?.token) throw notFound();
  return again.token;
}

const allDay = (d: string) =>
  new Date(Date.UTC(+d.slice(0, 4), +d.slice(5, 7) - 1, +d.slice(8, 10), 12));

/**
 * The iCalendar feed of a company's scheduled maintenance dates and forecast due dates (all-day
 * events), found by its secret; null when no company has it.
 */
export async function calendarFeed(deps: Deps, token: string): Promise<string | null> {
  if (!/^[A-Za-z0-9_-]{20,64}$/.test(token)) return null;
  // The secret names the company: found across companies, then the feed is read as that company.
  const [c] = await deps.systemDb
    .select({ id: company.id, name: company.name, timeZone: company.timeZone })
    .from(company)
    .where(eq(company.calendarToken, token));
  if (!c) return null;
  return asCompany(c.id, () => feedOf(deps, c));
}

/** "1,000 h" / "12,500 mi": a usage with the unit's short word (the feed is written in English). */
const usageText = (n: number, unit: string) =>
  `${fmt(n)}${unit === 'hours' ? ' h' : unit === 'n/a' ? '' : ` ${unit}`}`;

/**
 * One all-day event per task and cycle on its forecast date (issue 40): "Excavator 3 · Hydraulic filter
 * · 1,000 h". Its UID is the task's and its cycle's (domain/task-cycle.ts), so a subscribed calendar moves
 * the event as the forecast moves and adds a new one once the task is done and comes due again.
 */
async function feedOf(
  deps: Deps,
  c: { id: string; name: string; timeZone: string },
): Promise<string> {
  const today = todayIn(c.timeZone, deps.now());
  const cal = ical({
    name: `${c.name}: maintenance`,
    prodId: { company: 'Equipment Management Suite', product: 'maintenance', language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
    ttl: 60 * 60,
  });
  for (const t of await companyTasks(deps.db, c.id, deps.now(), today)) {
    const date = t.view.forecast.dueDate;
    if (!date) continue;
    const dueUsage = nextDueUsageOf(t.view.task);
    const byUsage = t.view.basis === 'usage' && dueUsage !== null;
    const perDay = t.view.forecast.perDay;
    cal.createEvent({
      id: taskEventUid(t.task.id, t.cycle),
      start: allDay(date),
      allDay: true,
      summary: [t.machine.name, t.task.name, byUsage ? usageText(dueUsage, t.machine.unit) : null]
        .filter(Boolean)
        .join(' · '),
      description: byUsage
        ? `${t.task.name} of ${t.machine.name}: due at ${usageText(dueUsage, t.machine.unit)}` +
          (perDay !== null ? `, reached around this date at about ${fmt(perDay)} a day.` : '.')
        : `${t.task.name} of ${t.machine.name}: due on this date.`,
    });
  }
  return cal.toString();
}
