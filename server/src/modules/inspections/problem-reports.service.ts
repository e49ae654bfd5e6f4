import { and, eq } from 'drizzle-orm';
import type {
  ProblemReportInput,
  ProblemReportPhotoInput,
  ProblemReportResponse,
} from '@domain/schemas/inspections';
import type { DbOrTx } from '../../db/client';
import { equipment, inspectionDefect } from '../../db/schema/index';
import type { Deps } from '../../deps';
import { AppError, isUniqueViolation } from '../../lib/errors';
import { keyReused } from '../../lib/idempotency';
import type { CompanyContext } from '../../plugins/session';
import { findRow } from '../equipment/index';
import { enqueueEvents, kickDelivery } from '../events/index';
import { actorOf, record } from '../ledger/index';
import { decodePhoto } from '../field/index';
import { operatorDisplayName } from '../operators/index';
import { storeDefectPhoto } from './defects.service';

/**
 * "Report a problem" (issue 27): an operator tells the manager what is wrong with a machine from the
 * phone, without a checklist. It opens a defect like a failed checklist item does (the same table, the
 * same Defects list, the same "Create work order"), with no inspection behind it; the machine's record
 * gets a `defect_opened` entry marked `reported`. Sent through the phone's outbox under its key: the
 * same report sent twice is recorded once, another report under a used key is refused (422).
 */

/** The defect's item id for a reported problem (a defect of a checklist names its item). */
const REPORT_ITEM = 'report';
const photoKeyOf = (key: string) => `report:${key}`;

type ReportRow = {
  d: typeof inspectionDefect.$inferSelect;
  equipmentName: string;
};

const toResponse = (r: ReportRow): ProblemReportResponse => ({
  id: r.d.id,
  equipmentId: r.d.equipmentId,
  equipmentName: r.equipmentName,
  problem: r.d.itemLabel,
  createdAt: r.d.createdAt.toISOString(),
});

async function reportByKey(db: DbOrTx, ctx: CompanyContext, key: string) {
  const [row] = await db
    .select({ d: inspectionDefect, equipmentName: equipment.name })
    .from(inspectionDefect)
    .innerJoin(
      equipment,
      and(eq(equipment.id, inspectionDefect.equipmentId), eq(equipment.companyId, ctx.companyId)),
    )
    .where(
      and(eq(inspectionDefect.companyId, ctx.companyId), eq(inspectionDefect.idempotencyKey, key)),
    )
    .limit(1);
  return row;
}

/** The report recorded under the key when the request is the same one; 422 when it is another. */
async function priorReport(
  db: DbOrTx,
  ctx: CompanyContext,
  key: string,
  input: ProblemReportInput,
): Promise<ProblemReportResponse | null> {
  const row = await reportByKey(db, ctx, key);
  if (!row) return null;
  const same =
    row.d.reportedById === ctx.userId &&
    row.d.equipmentId === input.equipmentId &&
    row.d.itemLabel === input.problem;
  if (!same) throw keyReused();
  return toResponse(row);
}

/** POST /api/problem-reports (operators): one defect, its history entry and its webhook event, together. */
export async function reportProblem(
  deps: Deps,
  ctx: CompanyContext,
  input: ProblemReportInput,
  key: string | null,
): Promise<{ created: boolean; body: ProblemReportResponse }> {
  if (key) {
    const prior = await priorReport(deps.db, ctx, key, input);
    if (prior) return { created: false, body: prior };
  }
  const m = await findRow(deps.db, ctx, input.equipmentId);
  const now = deps.now();
  const reporter = operatorDisplayName(ctx);
  try {
    const row = await deps.db.transaction(async (tx) => {
      const [d] = await tx
        .insert(inspectionDefect)
        .values({
          companyId: ctx.companyId,
          equipmentId: m.id,
          inspectionId: null,
          itemId: REPORT_ITEM,
          itemLabel: input.problem,
          critical: false,
          note: '',
          reportedById: ctx.userId,
          reportedBy: reporter,
          idempotencyKey: key,
          createdAt: now,
        })
        .returning();
      if (!d) throw new Error('insert returned nothing');
      await record(tx, actorOf(ctx, reporter), m.id, now, {
        kind: 'defect_opened',
        params: { item: input.problem, critical: false, reported: true },
      });
      await enqueueEvents(
        tx,
        ctx.companyId,
        [
          {
            type: 'defect.opened',
            data: { equipmentId: m.id, inspectionId: null, item: input.problem, critical: false },
          },
        ],
        now,
      );
      return { d, equipmentName: m.name };
    });
    kickDelivery(deps);
    return { created: true, body: toResponse(row) };
  } catch (err) {
    // The same key recorded by a concurrent request in the meantime.
    if (key && isUniqueViolation(err)) {
      const prior = await priorReport(deps.db, ctx, key, input);
      if (prior) return { created: false, body: prior };
    }
    throw err;
  }
}

/**
 * POST /api/problem-reports/photo: the report's photo, sent after the report under its key (the outbox
 * retries only the photo when it failed). Stored in field_photo like an update's; the same photo again
 * is a no-op, another one under the same report is refused (422). Only the operator who reported it.
 */
export async function saveReportPhoto(
  deps: Deps,
  ctx: CompanyContext,
  input: ProblemReportPhotoInput,
): Promise<{ created: boolean }> {
  const photo = decodePhoto(input.data);
  const row = await reportByKey(deps.db, ctx, input.reportKey);
  if (!row || row.d.reportedById !== ctx.userId)
    throw new AppError('validation', 'inspections.reportPhoto');
  return storeDefectPhoto(deps, ctx, row.d.id, photoKeyOf(input.reportKey), photo, true);
}
