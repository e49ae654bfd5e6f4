/**
 * Fleet insight, downtime (issue 45): `GET /api/reports/downtime`. Two statements: each active
 * machine with its usage at the period's ends, the defects opened in it and since when it is out of
 * service; and the out-of-service and back-in-service entries of the company's history in the period
 * (with each machine's last one before it). domain/downtime.ts turns them into availability, mean time
 * to repair and usage between failures, per machine and per type (docs/decisions/fleet-insight.md).
 */
import { sql } from 'drizzle-orm';
import { downtimeOf, type DowntimeMachine, type ServiceEvent } from '@domain/downtime';
import type { DowntimeReport, ReportQuery } from '@domain/schemas/reports';
import { instantOfWallTime } from '@domain/zoned-time';
import { addInterval } from '@domain/dates';
import type { Deps } from '../../deps';
import { listOf } from '../../lib/list-of';
import type { CompanyContext } from '../../plugins/session';
import { companyToday, costNum, findAnyRow, rowsOf } from '../equipment/index';
import { usageAtEndsSql } from './usage-sql';
import { MACHINE_LIMIT, periodOf } from './utilization.service';

const num = (v: string | number) => Number(v);

export async function downtimeReport(
  deps: Deps,
  ctx: CompanyContext,
  q: ReportQuery,
): Promise<DowntimeReport> {
  const today = companyToday(deps, ctx);
  const { from, to } = periodOf(q, today);
  if (q.equipmentId) await findAnyRow(deps.db, ctx, q.equipmentId);
  const tz = ctx.company.timeZone;
  const startAt = instantOfWallTime(from, '00:00', tz)!;
  const endAt = instantOfWallTime(addInterval(to, 1, 'days'), '00:00', tz)!;
  const start = sql`${startAt.toISOString()}::timestamptz`;
  const end = sql`${endAt.toISOString()}::timestamptz`;
  const only = sql`${q.type ? sql`and e.type = ${q.type}` : sql``}
    ${q.equipmentId ? sql`and e.id = ${q.equipmentId}::uuid` : sql``}`;
  const ms = (col: SqlCol) => sql`(extract(epoch from ${sql.raw(col)}) * 1000)::float8`;
  const kinds = sql`n.kind in ('out_of_service', 'back_in_service')`;
  // Both statements side by side (two pooled connections on PostgreSQL).
  const [machineRes, eventRes] = await Promise.all([
    deps.db.execute(sql`
      select e.id, e.name, e.type, e.unit, ${ms('e.date_added')} as added_at,
        ${ms('e.out_of_service_at')} as out_since,
        (select count(*) from inspection_defect d where d.company_id = e.company_id
          and d.equipment_id = e.id and d.created_at >= ${start} and d.created_at < ${end}) as defects,
        ${usageAtEndsSql(start, end)}
      from equipment e
      where e.company_id = ${ctx.companyId}::uuid and e.retired_at is null ${only}
      order by lower(e.name), e.id
      limit ${MACHINE_LIMIT}`),
    deps.db.execute(sql`
      select n.equipment_id, n.kind, ${ms('n.created_at')} as at, n.seq
        from equipment_note n join equipment e on e.id = n.equipment_id
        where n.company_id = ${ctx.companyId}::uuid and ${kinds}
          and n.created_at >= ${start} and n.created_at < ${end}
          and e.retired_at is null ${only}
      union all
      (select distinct on (n.equipment_id) n.equipment_id, n.kind, ${ms('n.created_at')} as at, n.seq
        from equipment_note n join equipment e on e.id = n.equipment_id
        where n.company_id = ${ctx.companyId}::uuid and ${kinds} and n.created_at < ${start}
          and e.retired_at is null ${only}
        order by n.equipment_id, n.created_at desc, n.seq desc)
      order by at, seq`),
  ]);
  const machineRows = rowsOf<{
    id: string;
    name: string;
    type: string;
    unit: string;
    added_at: number | string;
    out_since: number | string | null;
    defects: number | string;
    start_usage: string | number | null;
    end_usage: string | number | null;
  }>(machineRes);
  const eventRows = rowsOf<{ equipment_id: string; kind: string; at: number | string }>(eventRes);
  const events = new Map<string, ServiceEvent[]>();
  for (const r of eventRows)
    listOf(events, r.equipment_id).push({ at: num(r.at), out: r.kind === 'out_of_service' });
  const machines: DowntimeMachine[] = machineRows.map((r) => ({
    equipmentId: r.id,
    name: r.name,
    type: r.type,
    unit: r.unit,
    addedAt: num(r.added_at),
    outSince: r.out_since === null ? null : num(r.out_since),
    defects: num(r.defects),
    events: events.get(r.id) ?? [],
    startUsage: r.start_usage === null ? null : costNum(r.start_usage),
    endUsage: r.end_usage === null ? null : costNum(r.end_usage),
  }));
  return {
    from,
    to,
    ...downtimeOf(
      machines,
      { start: startAt.getTime(), end: endAt.getTime() },
      deps.now().getTime(),
    ),
  };
}

type SqlCol = 'e.date_added' | 'e.out_of_service_at' | 'n.created_at';
