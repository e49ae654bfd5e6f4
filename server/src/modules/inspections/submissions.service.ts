/** The operator's side of inspections: the checklists of a picked machine, submitting one, its photos. */
import { and, count, eq, isNull } from 'drizzle-orm';
import { inReaderLanguage } from '@domain/inspection-starters';
import type {
  AnswerInput,
  InspectionInput,
  InspectionPhotoInput,
  MachineChecklists,
  SubmitInspectionResponse,
} from '@domain/schemas/inspections';
import type { DbOrTx } from '../../db/client';
import {
  inspection,
  inspectionDefect,
  inspectionTemplate,
  type InspectionAnswer,
  type TemplateItem,
} from '../../db/schema/index';
import type { Deps } from '../../deps';
import { AppError, notFound } from '../../lib/errors';
import { keyReused } from '../../lib/idempotency';
import type { CompanyContext } from '../../plugins/session';
import { enqueueEvents, kickDelivery } from '../events/index';
import { actorOf, record } from '../ledger/index';
import { companyToday, findRow } from '../equipment/index';
import { decodePhoto } from '../field/index';
import { operatorDisplayName, submitUpdateInTx } from '../operators/index';
import { outOfServiceOf, todayFilter, toInspectionDto, inspectionRows } from './inspection-rows';
import { activeTemplates, appliesTo, toTemplateDto } from './templates.service';
import { setOutOfServiceTx } from './out-of-service.service';
import { storeDefectPhoto } from './defects.service';

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
  const photo = decodePhoto(input.data);
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
  return storeDefectPhoto(deps, ctx, row.defectId, photoKey, photo);
}
