/** Defects (failed checklist items, reported problems): their list, photos, resolving, a work order's. */
import { and, count, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { DefectDto, ResolveDefectInput } from '@domain/schemas/inspections';
import type { DbOrTx, Tx } from '../../db/client';
import { equipment, fieldPhoto, inspection, inspectionDefect } from '../../db/schema/index';
import type { Deps } from '../../deps';
import { AppError, notFound } from '../../lib/errors';
import type { CompanyContext } from '../../plugins/session';
import { photoBody, photoUnder, storePhotoByKey } from '../field/index';
import { actorName, actorOf, record } from '../ledger/index';
import {
  companyToday,
  findRow,
  latestServiceEntryIdTx,
  recordServiceTx,
  type Row,
} from '../equipment/index';
import { LIST_LIMIT } from './inspection-rows';
import { returnToServiceTx } from './out-of-service.service';

/**
 * A defect's photo, sent after the inspection or the report under its key: kept in field_photo under
 * `photoKey` (the same photo again is a no-op, another one under the key is refused, 422) and the key
 * set on the defect, in one transaction. `keepFirst`: the key is set only on a defect without one.
 */
export function storeDefectPhoto(
  deps: Deps,
  ctx: CompanyContext,
  defectId: string,
  photoKey: string,
  photo: { bytes: Buffer; contentType: string },
  keepFirst = false,
): Promise<{ created: boolean }> {
  return deps.db.transaction(async (tx) => {
    const { created } = await storePhotoByKey(tx, ctx, photoKey, photo);
    await tx
      .update(inspectionDefect)
      .set({ photoKey })
      .where(
        and(
          eq(inspectionDefect.id, defectId),
          eq(inspectionDefect.companyId, ctx.companyId),
          keepFirst ? isNull(inspectionDefect.photoKey) : undefined,
        ),
      );
    return { created };
  });
}

export async function defectPhoto(
  deps: Deps,
  ctx: CompanyContext,
  defectId: string,
): Promise<{ contentType: string; data: Buffer }> {
  const row = await defectPhotoTx(deps.db, ctx, defectId);
  if (!row) throw notFound('common.notFound');
  return row;
}

/** A defect's photo, if it has one (a work order made from the defect carries it over, issue 27). */
export async function defectPhotoTx(
  db: DbOrTx,
  ctx: CompanyContext,
  defectId: string,
): Promise<{ contentType: string; data: Buffer } | undefined> {
  const [row] = await db
    .select(photoBody)
    .from(inspectionDefect)
    .innerJoin(fieldPhoto, photoUnder(inspectionDefect.companyId, inspectionDefect.photoKey))
    .where(and(eq(inspectionDefect.id, defectId), eq(inspectionDefect.companyId, ctx.companyId)))
    .limit(1);
  return row;
}

const defectColumns = {
  d: inspectionDefect,
  equipmentName: equipment.name,
  outOfServiceAt: equipment.outOfServiceAt,
  // A reported problem (issue 27) has no inspection: no checklist, and its reporter's name.
  templateName: sql<string>`coalesce(${inspection.templateName}, '')`,
  operatorName: sql<string>`coalesce(${inspection.operatorName}, ${inspectionDefect.reportedBy}, '')`,
};

type DefectJoin = {
  d: typeof inspectionDefect.$inferSelect;
  equipmentName: string;
  outOfServiceAt: Date | null;
  templateName: string;
  operatorName: string;
};

function toDefectDto(r: DefectJoin): DefectDto {
  const d = r.d;
  return {
    id: d.id,
    equipmentId: d.equipmentId,
    equipmentName: r.equipmentName,
    inspectionId: d.inspectionId,
    templateName: r.templateName,
    reported: d.inspectionId === null,
    itemLabel: d.itemLabel,
    critical: d.critical,
    note: d.note,
    operatorName: r.operatorName,
    createdAt: d.createdAt.toISOString(),
    hasPhoto: d.photoKey !== null,
    resolvedAt: d.resolvedAt ? d.resolvedAt.toISOString() : null,
    resolvedBy: d.resolvedBy,
    resolutionNote: d.resolutionNote,
    serviceEntryId: d.serviceEntryId,
    outOfService: r.outOfServiceAt !== null,
  };
}

function defectsQuery(db: DbOrTx, ctx: CompanyContext) {
  return db
    .select(defectColumns)
    .from(inspectionDefect)
    .innerJoin(
      equipment,
      and(eq(equipment.id, inspectionDefect.equipmentId), eq(equipment.companyId, ctx.companyId)),
    )
    .leftJoin(inspection, eq(inspection.id, inspectionDefect.inspectionId));
}

export async function listDefects(
  deps: Deps,
  ctx: CompanyContext,
  q: { status: 'open' | 'resolved' | 'all'; equipmentId?: string | undefined },
): Promise<DefectDto[]> {
  const rows = await defectsQuery(deps.db, ctx)
    .where(
      and(
        eq(inspectionDefect.companyId, ctx.companyId),
        q.status === 'open' ? isNull(inspectionDefect.resolvedAt) : undefined,
        q.status === 'resolved' ? isNotNull(inspectionDefect.resolvedAt) : undefined,
        q.equipmentId ? eq(inspectionDefect.equipmentId, q.equipmentId) : undefined,
        q.equipmentId ? undefined : isNull(equipment.retiredAt),
      ),
    )
    .orderBy(desc(inspectionDefect.critical), desc(inspectionDefect.createdAt))
    .limit(LIST_LIMIT);
  return rows.map(toDefectDto);
}

/**
 * Resolves a defect with a note or a service entry (Mark as Serviced's own write, linked by id). The
 * machine returns to service when its last open critical defect is resolved, or when the manager asks
 * (`returnToService`); `returnToService: false` keeps it out of service.
 */
export async function resolveDefect(
  deps: Deps,
  ctx: CompanyContext,
  id: string,
  input: ResolveDefectInput,
): Promise<DefectDto> {
  const now = deps.now();
  const today = companyToday(deps, ctx);
  await deps.db.transaction(async (tx) => {
    const [d] = await tx
      .select()
      .from(inspectionDefect)
      .where(and(eq(inspectionDefect.id, id), eq(inspectionDefect.companyId, ctx.companyId)))
      .for('update')
      .limit(1);
    if (!d) throw notFound('inspections.defectNotFound');
    if (d.resolvedAt) throw new AppError('conflict', 'inspections.defectResolved');
    let e = await findRow(tx, ctx, d.equipmentId, true);
    let serviceEntryId: string | null = null;
    if (input.service) {
      e = await recordServiceTx(
        tx,
        deps,
        ctx,
        e,
        {
          ...(input.service.serviceDate ? { serviceDate: input.service.serviceDate } : {}),
          ...(input.service.cost !== undefined ? { cost: input.service.cost } : {}),
          ...(input.service.performedBy ? { performedBy: input.service.performedBy } : {}),
          notes: input.service.notes || input.note || `✓ ${d.itemLabel}`,
        },
        today,
      );
      serviceEntryId = await latestServiceEntryIdTx(tx, ctx, e.id);
    }
    const note = input.note || input.service?.notes || null;
    await resolveDefectTx(
      tx,
      ctx,
      d.id,
      e,
      { note, serviceEntryId, returnToService: input.returnToService },
      now,
    );
  });
  const [row] = await defectsQuery(deps.db, ctx)
    .where(and(eq(inspectionDefect.id, id), eq(inspectionDefect.companyId, ctx.companyId)))
    .limit(1);
  return toDefectDto(row!);
}

/**
 * Resolves an open defect inside the caller's transaction, on a machine the caller has locked (a completed
 * work order, issue 27): the same writes as Resolve, linked to the service entry when there is one. The
 * machine returns to service when its last open critical defect is resolved, or when asked.
 */
export async function resolveDefectTx(
  tx: Tx,
  ctx: CompanyContext,
  defectId: string,
  e: Row,
  by: { note: string | null; serviceEntryId: string | null; returnToService?: boolean | undefined },
  now: Date,
): Promise<void> {
  const [d] = await tx
    .select()
    .from(inspectionDefect)
    .where(and(eq(inspectionDefect.id, defectId), eq(inspectionDefect.companyId, ctx.companyId)))
    .for('update')
    .limit(1);
  if (!d || d.resolvedAt) return;
  await tx
    .update(inspectionDefect)
    .set({
      resolvedAt: now,
      resolvedBy: actorName(ctx),
      resolvedByUserId: ctx.userId,
      resolutionNote: by.note,
      serviceEntryId: by.serviceEntryId,
    })
    .where(eq(inspectionDefect.id, d.id));
  await record(tx, actorOf(ctx), e.id, now, {
    kind: 'defect_resolved',
    params: { item: d.itemLabel, note: by.note },
  });
  if (!e.outOfServiceAt || by.returnToService === false) return;
  const [open] = await tx
    .select({ n: count() })
    .from(inspectionDefect)
    .where(
      and(
        eq(inspectionDefect.companyId, ctx.companyId),
        eq(inspectionDefect.equipmentId, e.id),
        eq(inspectionDefect.critical, true),
        isNull(inspectionDefect.resolvedAt),
      ),
    );
  const lastCritical = d.critical && Number(open?.n ?? 0) === 0;
  if (by.returnToService === true || lastCritical)
    await returnToServiceTx(tx, ctx, e, now, [d.itemLabel]);
}

/**
 * An open defect of the company (a work order made from it), with its photo's key. Another
 * company's (or no) defect is 404; one of this company that is resolved is 409.
 */
export async function openDefectOf(
  db: DbOrTx,
  ctx: CompanyContext,
  defectId: string,
): Promise<{
  id: string;
  equipmentId: string;
  itemLabel: string;
  note: string;
  photoKey: string | null;
  /** An operator's reported problem (no checklist): its label is their own words. */
  reported: boolean;
}> {
  const [d] = await db
    .select({
      id: inspectionDefect.id,
      inspectionId: inspectionDefect.inspectionId,
      equipmentId: inspectionDefect.equipmentId,
      itemLabel: inspectionDefect.itemLabel,
      note: inspectionDefect.note,
      photoKey: inspectionDefect.photoKey,
      resolvedAt: inspectionDefect.resolvedAt,
    })
    .from(inspectionDefect)
    .where(and(eq(inspectionDefect.id, defectId), eq(inspectionDefect.companyId, ctx.companyId)))
    .limit(1);
  if (!d) throw notFound('inspections.defectNotFound');
  if (d.resolvedAt) throw new AppError('conflict', 'inspections.defectResolved');
  return { ...d, reported: d.inspectionId === null };
}
