/**
 * A program and its machines (issue 40): applying it (the Programs page, Add Equipment and the equipment
 * import's Program column all go through applyProgramTx) and taking it off a machine. The programs and
 * their templates are programs.service.ts's.
 */
import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import { nextDueDateOf } from '@domain/schedule';
import type { ApplyProgramInput, ProgramDto } from '@domain/schemas/schedule';
import type { DbOrTx } from '../../db/client';
import { serviceProgram, serviceProgramTask, serviceTask } from '../../db/schema/index';
import type { Deps } from '../../deps';
import { AppError } from '../../lib/errors';
import type { CompanyContext } from '../../plugins/session';
import { findRow } from '../equipment/index';
import { actorOf, bumpEquipmentVersion, record, recordMany } from '../ledger/index';
import { oneProgram } from './programs.service';
import { checkLastDone, everyTimeOf, findProgram } from './task-rows';
import { todayOf } from './tasks.service';

/**
 * Applies a program to machines: each gets the templates it does not have yet (applying twice adds
 * nothing), last done at the given usage and date, else its current usage and today.
 */
export async function applyProgram(
  deps: Deps,
  ctx: CompanyContext,
  id: string,
  input: ApplyProgramInput,
): Promise<{ added: number; program: ProgramDto }> {
  const today = todayOf(deps, ctx);
  return deps.db.transaction(async (tx) => {
    const program = await findProgram(tx, ctx, id, true);
    const machines = [];
    for (const equipmentId of [...new Set(input.equipmentIds)]) {
      const m = await findRow(tx, ctx, equipmentId, true);
      checkLastDone(m, input.lastDone, today);
      machines.push(m);
    }
    const added = await applyProgramTx(tx, deps, ctx, program, machines, input.lastDone);
    return { added, program: await oneProgram(tx, ctx.companyId, program.id) };
  });
}

/** A program's templates, in their order. */
const templatesOf = (tx: DbOrTx, programId: string) =>
  tx
    .select()
    .from(serviceProgramTask)
    .where(eq(serviceProgramTask.programId, programId))
    .orderBy(asc(serviceProgramTask.position));

/**
 * The one writer of "apply a program" (the Programs page, Add Equipment, the equipment import): inside
 * the caller's transaction, gives each machine (already found, locked and checked by the caller) the
 * program's templates it lacks, and records each task added. Refuses (400) usage templates on a
 * machine with no meter. Returns how many tasks were added.
 */
export async function applyProgramTx(
  tx: DbOrTx,
  deps: Deps,
  ctx: CompanyContext,
  program: { id: string; name: string },
  machines: readonly { id: string; unit: string; currentUsage: number }[],
  lastDone?: ApplyProgramInput['lastDone'],
): Promise<number> {
  if (machines.length === 0) return 0;
  const today = todayOf(deps, ctx);
  const templates = await templatesOf(tx, program.id);
  if (machines.some((m) => m.unit === 'n/a') && templates.some((t) => t.everyUsage !== null))
    throw new AppError('validation', 'schedule.usageOnNoUnit', {
      fieldErrors: { equipmentIds: 'schedule.usageOnNoUnit' },
    });
  const now = deps.now();
  const date = lastDone?.date ?? today;
  const values = machines.flatMap((m) =>
    templates.map((t, i) => ({
      companyId: ctx.companyId,
      equipmentId: m.id,
      name: t.name,
      category: t.category,
      everyUsage: t.everyUsage,
      everyTimeCount: t.everyTimeCount,
      everyTimeUnit: t.everyTimeUnit,
      parts: t.parts,
      estimatedCost: t.estimatedCost,
      notes: t.notes,
      lastDoneUsage: lastDone?.usage ?? m.currentUsage,
      lastDoneDate: date,
      nextDueDate: nextDueDateOf(date, everyTimeOf(t)),
      programId: program.id,
      programTaskId: t.id,
      position: 100 + i,
      createdAt: now,
      updatedAt: now,
    })),
  );
  const added =
    values.length === 0
      ? []
      : await tx
          .insert(serviceTask)
          .values(values)
          .onConflictDoNothing({
            target: [serviceTask.equipmentId, serviceTask.programTaskId],
            where: isNotNull(serviceTask.programTaskId),
          })
          .returning({ equipmentId: serviceTask.equipmentId, name: serviceTask.name });
  const actor = actorOf(ctx);
  await recordMany(
    tx,
    added.map((a) => ({
      actor,
      equipmentId: a.equipmentId,
      at: now,
      entry: { kind: 'task_added', params: { task: a.name, program: program.name } },
    })),
  );
  if (added.length > 0) await bumpEquipmentVersion(tx, ctx.companyId);
  return added.length;
}

/**
 * The company's programs as the equipment import matches them: by name (as written, case and accents
 * aside), with whether any template counts usage, and which machines already follow each.
 */
export async function programsForImport(db: DbOrTx, companyId: string) {
  const programs = await db
    .select({ id: serviceProgram.id, name: serviceProgram.name })
    .from(serviceProgram)
    .where(eq(serviceProgram.companyId, companyId));
  const ids = programs.map((p) => p.id);
  const usage = new Set(
    ids.length === 0
      ? []
      : (
          await db
            .selectDistinct({ programId: serviceProgramTask.programId })
            .from(serviceProgramTask)
            .where(
              and(
                inArray(serviceProgramTask.programId, ids),
                isNotNull(serviceProgramTask.everyUsage),
              ),
            )
        ).map((r) => r.programId),
  );
  const following = new Set(
    (
      await db
        .selectDistinct({ equipmentId: serviceTask.equipmentId, programId: serviceTask.programId })
        .from(serviceTask)
        .where(and(eq(serviceTask.companyId, companyId), isNotNull(serviceTask.programId)))
    ).map((r) => `${r.equipmentId}:${r.programId}`),
  );
  return {
    programs: programs.map((p) => ({ ...p, countsUsage: usage.has(p.id) })),
    follows: (equipmentId: string, programId: string) =>
      following.has(`${equipmentId}:${programId}`),
  };
}

/**
 * Takes a program off a machine: its tasks stay as the machine's own (keepTasks, the default), or are
 * removed.
 */
export async function removeProgram(
  deps: Deps,
  ctx: CompanyContext,
  id: string,
  equipmentId: string,
  keepTasks: boolean,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const program = await findProgram(tx, ctx, id);
    const machine = await findRow(tx, ctx, equipmentId, true);
    const where = and(
      eq(serviceTask.companyId, ctx.companyId),
      eq(serviceTask.equipmentId, machine.id),
      eq(serviceTask.programId, program.id),
    );
    const now = deps.now();
    if (keepTasks) {
      await tx
        .update(serviceTask)
        .set({ programId: null, programTaskId: null, updatedAt: now })
        .where(where);
      return;
    }
    const gone = await tx.delete(serviceTask).where(where).returning({ name: serviceTask.name });
    for (const g of gone)
      await record(tx, actorOf(ctx), machine.id, now, {
        kind: 'task_removed',
        params: { task: g.name },
      });
    if (gone.length > 0) await bumpEquipmentVersion(tx, ctx.companyId);
  });
}
