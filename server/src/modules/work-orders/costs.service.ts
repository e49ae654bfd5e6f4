import { and, eq, sql } from 'drizzle-orm';
import { costPerUnit, usageTracked } from '@domain/costs';
import type { CostsDto, CostsQuery } from '@domain/schemas/work-orders';
import { equipment, equipmentNote, workOrder } from '../../db/schema/index';
import type { Deps } from '../../deps';
import type { CompanyContext } from '../../plugins/session';
import { companyToday, findAnyRow } from '../equipment/index';

const round2 = (n: number) => Math.round(n * 100) / 100;

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
 * per machine. One statement for the rows, whatever the fleet size.
 */
export async function costs(deps: Deps, ctx: CompanyContext, q: CostsQuery): Promise<CostsDto> {
  const today = companyToday(deps, ctx);
  const from = firstMonth(today, q.months);
  const tz = ctx.company.timeZone;
  if (q.equipmentId) await findAnyRow(deps.db, ctx, q.equipmentId);
  const machine = (col: unknown) => (q.equipmentId ? sql`and ${col} = ${q.equipmentId}` : sql``);
  const woMonth = sql`to_char(${workOrder.completedAt} at time zone ${tz}, 'YYYY-MM')`;
  const rows = await deps.db.execute<{
    month: string;
    equipment_id: string;
    parts: string | number;
    labor: string | number;
    other: string | number;
  }>(sql`
    select month, equipment_id, sum(parts) as parts, sum(labor) as labor, sum(other) as other from (
      select ${woMonth} as month, ${workOrder.equipmentId} as equipment_id,
             ${workOrder.partsCost} as parts,
             round(coalesce(${workOrder.laborHours}, 0) * coalesce(${workOrder.laborRate}, 0), 2) as labor,
             ${workOrder.otherCost} as other
      from ${workOrder}
      where ${workOrder.companyId} = ${ctx.companyId} and ${workOrder.status} = 'done'
        and (${workOrder.completedAt} at time zone ${tz})::date >= ${from}::date
        ${machine(workOrder.equipmentId)}
      union all
      select to_char(${equipmentNote.serviceDate}, 'YYYY-MM'), ${equipmentNote.equipmentId}, 0, 0, ${equipmentNote.cost}
      from ${equipmentNote}
      where ${equipmentNote.companyId} = ${ctx.companyId} and ${equipmentNote.type} = 'maintenance'
        and ${equipmentNote.voidedAt} is null and ${equipmentNote.cost} is not null
        and ${equipmentNote.serviceDate} >= ${from}::date
        and not exists (select 1 from ${workOrder} w where w.service_entry_id = ${equipmentNote.id})
        ${machine(equipmentNote.equipmentId)}
    ) c group by month, equipment_id`);
  const list = (Array.isArray(rows) ? rows : (rows as { rows: typeof rows }).rows) as unknown as {
    month: string;
    equipment_id: string;
    parts: string | number;
    labor: string | number;
    other: string | number;
  }[];
  const split = () => ({ parts: 0, labor: 0, other: 0, total: 0 });
  const byMonth = new Map(monthsBetween(from, today).map((m) => [m, split()]));
  const byMachine = new Map<string, ReturnType<typeof split>>();
  const totals = split();
  for (const r of list) {
    const parts = Number(r.parts);
    const labor = Number(r.labor);
    const other = Number(r.other);
    for (const s of [
      byMonth.get(r.month),
      byMachine.get(r.equipment_id) ?? byMachine.set(r.equipment_id, split()).get(r.equipment_id),
      totals,
    ]) {
      if (!s) continue;
      s.parts += parts;
      s.labor += labor;
      s.other += other;
      s.total += parts + labor + other;
    }
  }
  const fix = <T extends ReturnType<typeof split>>(s: T): T => ({
    ...s,
    parts: round2(s.parts),
    labor: round2(s.labor),
    other: round2(s.other),
    total: round2(s.total),
  });
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
            // The first known usage (the earliest remaining reading's usage before it, else its value),
            // as the machine page and the service log take it. The machine's columns are named in full:
            // drizzle writes a one-table select's columns bare, which the subquery would take as its own.
            firstUsage: sql<
              string | null
            >`(select coalesce(${equipmentNote.previousUsage}, ${equipmentNote.usage})
              from ${equipmentNote}
              where ${equipmentNote.companyId} = "equipment"."company_id" and ${equipmentNote.equipmentId} = "equipment"."id"
                and ${equipmentNote.type} = 'usage_update' and ${equipmentNote.voidedAt} is null
              order by ${equipmentNote.createdAt}, ${equipmentNote.id} limit 1)`,
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
  return {
    months: [...byMonth.entries()].map(([month, s]) => ({ month, ...fix(s) })),
    machines: machines
      .map((m) => {
        const s = fix(byMachine.get(m.id)!);
        const usage = usageTracked(
          m.currentUsage,
          m.firstUsage === null ? null : Number(m.firstUsage),
        );
        return {
          equipmentId: m.id,
          name: m.name,
          unit: m.unit,
          ...s,
          usage,
          costPerUnit: costPerUnit(s.total, usage, m.unit),
        };
      })
      .sort((a, b) => b.total - a.total || a.name.localeCompare(b.name))
      .slice(0, 20),
    totals: fix(totals),
  };
}
