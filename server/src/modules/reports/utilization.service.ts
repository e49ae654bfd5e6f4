/**
 * Fleet insight, utilisation (issue 45): `GET /api/reports/utilization`. One statement reads each active
 * machine's usage at the period's start and end and the day its usage last went up; domain/utilization.ts
 * turns them into usage per day, the type's median and idle days (the one function of every screen,
 * export and API answer).
 */
import { sql } from 'drizzle-orm';
import { addInterval } from '@domain/dates';
import type { ReportQuery, UtilizationReport } from '@domain/schemas/reports';
import { utilizationOf } from '@domain/utilization';
import type { Deps } from '../../deps';
import { AppError } from '../../lib/errors';
import type { CompanyContext } from '../../plugins/session';
import { companyToday, findAnyRow, rowsOf } from '../equipment/index';
import {
  periodSql,
  utilizationMachineOf,
  utilizationSql,
  type UtilizationSqlRow,
} from './peer-sql';

export { MACHINE_LIMIT } from './peer-sql';
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
  const { start, end } = periodSql(from, to, ctx.company.timeZone);
  const scope = { company: sql`${ctx.companyId}::uuid` };
  const rows = rowsOf<UtilizationSqlRow>(
    await deps.db.execute(utilizationSql(scope, ctx.company.timeZone, start, end)),
  );
  const machines = rows.map(utilizationMachineOf);
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
