import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { personName } from '@domain/history-text';
import {
  canMove,
  isClosedStatus,
  type WorkOrderDto,
  type WorkOrderInput,
  type WorkOrderPatch,
  type WorkOrderProposal,
  type WorkOrderStatus,
} from '@domain/schemas/work-orders';
import type { DbOrTx, Tx } from '../../db/client';
import {
  company,
  part,
  user,
  workOrder,
  workOrderPhoto,
  type WorkOrderTask,
} from '../../db/schema/index';
import type { Deps } from '../../deps';
import { AppError, isUniqueViolation } from '../../lib/errors';
import { keyReused } from '../../lib/idempotency';
import type { CompanyContext } from '../../plugins/session';
import { findAnyRow, findRow } from '../equipment/index';
import { defectPhotoTx, openDefectOf } from '../inspections/index';
import { findTask, machineTaskIdsOf } from '../schedule/index';
import { actorName, actorOf, record } from '../ledger/index';
import { getWorkOrder, notFoundWo } from './read';

/**
 * Work orders and their status machine: creating one (from a machine or a defect), editing it and
 * moving it between open, in progress, on hold and canceled; who it can be assigned to, and what a new
 * one proposes. Completing one (costs, stock, the service entry) is completion.service.ts.
 */

export type WorkOrderRow = typeof workOrder.$inferSelect;

const ASSIGNABLE = ['owner', 'manager', 'technician'];

export async function lockWorkOrder(
  tx: Tx,
  ctx: CompanyContext,
  id: string,
): Promise<WorkOrderRow> {
  const [w] = await tx
    .select()
    .from(workOrder)
    .where(and(eq(workOrder.id, id), eq(workOrder.companyId, ctx.companyId)))
    .for('update')
    .limit(1);
  if (!w) throw notFoundWo();
  return w;
}

export const closed = (status: string) =>
  new AppError('conflict', 'workOrders.closed', { params: { status } });

async function checkAssignee(db: DbOrTx, ctx: CompanyContext, id: string | null | undefined) {
  if (!id) return;
  const [u] = await db
    .select({ id: user.id })
    .from(user)
    .where(and(eq(user.id, id), eq(user.companyId, ctx.companyId), inArray(user.role, ASSIGNABLE)))
    .limit(1);
  if (!u)
    throw new AppError('validation', 'workOrders.assigneeNotFound', {
      fieldErrors: { assigneeId: 'workOrders.assigneeNotFound' },
    });
}

const tasksOf = (
  tasks: { id?: string | undefined; label: string; done: boolean }[],
): WorkOrderTask[] =>
  tasks.map((t) => ({ id: t.id ?? randomUUID(), label: t.label, done: t.done }));

/** The one history entry of a status change (through the ledger). */
export async function statusEntry(
  tx: Tx,
  ctx: CompanyContext,
  w: Pick<WorkOrderRow, 'equipmentId' | 'number' | 'title'>,
  from: WorkOrderStatus | null,
  to: WorkOrderStatus,
  at: Date,
  total: number | null = null,
) {
  await record(tx, actorOf(ctx), w.equipmentId, at, {
    kind: 'work_order',
    params: { number: w.number, title: w.title, from, status: to, total },
  });
}

/** POST /api/work-orders (idempotent by the phone's key: the same key and request answers the first). */
export async function createWorkOrder(
  deps: Deps,
  ctx: CompanyContext,
  input: WorkOrderInput,
  key: string | null,
): Promise<{ created: boolean; workOrder: WorkOrderDto }> {
  if (key) {
    const prior = await priorByKey(deps.db, ctx, key);
    if (prior) {
      if (prior.equipmentId !== input.equipmentId || prior.title !== input.title) throw keyReused();
      return { created: false, workOrder: await getWorkOrder(deps, ctx, prior.id) };
    }
  }
  const now = deps.now();
  try {
    const id = await deps.db.transaction(async (tx) => {
      const e = await findRow(tx, ctx, input.equipmentId);
      await checkAssignee(tx, ctx, input.assigneeId);
      const serviceTaskIds = await machineTaskIdsOf(tx, ctx, e.id, input.taskIds ?? []);
      let notes = input.notes ?? null;
      let defectPhoto: { contentType: string; data: Buffer } | undefined;
      if (input.defectId) {
        const d = await openDefectOf(tx, ctx, input.defectId);
        if (d.equipmentId !== e.id)
          throw new AppError('validation', 'workOrders.defectOtherMachine', {
            fieldErrors: { defectId: 'workOrders.defectOtherMachine' },
          });
        // The defect's note (an operator's reported problem: their own words) and its photo carry over.
        const said = defectWords(d);
        if (!notes && said) notes = said;
        if (d.photoKey) defectPhoto = await defectPhotoTx(tx, ctx, d.id);
      }
      // The company's next number: its row locked (not its key) while the order is written.
      await tx
        .select({ id: company.id })
        .from(company)
        .where(eq(company.id, ctx.companyId))
        .for('no key update');
      const [n] = await tx
        .select({ max: sql<number>`coalesce(max(${workOrder.number}), 0)::int` })
        .from(workOrder)
        .where(eq(workOrder.companyId, ctx.companyId));
      const number = Number(n?.max ?? 0) + 1;
      const [w] = await tx
        .insert(workOrder)
        .values({
          companyId: ctx.companyId,
          number,
          equipmentId: e.id,
          title: input.title,
          kind: input.kind,
          priority: input.priority,
          status: 'open',
          dueDate: input.dueDate ?? null,
          assigneeId: input.assigneeId ?? null,
          vendor: input.vendor ?? null,
          tasks: tasksOf(input.tasks),
          notes,
          defectId: input.defectId ?? null,
          serviceTaskIds,
          createdBy: actorName(ctx),
          createdByUserId: ctx.userId,
          createdAt: now,
          updatedAt: now,
          idempotencyKey: key,
        })
        .returning();
      if (!w) throw new Error('insert returned nothing');
      if (defectPhoto)
        await tx.insert(workOrderPhoto).values({
          companyId: ctx.companyId,
          workOrderId: w.id,
          photoKey: `${w.id}:defect`,
          contentType: defectPhoto.contentType,
          byteSize: defectPhoto.data.length,
          data: defectPhoto.data,
          uploadedBy: ctx.userId,
          createdAt: now,
        });
      await statusEntry(tx, ctx, w, null, 'open', now);
      return w.id;
    });
    return { created: true, workOrder: await getWorkOrder(deps, ctx, id) };
  } catch (err) {
    // The same key recorded by a concurrent request in the meantime.
    if (key && isUniqueViolation(err)) {
      const prior = await priorByKey(deps.db, ctx, key);
      if (prior) return { created: false, workOrder: await getWorkOrder(deps, ctx, prior.id) };
    }
    throw err;
  }
}

async function priorByKey(db: DbOrTx, ctx: CompanyContext, key: string) {
  const [w] = await db
    .select({ id: workOrder.id, equipmentId: workOrder.equipmentId, title: workOrder.title })
    .from(workOrder)
    .where(and(eq(workOrder.companyId, ctx.companyId), eq(workOrder.idempotencyKey, key)))
    .limit(1);
  return w;
}

const TECHNICIAN_FIELDS = new Set(['status', 'tasks', 'notes']);

/** PATCH /api/work-orders/:id: a status change (open, in progress, on hold, canceled) and/or fields. */
export async function updateWorkOrder(
  deps: Deps,
  ctx: CompanyContext,
  id: string,
  patch: WorkOrderPatch,
): Promise<WorkOrderDto> {
  const sent = Object.entries(patch).filter(([, v]) => v !== undefined);
  if (ctx.role === 'technician' && sent.some(([k]) => !TECHNICIAN_FIELDS.has(k)))
    throw new AppError('forbidden', 'workOrders.technicianFields');
  if (patch.status === 'done') throw new AppError('validation', 'workOrders.useComplete');
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const w = await lockWorkOrder(tx, ctx, id);
    const from = w.status as WorkOrderStatus;
    if (isClosedStatus(from)) throw closed(from);
    const to = patch.status;
    if (to && to !== from && !canMove(from, to))
      throw new AppError('conflict', 'workOrders.transition', { params: { from, to } });
    if (patch.assigneeId !== undefined) await checkAssignee(tx, ctx, patch.assigneeId);
    const assigneeId = patch.assigneeId !== undefined ? patch.assigneeId : w.assigneeId;
    const vendor = patch.vendor !== undefined ? patch.vendor : w.vendor;
    if (assigneeId && vendor && (patch.assigneeId !== undefined || patch.vendor !== undefined)) {
      // Assigning one clears the other, unless both were sent.
      if (patch.assigneeId && patch.vendor)
        throw new AppError('validation', 'workOrders.assigneeOrVendor');
    }
    const set: Partial<typeof workOrder.$inferInsert> = { updatedAt: now };
    if (patch.title !== undefined) set.title = patch.title;
    if (patch.kind !== undefined) set.kind = patch.kind;
    if (patch.priority !== undefined) set.priority = patch.priority;
    if (patch.dueDate !== undefined) set.dueDate = patch.dueDate;
    if (patch.assigneeId !== undefined) {
      set.assigneeId = patch.assigneeId;
      if (patch.assigneeId) set.vendor = null;
    }
    if (patch.vendor !== undefined) {
      set.vendor = patch.vendor;
      if (patch.vendor) set.assigneeId = null;
    }
    if (patch.tasks !== undefined) set.tasks = tasksOf(patch.tasks);
    if (patch.notes !== undefined) set.notes = patch.notes;
    if (patch.taskIds !== undefined)
      set.serviceTaskIds = await machineTaskIdsOf(tx, ctx, w.equipmentId, patch.taskIds);
    if (to && to !== from) set.status = to;
    await tx
      .update(workOrder)
      .set(set)
      .where(and(eq(workOrder.id, w.id), eq(workOrder.companyId, ctx.companyId)));
    if (to && to !== from)
      await statusEntry(tx, ctx, { ...w, title: set.title ?? w.title }, from, to, now);
  });
  return getWorkOrder(deps, ctx, id);
}

/** People a work order can be assigned to: the company's owners, managers and technicians. */
export async function assignees(deps: Deps, ctx: CompanyContext) {
  const rows = await deps.db
    .select({
      id: user.id,
      role: user.role,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
    })
    .from(user)
    .where(and(eq(user.companyId, ctx.companyId), inArray(user.role, ASSIGNABLE)))
    .orderBy(asc(user.firstName))
    .limit(500);
  return rows.map((u) => ({ id: u.id, role: u.role, name: personName(u) }));
}

/** What the operator said about a defect: its note, else a reported problem's own words. */
const defectWords = (d: { note: string; itemLabel: string; reported: boolean }) =>
  d.note || (d.reported ? d.itemLabel : '');

/**
 * What a new work order for a machine starts from: its service parts as tasks and, by part number
 * (else name), the catalogue parts they name (Create work order from Due soon / the machine page).
 * From an open defect of the machine: the defect's item as the one task, the operator's words and
 * whether it has a photo (the order carries them over when created), and no service parts.
 */
export async function proposalFor(
  deps: Deps,
  ctx: CompanyContext,
  equipmentId: string,
  defectId?: string,
  taskId?: string,
): Promise<WorkOrderProposal> {
  const e = await findAnyRow(deps.db, ctx, equipmentId);
  // From a service task (Due soon, the schedule card): its parts instead of the machine's.
  const task = taskId ? await findTask(deps.db, ctx, e.id, taskId) : null;
  if (defectId) {
    const d = await openDefectOf(deps.db, ctx, defectId);
    if (d.equipmentId !== e.id)
      throw new AppError('validation', 'workOrders.defectOtherMachine', {
        fieldErrors: { defectId: 'workOrders.defectOtherMachine' },
      });
    return {
      equipmentId: e.id,
      title: e.name,
      tasks: [d.itemLabel.slice(0, 200)],
      parts: [],
      defect: { id: d.id, item: d.itemLabel, said: defectWords(d), hasPhoto: d.photoKey !== null },
    };
  }
  // The primary task's parts are the machine's own Service Parts (the equipment form's).
  const source =
    task && !task.isPrimary
      ? task.parts.map((p) => ({
          part: p.part,
          partNumber: null as string | null,
          qty: p.qty ?? null,
          partId: p.partId ?? null,
        }))
      : e.serviceParts;
  const names = source.map((p) => p.part);
  const numbers = source.flatMap((p) => (p.partNumber ? [p.partNumber] : []));
  const ids = source.flatMap((p) => (p.partId ? [p.partId] : []));
  const catalogue =
    names.length === 0
      ? []
      : await deps.db
          .select({
            id: part.id,
            name: part.name,
            partNumber: part.partNumber,
            onHand: part.onHand,
            unit: part.unit,
          })
          .from(part)
          .where(
            and(
              eq(part.companyId, ctx.companyId),
              sql`(${ids.length ? inArray(part.id, ids) : sql`false`} or ${numbers.length ? inArray(part.partNumber, numbers) : sql`false`} or lower(${part.name}) in (${sql.join(
                names.map((n) => sql`${n.toLowerCase()}`),
                sql`, `,
              )}))`,
            ),
          )
          .limit(50);
  return {
    equipmentId: e.id,
    title: e.name,
    defect: null,
    task: task
      ? {
          id: task.id,
          name: task.name,
          primary: task.isPrimary,
          estimatedCost: task.estimatedCost,
        }
      : null,
    // A task of its own with no parts: the task itself is the work.
    tasks:
      task && !task.isPrimary && source.length === 0
        ? [task.name]
        : source.map((p) => (p.qty ? `${p.part} × ${p.qty}` : p.part)),
    parts: source.flatMap((sp) => {
      // The catalogue part it points at; a list written before that, by part number, else name.
      const match = sp.partId
        ? catalogue.find((c) => c.id === sp.partId)
        : catalogue.find(
            (c) =>
              (sp.partNumber && c.partNumber === sp.partNumber) ||
              c.name.toLowerCase() === sp.part.toLowerCase(),
          );
      return match
        ? [
            {
              partId: match.id,
              name: match.name,
              quantity: sp.qty ?? 1,
              onHand: match.onHand,
              unit: match.unit,
            },
          ]
        : [];
    }),
  };
}
