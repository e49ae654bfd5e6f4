import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { ServiceEntryDto, ServiceInput, ServiceLogDto } from '@domain/schemas/equipment';
import type { DbOrTx } from '../../db/client';
import { equipment, equipmentNote } from '../../db/schema/index';
import type { Deps } from '../../deps';
import { AppError } from '../../lib/errors';
import type { CompanyContext } from '../../plugins/session';
import { machineStatusFromTasks } from '@domain/schedule';
import { machineCost } from '@domain/costs';
import { costLinesSql, costNum, rowsOf, startUsageSql } from './cost-lines';
import { enqueueEvents } from '../events/index';
import { actorName, actorOf, bumpEquipmentVersion, record } from '../ledger/index';
import { drawServiceParts } from '../parts/index';
import { nextDateOf } from './equipment.columns';
import { entriesOf, findAnyRow } from './equipment.queries';
import { partsOf, type NoteRow, type Row } from './equipment.dto';
import { tasksByMachine } from './machine-tasks';

const EXPORT_LIMIT = 20_000;

/** The service tasks a service did (issue 40): recorded on its entry and reset with it. */
export type TasksDone = {
  /** By id and name at the time; the primary one flagged (its default name is shown translated). */
  tasks: {
    id: string;
    task: string;
    primary?: boolean;
    before?: { usage: number | null; date: string | null; next: string | null };
  }[];
  /** Whether the primary task (the machine's own interval fields) is among them. */
  resetsPrimary: boolean;
  /**
   * Resets the other tasks at the service's usage and date, in the service's transaction: the schedule
   * module's writer (it builds on this module, so it is handed in rather than imported).
   */
  resetOthers: (tx: DbOrTx, usage: number, date: string) => Promise<void>;
};

/**
 * A service entry inside the caller's transaction, on a machine the caller has locked (Mark as
 * Serviced, a work order's completion, an inspection, the spreadsheet import's services). When it is
 * the latest service (by date) and it does the primary task (no tasks given: the primary, as before
 * tasks existed), the machine's last service usage and date follow it and the next calendar date is one
 * interval after it (docs/decisions/trustworthy-record.md); the other tasks it did reset with it.
 */
export async function recordServiceTx(
  tx: DbOrTx,
  deps: Deps,
  ctx: CompanyContext,
  e: Row,
  input: ServiceInput,
  today: string,
  /** The work order writing it (its number): its parts were drawn by the order, not here. */
  workOrder?: number,
  done?: TasksDone,
): Promise<Row> {
  const serviceDate = input.serviceDate ?? today;
  if (serviceDate > today)
    throw new AppError('validation', 'equipment.serviceDateFuture', {
      fieldErrors: { serviceDate: 'equipment.serviceDateFuture' },
    });
  const usage = input.usage ?? e.currentUsage;
  if (usage > e.currentUsage)
    throw new AppError('validation', 'equipment.serviceUsageAbove', {
      params: { current: e.currentUsage },
      fieldErrors: { usage: 'equipment.serviceUsageAbove' },
    });
  const now = deps.now();
  const tasksBefore = (await tasksByMachine(tx, ctx.companyId, [e.id])).get(e.id) ?? [];
  const resetsPrimary = done?.resetsPrimary ?? true;
  const latest = resetsPrimary && (!e.lastServiceDate || serviceDate >= e.lastServiceDate);
  const entry = await record(tx, actorOf(ctx), e.id, now, {
    kind: 'service',
    params: {
      date: serviceDate,
      usage,
      unit: e.unit,
      parts: partsOf(input.parts ?? null),
      cost: input.cost ?? null,
      performedBy: input.performedBy ?? null,
      notes: input.notes || null,
      // What a void puts back (issue 43, docs/decisions/void-a-service.md).
      ...(latest
        ? {
            before: {
              usage: e.lastServiceUsage,
              date: e.lastServiceDate,
              next: e.nextMaintenanceDate,
            },
          }
        : {}),
      ...(workOrder ? { workOrder } : {}),
      ...(done ? { tasks: done.tasks } : {}),
    },
  });
  // Parts picked from the catalogue leave the shelf with the service (the stock ledger writes the
  // moves; not enough stock refuses the whole service). Free-text parts draw nothing.
  if (!workOrder)
    await drawServiceParts(
      tx,
      {
        companyId: ctx.companyId,
        serviceEntryId: entry.id,
        userId: ctx.userId,
        byName: actorName(ctx),
        at: now,
      },
      (input.parts ?? []).flatMap((p) =>
        p.partId ? [{ partId: p.partId, quantity: p.qty ?? 1 }] : [],
      ),
    );
  const [updated] = await tx
    .update(equipment)
    .set({
      lastUpdated: now,
      ...(latest
        ? {
            lastServiceUsage: usage,
            lastServiceDate: serviceDate,
            nextMaintenanceDate: nextDateOf({ ...e, lastServiceDate: serviceDate }),
          }
        : {}),
    })
    .where(and(eq(equipment.id, e.id), eq(equipment.companyId, ctx.companyId)))
    .returning();
  if (!updated) throw new Error('update returned nothing');
  if (done) await done.resetOthers(tx, usage, serviceDate);
  await bumpEquipmentVersion(tx, ctx.companyId);
  // Webhooks (issue 29): the service, and the machine's new status (its worst task's) when it changed.
  const tasksAfter = (await tasksByMachine(tx, ctx.companyId, [e.id])).get(e.id) ?? [];
  const from = machineStatusFromTasks(tasksBefore, e, today).serviceStatus;
  const to = machineStatusFromTasks(tasksAfter, updated, today).serviceStatus;
  const primary = tasksBefore.find((t) => t.primary);
  const tasksDone =
    done?.tasks.map((t) => ({ id: t.id, name: t.task })) ??
    (primary ? [{ id: primary.id, name: primary.name }] : []);
  await enqueueEvents(
    tx,
    ctx.companyId,
    [
      {
        type: 'service.recorded',
        data: { equipmentId: e.id, date: serviceDate, usage, cost: input.cost ?? null },
      },
      {
        type: 'service.completed',
        data: {
          equipmentId: e.id,
          entryId: entry.id,
          date: serviceDate,
          usage,
          cost: input.cost ?? null,
          tasks: tasksDone,
          ...(workOrder ? { workOrder } : {}),
        },
      },
      ...(from !== to
        ? [
            {
              type: 'equipment.status_changed' as const,
              data: { equipmentId: e.id, from, to, usage },
            },
          ]
        : []),
    ],
    now,
  );
  return updated;
}

/** One service entry as the service log and its export show it. */
export function toServiceEntryDto(
  n: NoteRow,
  e: { name: string; unit: string; retiredAt: Date | null },
): ServiceEntryDto {
  return {
    id: n.id,
    equipmentId: n.equipmentId,
    equipmentName: e.name,
    unit: e.unit,
    serviceDate: n.serviceDate ?? n.createdAt.toISOString().slice(0, 10),
    usage: n.usage,
    parts: partsOf(n.parts),
    cost: n.cost,
    performedBy: n.performedBy,
    notes: n.content,
    recordedBy: n.operatorName,
    createdAt: n.createdAt.toISOString(),
    retired: e.retiredAt !== null,
  };
}

const serviceOrder = [
  desc(equipmentNote.serviceDate),
  desc(equipmentNote.createdAt),
  desc(equipmentNote.id),
];

/** One machine's service log, its total maintenance cost and cost per hour / mile / km. */
export async function serviceLog(
  deps: Deps,
  ctx: CompanyContext,
  id: string,
): Promise<ServiceLogDto> {
  const e = await findAnyRow(deps.db, ctx, id);
  const rows = await deps.db
    .select()
    .from(equipmentNote)
    .where(and(entriesOf(ctx.companyId, e.id, 'maintenance'), isNull(equipmentNote.voidedAt)))
    .orderBy(...serviceOrder)
    .limit(EXPORT_LIMIT);
  // The machine's maintenance cost, all time (services + completed work orders): the machine page's
  // figure, from the same lines and the same domain function (issue 43).
  const [totals] = rowsOf<{ lines: unknown; start: unknown }>(
    await deps.db.execute(sql`
      select (select coalesce(json_agg(json_build_array(l.month, l.parts, l.labor, l.other, l.work_orders)), '[]')
          from (${costLinesSql({ companyId: sql`${ctx.companyId}::uuid`, equipmentId: sql`${e.id}::uuid`, tz: sql`${ctx.company.timeZone}` })}) l) as lines,
        ${startUsageSql({ companyId: sql`${ctx.companyId}::uuid`, id: sql`${e.id}::uuid` })} as start`),
  );
  const raw = totals?.lines;
  const lines = (typeof raw === 'string' ? JSON.parse(raw) : (raw ?? [])) as unknown[][];
  const cost = machineCost(
    lines.map(([month, parts, labor, other, workOrders]) => ({
      month: String(month),
      parts: costNum(parts),
      labor: costNum(labor),
      other: costNum(other),
      workOrders: costNum(workOrders),
    })),
    {
      currentUsage: e.currentUsage,
      startUsage:
        totals?.start === null || totals?.start === undefined ? null : Number(totals.start),
      unit: e.unit,
    },
  );
  return {
    entries: rows.map((n) => toServiceEntryDto(n, e)),
    totalCost: cost.total,
    usageTracked: cost.usage,
    costPerUnit: cost.costPerUnit,
    unit: e.unit,
  };
}
