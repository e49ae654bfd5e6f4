// Over 400 lines: templates, submissions and defects still share this service; splitting it by job is open work (issue 44).
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { inReaderLanguage, starterTemplate } from '@domain/inspection-starters';
import type {
  AnswerInput,
  DefectDto,
  InspectionDto,
  InspectionInput,
  InspectionPhotoInput,
  InspectionReport,
  InspectionsSummary,
  MachineChecklists,
  ResolveDefectInput,
  StarterKey,
  SubmitInspectionResponse,
  TemplateDto,
  TemplateInput,
} from '@domain/schemas/inspections';
import type { DbOrTx, Tx } from '../../db/client';
import {
  equipment,
  equipmentNote,
  fieldPhoto,
  inspection,
  inspectionDefect,
  inspectionTemplate,
  operatorUpdate,
  type InspectionAnswer,
  type TemplateItem,
} from '../../db/schema/index';
import type { Deps } from '../../deps';
import { AppError, notFound } from '../../lib/errors';
import { keyReused } from '../../lib/idempotency';
import type { CompanyContext } from '../../plugins/session';
import { enqueueEvents, kickDelivery } from '../events/index';
import { actorName, actorOf, bumpEquipmentVersion, record } from '../ledger/index';
import { companyToday, findAnyRow, findRow, type Row } from '../equipment/index';
import { recordServiceTx } from '../equipment/index';
import { decodePhoto, storePhotoByKey } from '../field/index';
import { operatorDisplayName, submitUpdateInTx } from '../operators/index';

type TemplateRow = typeof inspectionTemplate.$inferSelect;
type InspectionRow = typeof inspection.$inferSelect;

const LIST_LIMIT = 500;
const EXPORT_LIMIT = 20_000;

// ---- Templates ------------------------------------------------------------------------------------

export function toTemplateDto(t: TemplateRow): TemplateDto {
  return {
    id: t.id,
    name: t.name,
    equipmentTypes: t.equipmentTypes,
    equipmentIds: t.equipmentIds,
    daily: t.daily,
    items: t.items.map((i) => ({
      id: i.id,
      label: i.label,
      help: i.help,
      kind: i.kind,
      unit: i.unit,
      required: i.required,
      critical: i.critical,
    })),
    starter: t.starter,
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
  };
}

/** Whether a template applies to a machine: by its type, or by naming the machine. */
export function appliesTo(
  t: Pick<TemplateRow, 'equipmentTypes' | 'equipmentIds'>,
  m: { id: string; type: string },
): boolean {
  return t.equipmentTypes.includes(m.type) || t.equipmentIds.includes(m.id);
}

const activeTemplates = (db: DbOrTx, companyId: string) =>
  db
    .select()
    .from(inspectionTemplate)
    .where(and(eq(inspectionTemplate.companyId, companyId), isNull(inspectionTemplate.archivedAt)))
    .orderBy(asc(inspectionTemplate.name))
    .limit(LIST_LIMIT);

/** The company's checklists; ready-made texts nobody edited are in the reader's language. */
export async function listTemplates(
  deps: Deps,
  ctx: CompanyContext,
  lang: 'en' | 'es',
): Promise<TemplateDto[]> {
  return (await activeTemplates(deps.db, ctx.companyId)).map((t) =>
    inReaderLanguage(toTemplateDto(t), lang),
  );
}

/** Machines a template names must be the company's own (a foreign id is not found). */
async function checkMachines(db: DbOrTx, ctx: CompanyContext, ids: string[]) {
  if (ids.length === 0) return;
  const [row] = await db
    .select({ n: count() })
    .from(equipment)
    .where(and(eq(equipment.companyId, ctx.companyId), inArray(equipment.id, ids)));
  if (Number(row?.n ?? 0) !== new Set(ids).size) throw notFound('equipment.notFound');
}

const itemsOf = (input: TemplateInput): TemplateItem[] =>
  input.items.map((i) => ({
    id: i.id,
    label: i.label,
    help: i.help,
    kind: i.kind,
    unit: i.kind === 'number' ? i.unit : '',
    required: i.required,
    critical: i.kind === 'passFail' ? i.critical : false,
  }));

export async function createTemplate(
  deps: Deps,
  ctx: CompanyContext,
  input: TemplateInput,
  starter: StarterKey | null = null,
): Promise<TemplateDto> {
  await checkMachines(deps.db, ctx, input.equipmentIds);
  const now = deps.now();
  const [row] = await deps.db
    .insert(inspectionTemplate)
    .values({
      companyId: ctx.companyId,
      name: input.name,
      equipmentTypes: [...new Set(input.equipmentTypes)],
      equipmentIds: [...new Set(input.equipmentIds)],
      daily: input.daily,
      items: itemsOf(input),
      starter,
      createdBy: ctx.userId,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return toTemplateDto(row!);
}

export async function updateTemplate(
  deps: Deps,
  ctx: CompanyContext,
  id: string,
  input: TemplateInput,
): Promise<TemplateDto> {
  await checkMachines(deps.db, ctx, input.equipmentIds);
  const [row] = await deps.db
    .update(inspectionTemplate)
    .set({
      name: input.name,
      equipmentTypes: [...new Set(input.equipmentTypes)],
      equipmentIds: [...new Set(input.equipmentIds)],
      daily: input.daily,
      items: itemsOf(input),
      updatedAt: deps.now(),
    })
    .where(
      and(
        eq(inspectionTemplate.id, id),
        eq(inspectionTemplate.companyId, ctx.companyId),
        isNull(inspectionTemplate.archivedAt),
      ),
    )
    .returning();
  if (!row) throw notFound('inspections.templateNotFound');
  return toTemplateDto(row);
}

/** Archived, not deleted: past inspections keep the labels they were asked with anyway. */
export async function archiveTemplate(deps: Deps, ctx: CompanyContext, id: string) {
  const rows = await deps.db
    .update(inspectionTemplate)
    .set({ archivedAt: deps.now() })
    .where(
      and(
        eq(inspectionTemplate.id, id),
        eq(inspectionTemplate.companyId, ctx.companyId),
        isNull(inspectionTemplate.archivedAt),
      ),
    )
    .returning({ id: inspectionTemplate.id });
  if (rows.length === 0) throw notFound('inspections.templateNotFound');
  return { ok: true };
}

/** A ready-made checklist copied into the company, in the chosen language, to edit as its own. */
export function copyStarter(
  deps: Deps,
  ctx: CompanyContext,
  starter: StarterKey,
  language: 'en' | 'es',
): Promise<TemplateDto> {
  return createTemplate(deps, ctx, starterTemplate(starter, language), starter);
}

// ---- The operator screen ----------------------------------------------------------------------------

const outOfServiceOf = (
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
function todayFilter(deps: Deps, ctx: CompanyContext) {
  const tz = ctx.company.timeZone || 'UTC';
  // A bound on the index's time column first (today is at most a day and a bit away in any zone).
  const since = new Date(deps.now().getTime() - 3 * 86_400_000).toISOString();
  return (col: typeof inspection.createdAt, today: string) =>
    sql`(${col} > ${since}::timestamptz and (${col} at time zone ${tz})::date = ${today}::date)`;
}

/** The checklists that apply to a picked machine, its out-of-service state, whether inspected today. */
export async function machineChecklists(
  deps: Deps,
  ctx: CompanyContext,
  equipmentId: string,
  lang: 'en' | 'es',
): Promise<MachineChecklists> {
  const m = await findRow(deps.db, ctx, equipmentId);
  const today = companyToday(deps, ctx);
  const templates = (await activeTemplates(deps.db, ctx.companyId)).filter((t) => appliesTo(t, m));
  const [done] = await deps.db
    .select({ n: count() })
    .from(inspection)
    .where(
      and(
        eq(inspection.companyId, ctx.companyId),
        eq(inspection.equipmentId, m.id),
        todayFilter(deps, ctx)(inspection.createdAt, today),
      ),
    );
  return {
    outOfService: outOfServiceOf(m),
    // A copied ready-made checklist is in the operator's own language (issue 26 item 5).
    templates: templates.map((t) => inReaderLanguage(toTemplateDto(t), lang)),
    inspectedToday: Number(done?.n ?? 0) > 0,
  };
}

// ---- Submitting an inspection -----------------------------------------------------------------------

function toInspectionDto(
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

/** The answers checked against the template's items: every required item answered, each in its kind. */
export function checkAnswers(items: TemplateItem[], answers: AnswerInput[]): InspectionAnswer[] {
  const byItem = new Map<string, AnswerInput>();
  for (const a of answers) {
    if (!items.some((i) => i.id === a.itemId))
      throw new AppError('validation', 'inspections.answerUnknown');
    byItem.set(a.itemId, a);
  }
  return items.map((item) => {
    const a = byItem.get(item.id);
    const invalid = () =>
      new AppError('validation', 'inspections.answerInvalid', { params: { label: item.label } });
    const result = item.kind === 'passFail' ? (a?.result ?? null) : null;
    const number = item.kind === 'number' ? (a?.number ?? null) : null;
    const text = item.kind === 'text' ? a?.text || null : null;
    if (item.kind !== 'passFail' && a?.result) throw invalid();
    if (item.kind !== 'number' && a?.number !== undefined) throw invalid();
    const answered = result !== null || number !== null || text !== null;
    if (item.required && !answered)
      throw new AppError('validation', 'inspections.answerMissing', {
        params: { label: item.label },
      });
    return {
      itemId: item.id,
      label: item.label,
      kind: item.kind,
      unit: item.unit,
      critical: item.critical,
      result,
      number,
      text,
      note: result === 'fail' ? a?.note || null : null,
    };
  });
}

/** Inspections with their machine's name and the reading's update status, in the caller's company. */
function inspectionRows(db: DbOrTx, ctx: CompanyContext) {
  return db
    .select({
      i: inspection,
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

/**
 * Whether a request sent again under an inspection's key is the one recorded: the same sender,
 * machine, checklist, reading (as stored) and answers (as stored: each item's answer of its kind, a
 * note only on a failed item).
 */
function sameInspection(
  i: typeof inspection.$inferSelect,
  ctx: CompanyContext,
  input: InspectionInput,
): boolean {
  const reading = input.reading === undefined ? null : Number(input.reading.toFixed(2));
  if (
    i.operatorId !== ctx.userId ||
    i.equipmentId !== input.equipmentId ||
    i.templateId !== input.templateId ||
    i.reading !== reading
  )
    return false;
  const byItem = new Map(input.answers.map((a) => [a.itemId, a]));
  if ([...byItem.keys()].some((id) => !i.answers.some((s) => s.itemId === id))) return false;
  return i.answers.every((s) => {
    const a = byItem.get(s.itemId);
    const result = s.kind === 'passFail' ? (a?.result ?? null) : null;
    return (
      s.result === result &&
      s.number === (s.kind === 'number' ? (a?.number ?? null) : null) &&
      s.text === (s.kind === 'text' ? a?.text || null : null) &&
      s.note === (result === 'fail' ? a?.note || null : null)
    );
  });
}

/** The inspection recorded under the key, when the request is the same one; 422 when it is another. */
async function priorInspection(
  db: DbOrTx,
  ctx: CompanyContext,
  key: string,
  input: InspectionInput,
): Promise<SubmitInspectionResponse | null> {
  const [row] = await inspectionRows(db, ctx)
    .where(and(eq(inspection.companyId, ctx.companyId), eq(inspection.idempotencyKey, key)))
    .limit(1);
  if (!row) return null;
  if (!sameInspection(row.i, ctx, input)) throw keyReused();
  return {
    inspection: toInspectionDto(row.i, row.name, row.status),
    defects: row.i.failedCount,
    outOfService: row.outOfServiceAt !== null,
  };
}

const readingKey = (key: string) => `inspection:${key}`;
const photoKeyOf = (key: string, itemId: string) => `inspection:${key}:${itemId}`;

/**
 * An inspection from the operator screen (issue 16). Recorded once per idempotency key (the outbox's
 * key). The reading goes through the operator update's own path (rollback refusal, physical maximum,
 * unusual-reading hold) under a key derived from the inspection's, so a replay records it once too.
 * Each failed item becomes a defect; a failed critical item takes the machine out of service.
 */
export async function submitInspection(
  deps: Deps,
  ctx: CompanyContext,
  input: InspectionInput,
  key: string | null,
  device: string | null,
): Promise<{ created: boolean; body: SubmitInspectionResponse }> {
  if (key) {
    const prior = await priorInspection(deps.db, ctx, key, input);
    if (prior) return { created: false, body: prior };
  }
  const m = await findRow(deps.db, ctx, input.equipmentId);
  const [t] = await deps.db
    .select()
    .from(inspectionTemplate)
    .where(
      and(
        eq(inspectionTemplate.id, input.templateId),
        eq(inspectionTemplate.companyId, ctx.companyId),
        isNull(inspectionTemplate.archivedAt),
      ),
    )
    .limit(1);
  if (!t) throw notFound('inspections.templateNotFound');
  if (!appliesTo(t, m)) throw new AppError('validation', 'inspections.notApplicable');
  const answers = checkAnswers(t.items, input.answers);
  const failed = answers.filter((a) => a.result === 'fail');

  const now = deps.now();
  const operatorName = operatorDisplayName(ctx);
  // One transaction: the reading (exactly an operator usage update, its rules and its hold for review,
  // with the machine locked) and the inspection are recorded together or not at all.
  const result = await deps.db.transaction(async (tx) => {
    let readingUpdateId: string | null = null;
    let readingStatus: string | null = null;
    if (input.reading !== undefined) {
      const r = await submitUpdateInTx(
        tx,
        ctx,
        { equipmentId: m.id, newUsage: input.reading },
        key ? readingKey(key) : null,
        now,
        device,
        t.name,
      );
      readingUpdateId = r.body.update.id;
      readingStatus = r.body.status;
    }
    const [row] = await tx
      .insert(inspection)
      .values({
        companyId: ctx.companyId,
        equipmentId: m.id,
        templateId: t.id,
        templateName: t.name,
        operatorId: ctx.userId,
        operatorName,
        reading: input.reading === undefined ? null : Number(input.reading.toFixed(2)),
        readingUpdateId,
        answers,
        failedCount: failed.length,
        idempotencyKey: key,
        device,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) return null; // the same key, recorded by a concurrent request
    if (failed.length > 0)
      await tx.insert(inspectionDefect).values(
        failed.map((a) => ({
          companyId: ctx.companyId,
          equipmentId: m.id,
          inspectionId: row.id,
          itemId: a.itemId,
          itemLabel: a.label,
          critical: a.critical,
          note: a.note ?? '',
          createdAt: now,
        })),
      );
    // Language-neutral (the labels are the checklist's own): ✓ passed, ✗ failed and which.
    const passed = answers.filter((a) => a.result === 'pass').length;
    for (const a of failed)
      await record(tx, actorOf(ctx, operatorName), m.id, now, {
        kind: 'defect_opened',
        params: { item: a.label, critical: a.critical },
      });
    // Webhooks (issue 29): each defect found.
    await enqueueEvents(
      tx,
      ctx.companyId,
      failed.map((a) => ({
        type: 'defect.opened' as const,
        data: { equipmentId: m.id, inspectionId: row.id, item: a.label, critical: a.critical },
      })),
      now,
    );
    await record(tx, actorOf(ctx, operatorName), m.id, now, {
      kind: 'inspection',
      params: { checklist: t.name, passed, failed: failed.map((a) => a.label) },
    });
    const critical = failed.filter((a) => a.critical);
    let outOfService = false;
    if (critical.length > 0) {
      // The failed critical items' own labels (the checklist's language) are the reason.
      const items = critical.map((a) => a.label);
      outOfService = await setOutOfServiceTx(
        tx,
        ctx,
        m.id,
        { items, reason: null },
        operatorName,
        now,
      );
    }
    return { row, outOfService, readingStatus };
  });
  if (result && failed.length > 0) kickDelivery(deps);
  if (!result) {
    const prior = key ? await priorInspection(deps.db, ctx, key, input) : null;
    if (!prior) throw new AppError('conflict', 'operators.alreadySubmitted');
    return { created: false, body: prior };
  }
  return {
    created: true,
    body: {
      inspection: toInspectionDto(result.row, m.name, result.readingStatus),
      defects: failed.length,
      outOfService: result.outOfService || m.outOfServiceAt !== null,
    },
  };
}

/**
 * The photo of one failed item, sent after the inspection under the inspection's key (the outbox
 * retries only the photo when it failed). Stored in field_photo; a repeated upload is a no-op, another
 * photo under the same key is refused (422).
 */
export async function saveInspectionPhoto(
  deps: Deps,
  ctx: CompanyContext,
  input: InspectionPhotoInput,
): Promise<{ created: boolean }> {
  const { bytes, contentType } = decodePhoto(input.data);
  const [row] = await deps.db
    .select({ defectId: inspectionDefect.id, operatorId: inspection.operatorId })
    .from(inspection)
    .innerJoin(
      inspectionDefect,
      and(
        eq(inspectionDefect.inspectionId, inspection.id),
        eq(inspectionDefect.itemId, input.itemId),
      ),
    )
    .where(
      and(
        eq(inspection.companyId, ctx.companyId),
        eq(inspection.idempotencyKey, input.inspectionKey),
      ),
    )
    .limit(1);
  if (!row || (ctx.role === 'operator' && row.operatorId !== ctx.userId))
    throw new AppError('validation', 'inspections.photoItem');
  const photoKey = photoKeyOf(input.inspectionKey, input.itemId);
  return deps.db.transaction(async (tx) => {
    // Already stored under this key: the same photo again is a no-op, another one is refused (422).
    const { created } = await storePhotoByKey(tx, ctx, photoKey, { bytes, contentType });
    await tx
      .update(inspectionDefect)
      .set({ photoKey })
      .where(
        and(eq(inspectionDefect.id, row.defectId), eq(inspectionDefect.companyId, ctx.companyId)),
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
    .select({ contentType: fieldPhoto.contentType, data: fieldPhoto.data })
    .from(inspectionDefect)
    .innerJoin(
      fieldPhoto,
      and(
        eq(fieldPhoto.companyId, inspectionDefect.companyId),
        eq(fieldPhoto.updateKey, inspectionDefect.photoKey),
      ),
    )
    .where(and(eq(inspectionDefect.id, defectId), eq(inspectionDefect.companyId, ctx.companyId)))
    .limit(1);
  return row;
}

// ---- Defects and out of service ---------------------------------------------------------------------

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

/** Sets the state on the (caller-locked or not yet out of service) machine; false when it already was. */
async function setOutOfServiceTx(
  tx: Tx,
  ctx: CompanyContext,
  equipmentId: string,
  why: { items: string[]; reason: string | null },
  by: string,
  now: Date,
): Promise<boolean> {
  const reason = why.reason ?? `✗ ${why.items.join(', ')}`;
  const rows = await tx
    .update(equipment)
    .set({
      outOfServiceAt: now,
      outOfServiceBy: by,
      outOfServiceByUserId: ctx.userId,
      outOfServiceReason: reason,
      lastUpdated: now,
    })
    .where(
      and(
        eq(equipment.id, equipmentId),
        eq(equipment.companyId, ctx.companyId),
        isNull(equipment.outOfServiceAt),
      ),
    )
    .returning({ id: equipment.id });
  if (rows.length === 0) return false;
  await record(tx, actorOf(ctx, by), equipmentId, now, { kind: 'out_of_service', params: why });
  await bumpEquipmentVersion(tx, ctx.companyId);
  return true;
}

async function returnToServiceTx(tx: Tx, ctx: CompanyContext, e: Row, now: Date, items: string[]) {
  await tx
    .update(equipment)
    .set({
      outOfServiceAt: null,
      outOfServiceBy: null,
      outOfServiceByUserId: null,
      outOfServiceReason: null,
      lastUpdated: now,
    })
    .where(and(eq(equipment.id, e.id), eq(equipment.companyId, ctx.companyId)));
  await record(tx, actorOf(ctx), e.id, now, {
    kind: 'back_in_service',
    params: { items, reason: null },
  });
  await bumpEquipmentVersion(tx, ctx.companyId);
}

export async function setOutOfService(
  deps: Deps,
  ctx: CompanyContext,
  equipmentId: string,
  reason: string,
) {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const e = await findRow(tx, ctx, equipmentId, true);
    if (e.outOfServiceAt) throw new AppError('conflict', 'inspections.alreadyOutOfService');
    await setOutOfServiceTx(tx, ctx, e.id, { items: [], reason }, actorName(ctx), now);
  });
  return { outOfService: true };
}

export async function returnToService(deps: Deps, ctx: CompanyContext, equipmentId: string) {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const e = await findRow(tx, ctx, equipmentId, true);
    if (!e.outOfServiceAt) throw new AppError('conflict', 'inspections.notOutOfService');
    await returnToServiceTx(tx, ctx, e, now, []);
  });
  return { outOfService: false };
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
    const note = input.note || input.service?.notes || null;
    await tx
      .update(inspectionDefect)
      .set({
        resolvedAt: now,
        resolvedBy: actorName(ctx),
        resolvedByUserId: ctx.userId,
        resolutionNote: note,
        serviceEntryId,
      })
      .where(eq(inspectionDefect.id, d.id));
    await record(tx, actorOf(ctx), e.id, now, {
      kind: 'defect_resolved',
      params: { item: d.itemLabel, note },
    });
    if (e.outOfServiceAt && input.returnToService !== false) {
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
      if (input.returnToService === true || lastCritical)
        await returnToServiceTx(tx, ctx, e, now, [d.itemLabel]);
    }
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

/** An open defect of the company (a work order made from it), with its photo's key. */
export async function openDefectOf(
  db: DbOrTx,
  ctx: CompanyContext,
  defectId: string,
): Promise<
  | {
      id: string;
      equipmentId: string;
      itemLabel: string;
      note: string;
      photoKey: string | null;
      /** An operator's reported problem (no checklist): its label is their own words. */
      reported: boolean;
    }
  | undefined
> {
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
  if (!d || d.resolvedAt) return undefined;
  return { ...d, reported: d.inspectionId === null };
}

// ---- History, export, report, dashboard -------------------------------------------------------------

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
      id: e.id,
      name: e.name,
      type: e.type,
      serialNumber: e.serialNumber,
      unit: e.unit,
      currentUsage: e.currentUsage,
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
