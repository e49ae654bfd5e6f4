import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { personName } from '@domain/history-text';
import {
  canMove,
  isClosedStatus,
  type CompleteInput,
  type WorkOrderDto,
  type WorkOrderInput,
  type WorkOrderListQuery,
  type WorkOrderPatch,
  type WorkOrderPartInput,
  type WorkOrderPhotoInput,
  type WorkOrderStatus,
} from '@domain/schemas/work-orders';
import type { DbOrTx, Tx } from '../../db/client';
import {
  company,
  equipment,
  equipmentNote,
  part,
  stockMove,
  user,
  workOrder,
  workOrderPhoto,
  type WorkOrderTask,
} from '../../db/schema/index';
import type { Deps } from '../../deps';
import { AppError, isUniqueViolation, notFound } from '../../lib/errors';
import { keyReused } from '../../lib/idempotency';
import type { CompanyContext } from '../../plugins/session';
import { companyToday, findAnyRow, findRow } from '../equipment/index';
import { recordServiceTx } from '../equipment/index';
import { decodePhoto } from '../field/index';
import { defectPhotoTx, openDefectOf, resolveDefectTx } from '../inspections/index';
import { enqueueEvents, kickDelivery } from '../events/index';
import { actorName, actorOf, bumpEquipmentVersion, record } from '../ledger/index';
import { moveByKey, moveStock } from '../parts/index';

type WorkOrderRow = typeof workOrder.$inferSelect;

const LIST_LIMIT = 1000;
const ASSIGNABLE = ['owner', 'manager', 'technician'];
const round2 = (n: number) => Math.round(n * 100) / 100;

const notFoundWo = () => notFound('workOrders.notFound');

// ---- Reading -------------------------------------------------------------------------------------------

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

// ---- Writing -------------------------------------------------------------------------------------------

async function lockWorkOrder(tx: Tx, ctx: CompanyContext, id: string): Promise<WorkOrderRow> {
  const [w] = await tx
    .select()
    .from(workOrder)
    .where(and(eq(workOrder.id, id), eq(workOrder.companyId, ctx.companyId)))
    .for('update')
    .limit(1);
  if (!w) throw notFoundWo();
  return w;
}

const closed = (status: string) =>
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
async function statusEntry(
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
      let notes = input.notes ?? null;
      let defectPhoto: { contentType: string; data: Buffer } | undefined;
      if (input.defectId) {
        const d = await openDefectOf(tx, ctx, input.defectId);
        if (!d) throw new AppError('conflict', 'inspections.defectResolved');
        if (d.equipmentId !== e.id)
          throw new AppError('validation', 'workOrders.defectOtherMachine', {
            fieldErrors: { defectId: 'workOrders.defectOtherMachine' },
          });
        // The defect's note (an operator's reported problem: their own words) and its photo carry over.
        const said = d.note || (d.reported ? d.itemLabel : '');
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

/** Draws parts for an order (a "used" stock move each), inside the caller's transaction. */
async function drawParts(
  tx: Tx,
  ctx: CompanyContext,
  w: WorkOrderRow,
  parts: WorkOrderPartInput[],
  at: Date,
  key: string | null,
) {
  for (const [i, p] of parts.entries())
    await moveStock(tx, {
      companyId: ctx.companyId,
      partId: p.partId,
      change: -p.quantity,
      reason: 'used',
      note: null,
      workOrderId: w.id,
      userId: ctx.userId,
      byName: actorName(ctx),
      idempotencyKey: key ? (parts.length > 1 ? `${key}#${i}` : key) : null,
      at,
    });
}

/** POST /api/work-orders/:id/parts: a part used on the order, taken from stock at once. */
export async function addPart(
  deps: Deps,
  ctx: CompanyContext,
  id: string,
  input: WorkOrderPartInput,
  key: string | null,
): Promise<{ created: boolean; workOrder: WorkOrderDto }> {
  if (key) {
    const prior = await moveByKey(deps.db, ctx.companyId, key);
    if (prior) {
      if (
        prior.workOrderId !== id ||
        prior.partId !== input.partId ||
        -prior.change !== input.quantity
      )
        throw keyReused();
      return { created: false, workOrder: await getWorkOrder(deps, ctx, id) };
    }
  }
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const w = await lockWorkOrder(tx, ctx, id);
    if (isClosedStatus(w.status as WorkOrderStatus)) throw closed(w.status);
    await drawParts(tx, ctx, w, [input], now, key);
    await tx
      .update(workOrder)
      .set({ updatedAt: now })
      .where(and(eq(workOrder.id, w.id), eq(workOrder.companyId, ctx.companyId)));
  });
  return { created: true, workOrder: await getWorkOrder(deps, ctx, id) };
}

/**
 * POST /api/work-orders/:id/complete: one transaction. Any last parts are drawn, the costs are fixed,
 * a service order writes its service entry exactly as Mark as Serviced does (the interval resets, the
 * forecast moves), a linked defect is resolved, and the status change is written to the machine's
 * record. Anything refused on the way leaves nothing behind. The same Idempotency-Key answers the
 * completed order again.
 */
export async function completeWorkOrder(
  deps: Deps,
  ctx: CompanyContext,
  id: string,
  input: CompleteInput,
  key: string | null,
): Promise<{ created: boolean; workOrder: WorkOrderDto }> {
  const now = deps.now();
  const today = companyToday(deps, ctx);
  const replay = await deps.db.transaction(async (tx) => {
    const w = await lockWorkOrder(tx, ctx, id);
    const from = w.status as WorkOrderStatus;
    if (from === 'done' && key && w.completeKey === key) return true;
    if (isClosedStatus(from)) throw closed(from);
    let e = await findRow(tx, ctx, w.equipmentId, true);
    await drawParts(tx, ctx, w, input.parts, now, key ? `${key}:parts` : null);
    const lines = await tx
      .select({
        change: stockMove.change,
        unitCost: stockMove.unitCost,
        name: part.name,
        partNumber: part.partNumber,
      })
      .from(stockMove)
      .innerJoin(part, eq(part.id, stockMove.partId))
      .where(
        and(
          eq(stockMove.companyId, ctx.companyId),
          eq(stockMove.workOrderId, w.id),
          eq(stockMove.reason, 'used'),
        ),
      )
      .orderBy(asc(stockMove.createdAt), asc(stockMove.id));
    const partsCost = round2(lines.reduce((s, l) => s + -l.change * l.unitCost, 0));
    const laborHours = input.laborHours ?? w.laborHours ?? null;
    const laborRate = input.laborRate ?? w.laborRate ?? null;
    const laborCost = round2((laborHours ?? 0) * (laborRate ?? 0));
    const otherCost = round2(input.otherCost ?? w.otherCost ?? 0);
    const total = round2(partsCost + laborCost + otherCost);
    const notes = input.notes ?? w.notes ?? null;
    let serviceEntryId: string | null = null;
    if (w.kind === 'service') {
      const performedBy = await performerOf(tx, ctx, w);
      e = await recordServiceTx(
        tx,
        deps,
        ctx,
        e,
        {
          ...(input.usage !== null && input.usage !== undefined ? { usage: input.usage } : {}),
          parts: lines.map((l) => ({ part: l.name, partNumber: l.partNumber, qty: -l.change })),
          cost: total,
          performedBy,
          notes: [`#${w.number} ${w.title}`, input.notes].filter(Boolean).join(' · '),
        },
        today,
      );
      const [entry] = await tx
        .select({ id: equipmentNote.id })
        .from(equipmentNote)
        .where(
          and(
            eq(equipmentNote.companyId, ctx.companyId),
            eq(equipmentNote.equipmentId, e.id),
            eq(equipmentNote.type, 'maintenance'),
          ),
        )
        .orderBy(desc(equipmentNote.seq))
        .limit(1);
      serviceEntryId = entry?.id ?? null;
    }
    if (w.defectId)
      await resolveDefectTx(
        tx,
        ctx,
        w.defectId,
        e,
        { note: notes || w.title, serviceEntryId, returnToService: input.returnToService },
        now,
      );
    await tx
      .update(workOrder)
      .set({
        status: 'done',
        laborHours,
        laborRate,
        otherCost,
        partsCost,
        total,
        notes,
        usage: input.usage ?? e.currentUsage,
        serviceEntryId,
        completedAt: now,
        completedBy: actorName(ctx),
        completedByUserId: ctx.userId,
        completeKey: key,
        updatedAt: now,
      })
      .where(and(eq(workOrder.id, w.id), eq(workOrder.companyId, ctx.companyId)));
    await statusEntry(tx, ctx, w, from, 'done', now, total);
    await bumpEquipmentVersion(tx, ctx.companyId);
    // Webhooks (issue 29): the completed order, in the transaction that completes it.
    await enqueueEvents(
      tx,
      ctx.companyId,
      [
        {
          type: 'work_order.completed',
          data: {
            workOrderId: w.id,
            number: w.number,
            equipmentId: w.equipmentId,
            kind: w.kind,
            total,
            partsCost,
            laborCost,
            otherCost,
            serviceEntryId,
            completedAt: now.toISOString(),
          },
        },
      ],
      now,
    );
    return false;
  });
  if (!replay) kickDelivery(deps);
  return { created: !replay, workOrder: await getWorkOrder(deps, ctx, id) };
}

/** Who did the work: the assignee, else the vendor, else whoever completes it. */
async function performerOf(tx: Tx, ctx: CompanyContext, w: WorkOrderRow): Promise<string> {
  if (w.assigneeId) {
    const [u] = await tx
      .select({ firstName: user.firstName, lastName: user.lastName, email: user.email })
      .from(user)
      .where(and(eq(user.id, w.assigneeId), eq(user.companyId, ctx.companyId)))
      .limit(1);
    if (u) return personName(u);
  }
  return w.vendor ?? actorName(ctx);
}

/** POST /api/work-orders/:id/photos: stored under the phone's key (sending it again is a no-op). */
export async function addPhoto(
  deps: Deps,
  ctx: CompanyContext,
  id: string,
  input: WorkOrderPhotoInput,
): Promise<{ created: boolean; workOrder: WorkOrderDto }> {
  const { bytes, contentType } = decodePhoto(input.data);
  const photoKey = `${id}:${input.key}`;
  const created = await deps.db.transaction(async (tx) => {
    const w = await lockWorkOrder(tx, ctx, id);
    const [prior] = await tx
      .select({ data: workOrderPhoto.data })
      .from(workOrderPhoto)
      .where(
        and(eq(workOrderPhoto.companyId, ctx.companyId), eq(workOrderPhoto.photoKey, photoKey)),
      )
      .limit(1);
    if (prior) {
      if (!Buffer.from(prior.data).equals(bytes)) throw keyReused();
      return false;
    }
    if (w.status === 'canceled') throw closed(w.status);
    await tx.insert(workOrderPhoto).values({
      companyId: ctx.companyId,
      workOrderId: w.id,
      photoKey,
      contentType,
      byteSize: bytes.length,
      data: bytes,
      uploadedBy: ctx.userId,
      createdAt: deps.now(),
    });
    return true;
  });
  return { created, workOrder: await getWorkOrder(deps, ctx, id) };
}

export async function photoOf(
  deps: Deps,
  ctx: CompanyContext,
  id: string,
  photoId: string,
): Promise<{ contentType: string; data: Buffer }> {
  const [p] = await deps.db
    .select({ contentType: workOrderPhoto.contentType, data: workOrderPhoto.data })
    .from(workOrderPhoto)
    .where(
      and(
        eq(workOrderPhoto.id, photoId),
        eq(workOrderPhoto.workOrderId, id),
        eq(workOrderPhoto.companyId, ctx.companyId),
      ),
    )
    .limit(1);
  if (!p) throw notFound();
  return p;
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

/**
 * What a new work order for a machine starts from: its service parts as tasks and, by part number
 * (else name), the catalogue parts they name (Create work order from Due soon / the machine page).
 */
export async function proposalFor(deps: Deps, ctx: CompanyContext, equipmentId: string) {
  const e = await findAnyRow(deps.db, ctx, equipmentId);
  const names = e.serviceParts.map((p) => p.part);
  const numbers = e.serviceParts.flatMap((p) => (p.partNumber ? [p.partNumber] : []));
  const ids = e.serviceParts.flatMap((p) => (p.partId ? [p.partId] : []));
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
    tasks: e.serviceParts.map((p) => (p.qty ? `${p.part} × ${p.qty}` : p.part)),
    parts: e.serviceParts.flatMap((sp) => {
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
