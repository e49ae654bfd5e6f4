/** What the inspections module's files share: an inspection row as read and answered, limits, today. */
import { and, eq, sql } from 'drizzle-orm';
import type { InspectionDto } from '@domain/schemas/inspections';
import type { DbOrTx } from '../../db/client';
import { equipment, inspection, operatorUpdate } from '../../db/schema/index';
import type { Deps } from '../../deps';
import type { CompanyContext } from '../../plugins/session';
import type { Row } from '../equipment/index';

export const LIST_LIMIT = 500;
export const EXPORT_LIMIT = 20_000;

type InspectionRow = typeof inspection.$inferSelect;

export const outOfServiceOf = (
  r: Pick<Row, 'outOfServiceAt' | 'outOfServiceBy' | 'outOfServiceReason'>,
) =>
  r.outOfServiceAt
    ? {
        at: r.outOfServiceAt.toISOString(),
        by: r.outOfServiceBy,
        reason: r.outOfServiceReason ?? '',
      }
    : null;

/** Start of the company's today as an instant: inspections after it count as "inspected today". */
export function todayFilter(deps: Deps, ctx: CompanyContext) {
  const tz = ctx.company.timeZone || 'UTC';
  // A bound on the index's time column first (today is at most a day and a bit away in any zone).
  const since = new Date(deps.now().getTime() - 3 * 86_400_000).toISOString();
  return (col: typeof inspection.createdAt, today: string) =>
    sql`(${col} > ${since}::timestamptz and (${col} at time zone ${tz})::date = ${today}::date)`;
}

export function toInspectionDto(
  r: InspectionRow,
  equipmentName: string,
  readingStatus: string | null,
): InspectionDto {
  return {
    id: r.id,
    equipmentId: r.equipmentId,
    equipmentName,
    templateId: r.templateId,
    templateName: r.templateName,
    operatorName: r.operatorName,
    reading: r.reading,
    readingStatus,
    answers: r.answers,
    failedCount: r.failedCount,
    createdAt: r.createdAt.toISOString(),
    device: r.device,
  };
}

/** Inspections with their machine's name and reading's status (and `at`: the time as the database's text). */
export function inspectionRows(db: DbOrTx, ctx: CompanyContext) {
  return db
    .select({
      i: inspection,
      at: sql<string>`${inspection.createdAt}::text`,
      name: equipment.name,
      status: operatorUpdate.status,
      outOfServiceAt: equipment.outOfServiceAt,
    })
    .from(inspection)
    .innerJoin(
      equipment,
      and(eq(equipment.id, inspection.equipmentId), eq(equipment.companyId, ctx.companyId)),
    )
    .leftJoin(
      operatorUpdate,
      and(
        eq(operatorUpdate.id, inspection.readingUpdateId),
        eq(operatorUpdate.companyId, ctx.companyId),
      ),
    );
}
