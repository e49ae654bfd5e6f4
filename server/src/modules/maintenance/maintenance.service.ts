import { randomBytes } from 'node:crypto';
import { and, asc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import ical, { ICalCalendarMethod } from 'ical-generator';
import { addInterval, todayIn } from '@domain/dates';
import type { DueList, DueWindow } from '@domain/schemas/maintenance';
import { company, equipment } from '../../db/schema/index';
import type { Deps } from '../../deps';
import { asCompany } from '../../db/scope';
import { notFound } from '../../lib/errors';
import type { CompanyContext } from '../../plugins/session';
import { companyToday, fmt, toEquipmentDto } from '../equipment/index';
import { forecastsOf } from '../equipment/index';

/** Fleet-sized reads are bounded (the plans go up to a few hundred machines). */
const FLEET_LIMIT = 5_000;

/** Active machines with a usage interval or a calendar schedule, with their forecasts. */
export async function scheduledMachines(deps: Deps, companyId: string, today: string) {
  const rows = await deps.db
    .select()
    .from(equipment)
    .where(
      and(
        eq(equipment.companyId, companyId),
        isNull(equipment.retiredAt),
        or(gt(equipment.serviceInterval, 0), eq(equipment.hasScheduledMaintenance, true)),
      ),
    )
    .orderBy(sql`lower(${equipment.name})`, asc(equipment.id))
    .limit(FLEET_LIMIT);
  const forecasts = await forecastsOf(deps.db, companyId, rows, deps.now(), today);
  return rows.map((r) => ({ row: r, forecast: forecasts.get(r.id) ?? null }));
}

/** 0 for a machine whose status is overdue (by usage or by date), else 1: those are listed first. */
const overdueFirst = (e: { status: { serviceStatus: string } }) =>
  e.status.serviceStatus === 'overdue' ? 0 : 1;

/**
 * The Due soon list: every machine due by its usage forecast or its calendar date within `within`
 * days, and every overdue one. Machines whose status is overdue come first (a usage-overdue one has
 * its forecast clamped to today, so its date alone would put it among the due-today ones), then by
 * due date and name (three queries whatever the fleet size).
 */
export async function dueList(
  deps: Deps,
  ctx: CompanyContext,
  within: DueWindow,
): Promise<DueList> {
  const today = companyToday(deps, ctx);
  const until = addInterval(today, within, 'days');
  const items = (await scheduledMachines(deps, ctx.companyId, today))
    .filter(({ forecast }) => forecast?.dueDate && forecast.dueDate <= until)
    .map(({ row, forecast }) => ({ ...toEquipmentDto(row, today), forecast }))
    .sort(
      (a, b) =>
        overdueFirst(a) - overdueFirst(b) ||
        a.forecast!.dueDate!.localeCompare(b.forecast!.dueDate!) ||
        a.name.toLowerCase().localeCompare(b.name.toLowerCase()),
    );
  return { today, within, items };
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
  for (const { row, forecast } of await scheduledMachines(deps, c.id, today)) {
    if (row.hasScheduledMaintenance && row.nextMaintenanceDate)
      cal.createEvent({
        id: `${row.id}-calendar@equipment-management-suite`,
        start: allDay(row.nextMaintenanceDate),
        allDay: true,
        summary: `Maintenance due: ${row.name}`,
        description: `Scheduled maintenance of ${row.name}.`,
      });
    if (forecast?.usageDueDate && forecast.dueAtUsage !== null)
      cal.createEvent({
        id: `${row.id}-usage@equipment-management-suite`,
        start: allDay(forecast.usageDueDate),
        allDay: true,
        summary: `Service due around: ${row.name}`,
        description:
          `${row.name} reaches ${fmt(forecast.dueAtUsage)} ${row.unit === 'n/a' ? '' : row.unit}` +
          (forecast.perDay !== null ? ` at about ${fmt(forecast.perDay)} per day.` : '.'),
      });
  }
  return cal.toString();
}
