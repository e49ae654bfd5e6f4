/** Inspections read back: the history list, a machine's printable report, the dashboard card. */
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type {
  InspectionDto,
  InspectionReport,
  InspectionsSummary,
} from '@domain/schemas/inspections';
import { equipment, inspection } from '../../db/schema/index';
import type { Deps } from '../../deps';
import type { CompanyContext } from '../../plugins/session';
import { companyToday, findAnyRow, machineIdentityOf } from '../equipment/index';
import {
  LIST_LIMIT,
  EXPORT_LIMIT,
  outOfServiceOf,
  todayFilter,
  toInspectionDto,
  inspectionRows,
} from './inspection-rows';
import { activeTemplates } from './templates.service';
import { listDefects } from './defects.service';

export async function listInspections(
  deps: Deps,
  ctx: CompanyContext,
  q: { equipmentId?: string | undefined; limit: number },
): Promise<InspectionDto[]> {
  const rows = await inspectionRows(deps.db, ctx)
    .where(
      and(
        eq(inspection.companyId, ctx.companyId),
        q.equipmentId ? eq(inspection.equipmentId, q.equipmentId) : undefined,
      ),
    )
    .orderBy(desc(inspection.createdAt))
    .limit(Math.min(q.limit, EXPORT_LIMIT));
  return rows.map((r) => toInspectionDto(r.i, r.name, r.status));
}

export async function inspectionReport(
  deps: Deps,
  ctx: CompanyContext,
  equipmentId: string,
): Promise<InspectionReport> {
  const e = await findAnyRow(deps.db, ctx, equipmentId);
  const [inspections, defects] = await Promise.all([
    listInspections(deps, ctx, { equipmentId: e.id, limit: LIST_LIMIT }),
    listDefects(deps, ctx, { status: 'all', equipmentId: e.id }),
  ]);
  return {
    equipment: {
      ...machineIdentityOf(e),
      outOfService: outOfServiceOf(e),
    },
    inspections,
    defects,
  };
}

const SUMMARY_LIMIT = 50;

/** The dashboard card: open defects, machines out of service, machines with a daily checklist not inspected today. */
export async function inspectionsSummary(
  deps: Deps,
  ctx: CompanyContext,
): Promise<InspectionsSummary> {
  const today = companyToday(deps, ctx);
  const daily = (await activeTemplates(deps.db, ctx.companyId)).filter((t) => t.daily);
  const types = [...new Set(daily.flatMap((t) => t.equipmentTypes))];
  const ids = [...new Set(daily.flatMap((t) => t.equipmentIds))];
  const openDefects = (await listDefects(deps, ctx, { status: 'open' })).slice(0, SUMMARY_LIMIT);
  const oos = await deps.db
    .select({
      id: equipment.id,
      name: equipment.name,
      reason: equipment.outOfServiceReason,
      at: equipment.outOfServiceAt,
    })
    .from(equipment)
    .where(
      and(
        eq(equipment.companyId, ctx.companyId),
        isNull(equipment.retiredAt),
        isNotNull(equipment.outOfServiceAt),
      ),
    )
    .orderBy(asc(equipment.name))
    .limit(SUMMARY_LIMIT);
  let notInspectedToday: InspectionsSummary['notInspectedToday'] = [];
  let notInspectedTotal = 0;
  if (types.length > 0 || ids.length > 0) {
    const applies = sql`(${types.length ? inArray(equipment.type, types) : sql`false`} or ${
      ids.length ? inArray(equipment.id, ids) : sql`false`
    })`;
    const notDone = sql`not exists (select 1 from ${inspection} where ${inspection.equipmentId} = ${equipment.id} and ${inspection.companyId} = ${ctx.companyId} and ${todayFilter(deps, ctx)(inspection.createdAt, today)})`;
    const where = and(
      eq(equipment.companyId, ctx.companyId),
      isNull(equipment.retiredAt),
      applies,
      notDone,
    );
    notInspectedToday = await deps.db
      .select({ id: equipment.id, name: equipment.name, type: equipment.type })
      .from(equipment)
      .where(where)
      .orderBy(asc(equipment.name))
      .limit(SUMMARY_LIMIT);
    const [n] = await deps.db.select({ n: count() }).from(equipment).where(where);
    notInspectedTotal = Number(n?.n ?? 0);
  }
  return {
    openDefects,
    outOfService: oos.map((r) => ({
      id: r.id,
      name: r.name,
      reason: r.reason ?? '',
      at: r.at ? r.at.toISOString() : '',
    })),
    notInspectedToday,
    notInspectedTotal,
  };
}
