import { and, eq, sql } from 'drizzle-orm';
import { costSplit, machineCost, type CostLine, type CostSplit } from '@domain/costs';
import type { CostsDto, CostsQuery } from '@domain/schemas/work-orders';
import { equipment } from '../../db/schema/index';
import type { Deps } from '../../deps';
import type { CompanyContext } from '../../plugins/session';
import {
  companyToday,
  costLinesSql,
  costNum,
  findAnyRow,
  rowsOf,
  startUsageSql,
} from '../equipment/index';

/** The first month of the window (YYYY-MM-01), `months` months back from today's month (inclusive). */
export function firstMonth(today: string, months: number): string {
  const y = Number(today.slice(0, 4));
  const m = Number(today.slice(5, 7)) - 1 - (months - 1);
  const d = new Date(Date.UTC(y, m, 1));
  return d.toISOString().slice(0, 10);
}

/** Every month from `from` (YYYY-MM-01) to today's, as YYYY-MM. */
function monthsBetween(from: string, today: string): string[] {
  const out: string[] = [];
  const d = new Date(`${from}T00:00:00Z`);
  const last = today.slice(0, 7);
  while (d.toISOString().slice(0, 7) <= last) {
    out.push(d.toISOString().slice(0, 7));
    d.setUTCMonth(d.getUTCMonth() + 1);
  }
  return out;
}

/**
 * Maintenance costs (issue 27): completed work orders (parts, labour, other) and service entries
 * recorded without a work order (their cost counts as other), per month in the company's time zone and
 * per machine, each machine's cost per unit over its usage in the same months. The lines are read by
 * the equipment module's `costLinesSql` and added up by domain/costs.ts, as the machine page's are (one
 * figure everywhere, issue 43). Two statements whatever the fleet size.
 */
export async function costs(deps: Deps, ctx: CompanyContext, q: CostsQuery): Promise<CostsDto> {
  const today = companyToday(deps, ctx);
  const from = firstMonth(today, q.months);
  const tz = sql`${ctx.company.timeZone}`;
  if (q.equipmentId) await findAnyRow(deps.db, ctx, q.equipmentId);
  const lines = sql`${costLinesSql({
    companyId: sql`${ctx.companyId}::uuid`,
    ...(q.equipmentId ? { equipmentId: sql`${q.equipmentId}::uuid` } : {}),
    tz,
    from: sql`${from}`,
  })}`;
  const rows = rowsOf<{
    month: string;
    equipment_id: string;
    parts: string | number;
    labor: string | number;
    other: string | number;
    work_orders: string | number;
  }>(
    await deps.db.execute(sql`
      select l.month, l.equipment_id, sum(l.parts) as parts, sum(l.labor) as labor, sum(l.other) as other,
        sum(l.work_orders) as work_orders
      from (${lines}) l group by l.month, l.equipment_id`),
  );
  const lineOf = (r: (typeof rows)[number]): CostLine => ({
    month: r.month,
    parts: costNum(r.parts),
    labor: costNum(r.labor),
    other: costNum(r.other),
    workOrders: costNum(r.work_orders),
  });
  const byMachine = new Map<string, CostLine[]>();
  for (const r of rows) {
    const list = byMachine.get(r.equipment_id) ?? [];
    list.push(lineOf(r));
    byMachine.set(r.equipment_id, list);
  }
  const fleet = costSplit(rows.map(lineOf));
  const byMonth = new Map(fleet.byMonth.map((m) => [m.month, m]));
  const ids = [...byMachine.keys()];
  const machines =
    ids.length === 0
      ? []
      : await deps.db
          .select({
            id: equipment.id,
            name: equipment.name,
            unit: equipment.unit,
            currentUsage: equipment.currentUsage,
            // The usage at the period's start, as the machine page takes it (equipment/cost-lines.ts).
            // The machine's columns are named in full: drizzle writes a one-table select's columns
            // bare, which the subquery would take as its own.
            startUsage: sql<string | null>`${startUsageSql(
              { companyId: sql.raw('"equipment"."company_id"'), id: sql.raw('"equipment"."id"') },
              { from: sql`${from}`, tz },
            )}`,
          })
          .from(equipment)
          .where(
            and(
              eq(equipment.companyId, ctx.companyId),
              sql`${equipment.id} in (${sql.join(
                ids.map((id) => sql`${id}::uuid`),
                sql`, `,
              )})`,
            ),
          );
  const split = (c: CostSplit): CostSplit => ({
    parts: c.parts,
    labor: c.labor,
    other: c.other,
    total: c.total,
  });
  return {
    months: monthsBetween(from, today).map((month) => {
      const m = byMonth.get(month);
      return { month, ...(m ? split(m) : { parts: 0, labor: 0, other: 0, total: 0 }) };
    }),
    machines: machines
      .map((m) => {
        const c = machineCost(byMachine.get(m.id) ?? [], {
          currentUsage: m.currentUsage,
          startUsage: m.startUsage === null ? null : Number(m.startUsage),
          unit: m.unit,
        });
        return {
          equipmentId: m.id,
          name: m.name,
          unit: m.unit,
          ...split(c),
          usage: c.usage,
          costPerUnit: c.costPerUnit,
        };
      })
      .sort((a, b) => b.total - a.total || a.name.localeCompare(b.name))
      .slice(0, 20),
    totals: split(fleet),
  };
}
