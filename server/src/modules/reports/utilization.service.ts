/**
 * Fleet insight, utilisation (issue 45): `GET /api/reports/utilization`. One statement reads each active
 * machine's usage at the period's start and end and the day its usage last went up; domain/utilization.ts
 * turns them into usage per day, the type's median and idle days (the one function of every screen,
 * export and API answer).
 */
import { sql } from 'drizzle-orm';
import { addInterval } from '@domain/dates';
import type { ReportQuery, UtilizationReport } from '@domain/schemas/reports';
import { utilizationOf, type UtilizationMachine } from '@domain/utilization';
import type { Deps } from '../../deps';
import { AppError } from '../../lib/errors';
import type { CompanyContext } from '../../plugins/session';
import { companyToday, costNum, findAnyRow, rowsOf } from '../equipment/index';
import { usageAtEndsSql } from './usage-sql';

/** A company's machines are bounded by its plan (a few thousand); the report reads at most this many. */
export const MACHINE_LIMIT = 10_000;
/** The default period: the 30 days ending today. */
const DEFAULT_DAYS = 30;

/** The period a report covers: the query's, else the 30 days ending today; never past today. */
export function periodOf(q: Pick<ReportQuery, 'from' | 'to'>, today: string) {
  const to = q.to ?? today;
  if (to > today)
    throw new AppError('validation', 'reports.futureEnd', {
      fieldErrors: { to: 'reports.futureEnd' },
    });
  const from = q.from ?? addInterval(to, -(DEFAULT_DAYS - 1), 'days');
  return { from, to };
}

export async function utilizationReport(
  deps: Deps,
  ctx: CompanyContext,
  q: ReportQuery,
): Promise<UtilizationReport> {
  const today = companyToday(deps, ctx);
  const { from, to } = periodOf(q, today);
  if (q.equipmentId) await findAnyRow(deps.db, ctx, q.equipmentId);
  const tz = ctx.company.timeZone;
  const start = sql`((${from}::date)::timestamp at time zone ${tz})`;
  const end = sql`((${to}::date + 1)::timestamp at time zone ${tz})`;
  const readings = sql`n.company_id = e.company_id and n.equipment_id = e.id
    and n.type = 'usage_update' and n.voided_at is null and n.usage is not null`;
  const rows = rowsOf<{
    id: string;
    name: string;
    type: string;
    unit: string;
    added_on: string;
    start_usage: string | number | null;
    end_usage: string | number | null;
    last_used_on: string | null;
  }>(
    await deps.db.execute(sql`
      select e.id, e.name, e.type, e.unit,
        to_char(e.date_added at time zone ${tz}, 'YYYY-MM-DD') as added_on,
        ${usageAtEndsSql(start, end)},
        (select to_char(max(n.created_at) at time zone ${tz}, 'YYYY-MM-DD') from equipment_note n
          where ${readings} and n.usage > n.previous_usage) as last_used_on
      from equipment e
      where e.company_id = ${ctx.companyId}::uuid and e.retired_at is null
      order by lower(e.name), e.id
      limit ${MACHINE_LIMIT}`),
  );
  const machines: UtilizationMachine[] = rows.map((r) => ({
    equipmentId: r.id,
    name: r.name,
    type: r.type,
    unit: r.unit,
    addedOn: r.added_on,
    startUsage: r.start_usage === null ? null : costNum(r.start_usage),
    endUsage: r.end_usage === null ? null : costNum(r.end_usage),
    lastUsedOn: r.last_used_on,
  }));
  // Peers are every machine of the type: the filters choose the rows shown, not the median's company.
  const report = utilizationOf(machines, { from, to }, today);
  const shown = report.machines.filter(
    (m) => (!q.type || m.type === q.type) && (!q.equipmentId || m.equipmentId === q.equipmentId),
  );
  return {
    from,
    to,
    machines: shown,
    totals: { machines: shown.length, idle: shown.filter((m) => m.idle).length },
  };
}
