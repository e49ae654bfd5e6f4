import { and, eq, inArray } from 'drizzle-orm';
import {
  cellText,
  equipmentRowInput,
  matchText,
  numericImportFields,
  type EquipmentImportField,
} from '@domain/import';
import { type MessageKey } from '@domain/messages/catalogue';
import {
  equipmentFuelTypes,
  equipmentInputSchema,
  equipmentTypes,
  usageUnits,
  type EquipmentInput,
} from '@domain/schemas/equipment';
import {
  equipmentImportRowSchema,
  type EquipmentImportRequest,
  type EquipmentImportResult,
  type EquipmentImportRow,
  type ImportIssue,
} from '@domain/schemas/import';
import { intervalUnits } from '@domain/dates';
import type { DbOrTx } from '../../db/client';
import { company, equipment } from '../../db/schema/index';
import type { Deps } from '../../deps';
import { AppError, issueMessage } from '../../lib/errors';
import type { CompanyContext } from '../../plugins/session';
import { actorName, actorOf, bumpEquipmentVersion, recordMany } from '../ledger/index';
import {
  columnsOf,
  countEquipment,
  editableOf,
  findRow,
  updateEquipmentTx,
} from '../equipment/index';
import { applyProgramTx, programsForImport } from '../schedule/index';
import {
  SLICE,
  yieldToOthers,
  INSERT_CHUNK,
  issue,
  lineOf,
  activeMachines,
  indexMachines,
  countByAction,
  answerFields,
} from './sheet';

type PlannedEquipment = EquipmentImportRow & {
  input?: EquipmentInput;
  patch?: Record<string, unknown>;
  /** The program (issue 40) the row's Program column names, to apply to the machine. */
  program?: { id: string; name: string };
};

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * Reads and checks every row with the equipment form's schema, matches it to an active machine of
 * the company (serial number, else name), and says what importing it would do.
 */
async function planEquipment(
  db: DbOrTx,
  ctx: CompanyContext,
  req: EquipmentImportRequest,
): Promise<{ rows: PlannedEquipment[]; count: number; limit: number; room: number }> {
  const [c] = await db
    .select({ limit: company.equipmentLimit })
    .from(company)
    .where(eq(company.id, ctx.companyId));
  const machines = await activeMachines(db, ctx.companyId);
  const index = indexMachines(machines);
  const schedule = await programsForImport(db, ctx.companyId);
  const programByName = new Map(schedule.programs.map((p) => [matchText(p.name), p]));
  const limit = c?.limit ?? 0;
  const count = machines.length;
  const room = limit === -1 ? Number.POSITIVE_INFINITY : Math.max(0, limit - count);
  const seen = new Map<string, number>();
  const rows: PlannedEquipment[] = [];
  let adds = 0;
  for (const [i, cells] of req.rows.entries()) {
    if (i > 0 && i % SLICE === 0) await yieldToOthers();
    const rowNo = lineOf(req, i);
    const input = equipmentRowInput(cells, req.format);
    const notes: ImportIssue[] = [];
    const name = typeof input.name === 'string' ? input.name : '';
    const serial = matchText(typeof input.serialNumber === 'string' ? input.serialNumber : '');
    const key = serial ? `s:${serial}` : `n:${matchText(name)}`;
    const base = { row: rowNo, name, equipmentId: null, changes: [] as string[], notes };
    const firstRow = key.length > 2 ? seen.get(key) : undefined;
    if (firstRow !== undefined) {
      rows.push({
        ...base,
        action: 'error',
        issues: [
          issue(serial ? 'serialNumber' : 'name', 'import.duplicateInFile', { row: firstRow }),
        ],
      });
      continue;
    }
    if (key.length > 2) seen.set(key, rowNo);
    const match = index.find(serial, matchText(name));
    if (match) {
      // The key it was matched by, written in another case, is not a change.
      if (serial && serial === matchText(match.serialNumber)) delete input.serialNumber;
      if (matchText(name) === matchText(match.name)) delete input.name;
    }
    if (!match) {
      // A new machine from an ordinary sheet: no Type column is Other; no meter (no unit, no usage) is N/A.
      if (input.type === undefined) {
        input.type = 'other';
        notes.push(issue('type', 'import.typeDefaulted'));
      }
      if (input.unit === undefined && input.currentUsage === undefined) {
        input.unit = 'n/a';
        notes.push(issue('unit', 'import.unitDefaulted'));
      }
    }
    // Cells the form's schema would answer vaguely for: said in the sheet's own terms.
    const cellIssues = cellIssuesOf(input, !match);
    const candidate = match ? { ...editableOf(match), ...input } : input;
    const parsed = equipmentInputSchema.safeParse(candidate);
    const programText = cellText(cells.program ?? null);
    const program = programText ? programByName.get(matchText(programText)) : undefined;
    if (programText && !program)
      cellIssues.push(
        issue('program', 'import.programUnknown', { value: programText.slice(0, 80) }),
      );
    else if (program?.countsUsage && parsed.success && parsed.data.unit === 'n/a')
      cellIssues.push(issue('program', 'import.programNeedsMeter', { value: program.name }));
    // A machine that already follows the program gets nothing from it again.
    const applies =
      program && !(match && schedule.follows(match.id, program.id))
        ? { id: program.id, name: program.name }
        : undefined;
    if (cellIssues.length > 0 || !parsed.success) {
      const issues: ImportIssue[] = [...cellIssues];
      const fields = new Set<string>(cellIssues.map((ci) => ci.field));
      for (const zi of parsed.success ? [] : parsed.error.issues) {
        const field = String(zi.path[0] ?? '_');
        if (fields.has(field)) continue;
        fields.add(field);
        const m = issueMessage(zi);
        issues.push(issue(field, m.key, m.params));
      }
      rows.push({ ...base, equipmentId: match?.id ?? null, action: 'error', issues });
      continue;
    }
    if (match) {
      const now = equipmentInputSchema.safeParse(editableOf(match));
      const before: Record<string, unknown> = now.success ? now.data : editableOf(match);
      const after: Record<string, unknown> = parsed.data;
      const changes = (Object.keys(input) as EquipmentImportField[]).filter(
        (f) => !same(before[f], after[f]),
      );
      const patch = Object.fromEntries(changes.map((f) => [f, after[f]]));
      rows.push({
        ...base,
        name: parsed.data.name,
        equipmentId: match.id,
        action: changes.length > 0 || applies ? 'update' : 'unchanged',
        changes: applies ? [...changes, 'program'] : changes,
        issues: [],
        patch,
        program: applies,
      });
      continue;
    }
    if (adds >= room) {
      rows.push({
        ...base,
        name: parsed.data.name,
        action: 'overLimit',
        issues: [issue('_', 'import.overLimit', { limit })],
      });
      continue;
    }
    adds += 1;
    rows.push({
      ...base,
      name: parsed.data.name,
      action: 'add',
      issues: [],
      input: parsed.data,
      program: applies,
    });
  }
  return { rows, count, limit, room: Number.isFinite(room) ? room : -1 };
}

const choices: Record<string, { values: readonly string[]; key: MessageKey }> = {
  type: { values: equipmentTypes, key: 'import.typeInvalid' },
  unit: { values: usageUnits, key: 'import.unitInvalid' },
  fuelType: { values: equipmentFuelTypes, key: 'import.equipmentFuelTypeInvalid' },
  maintenanceIntervalUnit: { values: intervalUnits, key: 'import.intervalUnitInvalid' },
};

/**
 * What is wrong with a row's cells before the form's rules: a number that is not one ("mil
 * doscientos"), a choice that is none of the accepted ones (listed in the message), a usage with no
 * unit on a new machine.
 */
function cellIssuesOf(input: Record<string, unknown>, adding: boolean): ImportIssue[] {
  const out: ImportIssue[] = [];
  for (const [field, value] of Object.entries(input)) {
    if (numericImportFields.has(field) && typeof value === 'string')
      out.push(issue(field, 'import.notANumber', { value: value.slice(0, 40) }));
    const choice = choices[field];
    if (choice && typeof value === 'string' && !choice.values.includes(value))
      out.push(issue(field, choice.key, { value: value.slice(0, 40) }));
  }
  if (adding && input.unit === undefined && input.currentUsage !== undefined)
    out.push(issue('unit', 'import.unitForUsage'));
  return out;
}

const summaryOf = (rows: EquipmentImportRow[]) =>
  countByAction(rows, { add: 0, update: 0, unchanged: 0, error: 0, overLimit: 0 });

const publicRow = answerFields<EquipmentImportRow>(equipmentImportRowSchema);

/** What importing the file would do, row by row (nothing is written). */
export async function previewEquipmentImport(
  deps: Deps,
  ctx: CompanyContext,
  req: EquipmentImportRequest,
): Promise<EquipmentImportResult> {
  const plan = await planEquipment(deps.db, ctx, req);
  return {
    rows: plan.rows.map(publicRow),
    summary: { ...summaryOf(plan.rows), count: plan.count, limit: plan.limit, room: plan.room },
    imported: false,
  };
}

/**
 * Imports the rows that pass and fit (mode `valid`), or every row or none (mode `all`), in one
 * transaction: new machines in a few multi-row inserts, each with its `initial` reading; matched
 * machines through the edit's own path (updateEquipmentTx: corrections and `change` entries written
 * to their history). The company row is locked as for an add, so the plan limit holds against
 * concurrent adds.
 */
export async function importEquipment(
  deps: Deps,
  ctx: CompanyContext,
  req: EquipmentImportRequest,
): Promise<EquipmentImportResult> {
  // Planned inside the transaction, after the company row is locked (as an add locks it): imports and
  // adds of one company run one at a time, so rows are matched and counted against what is committed.
  const { plan, summary } = await deps.db.transaction(async (tx) => {
    const [c] = await tx
      .select({ limit: company.equipmentLimit })
      .from(company)
      .where(eq(company.id, ctx.companyId))
      .for('no key update');
    if (!c) throw new AppError('not_found', 'common.notFound');
    const plan = await planEquipment(tx, ctx, req);
    const summary = summaryOf(plan.rows);
    const refused = summary.error + summary.overLimit;
    if (req.mode === 'all' && refused > 0)
      throw new AppError('validation', 'import.hasErrors', { params: { count: refused } });
    if (summary.add + summary.update === 0)
      throw new AppError('validation', 'import.nothingToImport');
    const adds = plan.rows.filter((r) => r.action === 'add' && r.input);
    if (c.limit !== -1 && adds.length > 0) {
      const n = await countEquipment(tx, ctx.companyId);
      if (n + adds.length > c.limit)
        throw new AppError('plan_limit', 'equipment.planLimit', { params: { limit: c.limit } });
    }
    const now = deps.now();
    const who = actorName(ctx);
    for (let i = 0; i < adds.length; i += INSERT_CHUNK) {
      const chunk = adds.slice(i, i + INSERT_CHUNK);
      const created = await tx
        .insert(equipment)
        .values(
          chunk.map((r) => ({
            ...columnsOf(r.input as EquipmentInput, true, null),
            companyId: ctx.companyId,
            userId: ctx.userId,
            dateAdded: now,
            lastUpdated: now,
            lastReadingAt: now,
          })),
        )
        .returning({
          id: equipment.id,
          currentUsage: equipment.currentUsage,
          unit: equipment.unit,
        });
      await recordMany(
        tx,
        created.map((e) => ({
          actor: actorOf(ctx, who),
          equipmentId: e.id,
          at: now,
          entry: { kind: 'imported', params: { usage: e.currentUsage, unit: e.unit } },
        })),
      );
      chunk.forEach((r, k) => (r.equipmentId = created[k]?.id ?? null));
    }
    for (const r of plan.rows) {
      if (r.action !== 'update' || !r.equipmentId || Object.keys(r.patch ?? {}).length === 0)
        continue;
      const current = await findRow(tx, ctx, r.equipmentId, true);
      await updateEquipmentTx(tx, deps, ctx, current, r.patch ?? {});
    }
    if (adds.length > 0) await bumpEquipmentVersion(tx, ctx.companyId);
    await applyPrograms(tx, deps, ctx, plan.rows);
    return { plan, summary };
  });
  return {
    rows: plan.rows.map(publicRow),
    summary: { ...summary, count: plan.count, limit: plan.limit, room: plan.room },
    imported: true,
  };
}

/**
 * The Program column: each named program applied to its rows' machines (added or matched) as "Apply
 * program" does, from the machine's usage after the import and today. Rows that failed are not applied.
 */
async function applyPrograms(
  tx: DbOrTx,
  deps: Deps,
  ctx: CompanyContext,
  rows: readonly PlannedEquipment[],
) {
  const byProgram = new Map<string, { program: { id: string; name: string }; ids: string[] }>();
  for (const r of rows) {
    if (!r.program || !r.equipmentId || (r.action !== 'add' && r.action !== 'update')) continue;
    const group = byProgram.get(r.program.id) ?? { program: r.program, ids: [] };
    group.ids.push(r.equipmentId);
    byProgram.set(r.program.id, group);
  }
  if (byProgram.size === 0) return;
  const wanted = [...new Set([...byProgram.values()].flatMap((g) => g.ids))];
  const machines = new Map<string, { id: string; unit: string; currentUsage: number }>();
  for (let i = 0; i < wanted.length; i += INSERT_CHUNK) {
    const chunk = wanted.slice(i, i + INSERT_CHUNK);
    const found = await tx
      .select({ id: equipment.id, unit: equipment.unit, currentUsage: equipment.currentUsage })
      .from(equipment)
      .where(and(eq(equipment.companyId, ctx.companyId), inArray(equipment.id, chunk)));
    for (const m of found) machines.set(m.id, m);
  }
  for (const { program, ids } of byProgram.values()) {
    const targets = ids.flatMap((id) => machines.get(id) ?? []);
    await applyProgramTx(tx, deps, ctx, program, targets);
  }
}

// ---- past readings and services ----
