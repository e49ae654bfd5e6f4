import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { personName } from '@domain/history-text';
import {
  isClosedStatus,
  type WorkOrderDto,
  type WorkOrderListQuery,
  type WorkOrderStatus,
} from '@domain/schemas/work-orders';
import type { DbOrTx } from '../../db/client';
import { equipment, part, stockMove, user, workOrder, workOrderPhoto } from '../../db/schema/index';
import type { Deps } from '../../deps';
import { notFound } from '../../lib/errors';
import type { CompanyContext } from '../../plugins/session';
import { companyToday } from '../equipment/index';

/** Reading work orders: the list (by view and filters) and one order, as the API's DTO. */

const LIST_LIMIT = 1000;
export const round2 = (n: number) => Math.round(n * 100) / 100;

export const notFoundWo = () => notFound('workOrders.notFound');

const assignee = alias(user, 'assignee');

function baseQuery(db: DbOrTx, ctx: CompanyContext) {
  return db
    .select({
      w: workOrder,
      equipmentName: equipment.name,
      unit: equipment.unit,
      aFirst: assignee.firstName,
      aLast: assignee.lastName,
      aEmail: assignee.email,
    })
    .from(workOrder)
    .innerJoin(
      equipment,
      and(eq(equipment.id, workOrder.equipmentId), eq(equipment.companyId, ctx.companyId)),
    )
    .leftJoin(assignee, eq(assignee.id, workOrder.assigneeId));
}
type Joined = Awaited<ReturnType<ReturnType<typeof baseQuery>['where']>>[number];

/** Parts lines and photos of some work orders: two queries whatever their number. */
async function extrasOf(db: DbOrTx, ctx: CompanyContext, ids: string[]) {
  if (ids.length === 0) return { lines: [], photos: [] };
  const [lines, photos] = await Promise.all([
    db
      .select({ m: stockMove, name: part.name, partNumber: part.partNumber, unit: part.unit })
      .from(stockMove)
      .innerJoin(part, eq(part.id, stockMove.partId))
      .where(
        and(
          eq(stockMove.companyId, ctx.companyId),
          inArray(stockMove.workOrderId, ids),
          eq(stockMove.reason, 'used'),
        ),
      )
      .orderBy(asc(stockMove.createdAt), asc(stockMove.id)),
    db
      .select({
        id: workOrderPhoto.id,
        workOrderId: workOrderPhoto.workOrderId,
        createdAt: workOrderPhoto.createdAt,
      })
      .from(workOrderPhoto)
      .where(
        and(eq(workOrderPhoto.companyId, ctx.companyId), inArray(workOrderPhoto.workOrderId, ids)),
      )
      .orderBy(asc(workOrderPhoto.createdAt)),
  ]);
  return { lines, photos };
}

function toDtos(
  rows: Joined[],
  extras: Awaited<ReturnType<typeof extrasOf>>,
  today: string,
): WorkOrderDto[] {
  return rows.map((r) => {
    const w = r.w;
    const parts = extras.lines
      .filter((l) => l.m.workOrderId === w.id)
      .map((l) => {
        const quantity = -l.m.change;
        return {
          id: l.m.id,
          partId: l.m.partId,
          name: l.name,
          partNumber: l.partNumber,
          unit: l.unit,
          quantity,
          unitCost: l.m.unitCost,
          cost: round2(quantity * l.m.unitCost),
          addedBy: l.m.byName,
          createdAt: l.m.createdAt.toISOString(),
        };
      });
    const status = w.status as WorkOrderStatus;
    const done = status === 'done';
    const partsCost = done ? w.partsCost : round2(parts.reduce((s, p) => s + p.cost, 0));
    const laborCost = round2((w.laborHours ?? 0) * (w.laborRate ?? 0));
    return {
      id: w.id,
      number: w.number,
      equipmentId: w.equipmentId,
      equipmentName: r.equipmentName,
      unit: r.unit,
      title: w.title,
      kind: w.kind as WorkOrderDto['kind'],
      priority: w.priority as WorkOrderDto['priority'],
      status,
      dueDate: w.dueDate,
      overdue: !isClosedStatus(status) && w.dueDate !== null && w.dueDate < today,
      assigneeId: w.assigneeId,
      assigneeName: w.assigneeId
        ? personName({ firstName: r.aFirst, lastName: r.aLast, email: r.aEmail })
        : null,
      vendor: w.vendor,
      tasks: w.tasks,
      notes: w.notes,
      defectId: w.defectId,
      taskIds: w.serviceTaskIds ?? [],
      parts,
      photos: extras.photos
        .filter((p) => p.workOrderId === w.id)
        .map((p) => ({ id: p.id, createdAt: p.createdAt.toISOString() })),
      partsCost,
      laborHours: w.laborHours,
      laborRate: w.laborRate,
      laborCost,
      otherCost: w.otherCost,
      total: done ? w.total : round2(partsCost + laborCost + w.otherCost),
      usage: w.usage,
      serviceEntryId: w.serviceEntryId,
      createdBy: w.createdBy,
      createdAt: w.createdAt.toISOString(),
      updatedAt: w.updatedAt.toISOString(),
      completedAt: w.completedAt ? w.completedAt.toISOString() : null,
      completedBy: w.completedBy,
    };
  });
}

/** The first day of the company's current month (YYYY-MM-01). */
const monthStart = (today: string) => `${today.slice(0, 7)}-01`;

export async function listWorkOrders(
  deps: Deps,
  ctx: CompanyContext,
  q: WorkOrderListQuery,
): Promise<WorkOrderDto[]> {
  const today = companyToday(deps, ctx);
  const open = inArray(workOrder.status, ['open', 'in_progress', 'on_hold']);
  const tz = ctx.company.timeZone;
  const views: Record<WorkOrderListQuery['view'], SQL | undefined> = {
    all: undefined,
    open,
    mine: and(open, eq(workOrder.assigneeId, ctx.userId)),
    overdue: and(open, sql`${workOrder.dueDate} < ${today}`),
    done_this_month: and(
      eq(workOrder.status, 'done'),
      sql`(${workOrder.completedAt} at time zone ${tz})::date >= ${monthStart(today)}::date`,
    ),
  };
  const rows = await baseQuery(deps.db, ctx)
    .where(
      and(
        eq(workOrder.companyId, ctx.companyId),
        views[q.view],
        q.status ? eq(workOrder.status, q.status) : undefined,
        q.equipmentId ? eq(workOrder.equipmentId, q.equipmentId) : undefined,
        q.assigneeId ? eq(workOrder.assigneeId, q.assigneeId) : undefined,
      ),
    )
    .orderBy(
      sql`case when ${workOrder.status} in ('done', 'canceled') then 1 else 0 end`,
      sql`${workOrder.dueDate} asc nulls last`,
      desc(workOrder.number),
    )
    .limit(LIST_LIMIT);
  const extras = await extrasOf(
    deps.db,
    ctx,
    rows.map((r) => r.w.id),
  );
  return toDtos(rows, extras, today);
}

export async function getWorkOrder(
  deps: Deps,
  ctx: CompanyContext,
  id: string,
  db: DbOrTx = deps.db,
): Promise<WorkOrderDto> {
  const rows = await baseQuery(db, ctx)
    .where(and(eq(workOrder.id, id), eq(workOrder.companyId, ctx.companyId)))
    .limit(1);
  if (rows.length === 0) throw notFoundWo();
  const [dto] = toDtos(rows, await extrasOf(db, ctx, [id]), companyToday(deps, ctx));
  return dto!;
}
