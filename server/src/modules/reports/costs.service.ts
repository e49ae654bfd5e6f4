/**
 * Fleet insight, costs (issue 45): `GET /api/reports/costs`. Three statements whatever the fleet size:
 * each active machine with its usage at the period's ends; its maintenance lines (equipment/cost-lines.ts,
 * the machine page's reader) summed per machine and month; its fill-ups in the period. Plus the
 * company's fuel prices. domain/costs.ts ownershipCost turns them into maintenance, fuel, total and cost
 * per unit, per machine and month (docs/decisions/fleet-insight.md).
 */
import { sql } from 'drizzle-orm';
import { monthsOf, ownershipCost, type CostLine } from '@domain/costs';
import type { FillUp } from '@domain/fuel';
import type { CostsReport, ReportQuery } from '@domain/schemas/reports';
import type { Deps } from '../../deps';
import { listOf } from '../../lib/list-of';
import type { CompanyContext } from '../../plugins/session';
import {
  companyToday,
  costLinesSql,
  costNum,
  fillUpOf,
  fillUpsSql,
  findAnyRow,
  rowsOf,
} from '../equipment/index';
import { pricesUpTo } from '../fuel-prices/index';
import { usageAtEndsSql } from './usage-sql';
import { MACHINE_LIMIT, periodOf } from './utilization.service';

const cents = (n: number) => Math.round(n * 100);

export async function costsReport(
  deps: Deps,
  ctx: CompanyContext,
  q: ReportQuery,
): Promise<CostsReport> {
  const today = companyToday(deps, ctx);
  const { from, to } = periodOf(q, today);
  if (q.equipmentId) await findAnyRow(deps.db, ctx, q.equipmentId);
  const tz = ctx.company.timeZone;
  const start = sql`((${from}::date)::timestamp at time zone ${tz})`;
  const end = sql`((${to}::date + 1)::timestamp at time zone ${tz})`;
  const only = sql`${q.type ? sql`and e.type = ${q.type}` : sql``}
    ${q.equipmentId ? sql`and e.id = ${q.equipmentId}::uuid` : sql``}`;
  const scope = {
    companyId: sql`${ctx.companyId}::uuid`,
    ...(q.equipmentId ? { equipmentId: sql`${q.equipmentId}::uuid` } : {}),
    tz: sql`${tz}`,
    from: sql`${from}`,
    to: sql`${to}`,
  };
  // Four statements side by side (each on its own pooled connection on PostgreSQL; the embedded
  // database runs them one after the other): the answer waits for the slowest, not their sum.
  const [machineRes, lineRes, fillRes, prices] = await Promise.all([
    deps.db.execute(sql`
      select e.id, e.name, e.type, e.unit, ${usageAtEndsSql(start, end)}
      from equipment e
      where e.company_id = ${ctx.companyId}::uuid and e.retired_at is null ${only}
      order by lower(e.name), e.id
      limit ${MACHINE_LIMIT}`),
    deps.db.execute(sql`
      select l.month, l.equipment_id, sum(l.parts) as parts, sum(l.labor) as labor,
        sum(l.other) as other, sum(l.work_orders) as work_orders
      from (${costLinesSql(scope)}) l group by l.month, l.equipment_id`),
    deps.db.execute(sql`${fillUpsSql(scope)}`),
    pricesUpTo(deps.db, ctx.companyId, to),
  ]);
  const machineRows = rowsOf<{
    id: string;
    name: string;
    type: string;
    unit: string;
    start_usage: string | number | null;
    end_usage: string | number | null;
  }>(machineRes);
  const lineRows = rowsOf<{
    month: string;
    equipment_id: string;
    parts: unknown;
    labor: unknown;
    other: unknown;
    work_orders: unknown;
  }>(lineRes);
  const fillRows = rowsOf<Parameters<typeof fillUpOf>[0] & { equipment_id: string }>(fillRes);

  // Pushed, not copied: a machine's year of fill-ups (60 here) spread into a new array each time was
  // quadratic (docs/benchmarks.md "Reports").
  const lines = new Map<string, CostLine[]>();
  for (const r of lineRows)
    listOf(lines, r.equipment_id).push({
      month: r.month,
      parts: costNum(r.parts),
      labor: costNum(r.labor),
      other: costNum(r.other),
      workOrders: costNum(r.work_orders),
    });
  const fills = new Map<string, FillUp[]>();
  for (const r of fillRows) listOf(fills, r.equipment_id).push(fillUpOf(r));

  const months = new Map(monthsOf(from, to).map((m) => [m, { maintenance: 0, fuel: 0 }]));
  const totals = { maintenance: 0, fuel: 0 };
  const machines = machineRows.map((r) => {
    const usage =
      r.start_usage === null || r.end_usage === null
        ? null
        : costNum(r.end_usage) - costNum(r.start_usage);
    const c = ownershipCost(lines.get(r.id) ?? [], fills.get(r.id) ?? [], prices, {
      usage: r.unit === 'n/a' ? null : usage,
      unit: r.unit,
    });
    for (const m of c.byMonth) {
      const month = months.get(m.month);
      if (!month) continue;
      month.maintenance += cents(m.maintenance);
      month.fuel += cents(m.fuel);
    }
    totals.maintenance += cents(c.maintenance);
    totals.fuel += cents(c.fuel);
    return {
      equipmentId: r.id,
      name: r.name,
      type: r.type,
      unit: r.unit,
      maintenance: c.maintenance,
      fuel: c.fuel,
      total: c.total,
      unpricedFillUps: c.unpricedFillUps,
      usage: c.usage,
      costPerUnit: c.costPerUnit,
    };
  });
  return {
    from,
    to,
    currency: 'USD',
    machines,
    months: [...months.entries()].map(([month, m]) => ({
      month,
      maintenance: m.maintenance / 100,
      fuel: m.fuel / 100,
      total: (m.maintenance + m.fuel) / 100,
    })),
    totals: {
      maintenance: totals.maintenance / 100,
      fuel: totals.fuel / 100,
      total: (totals.maintenance + totals.fuel) / 100,
      machines: machines.length,
    },
  };
}
