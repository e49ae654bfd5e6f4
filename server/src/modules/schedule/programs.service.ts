/**
 * Programs (issue 40): named sets of task templates applied to many machines. Applying one gives each
 * machine the templates it lacks (never twice: a unique index on machine + template); editing a
 * template changes every machine's task that follows it, except a task changed on its own; each
 * machine's next due follows from its own last done (docs/decisions/maintenance-schedule.md).
 */
import { and, asc, eq, inArray, notInArray } from 'drizzle-orm';
import { nextDueDateOf } from '@domain/schedule';
import type {
  ProgramDto,
  ProgramInput,
  ProgramPatch,
  ProgramTaskInput,
} from '@domain/schemas/schedule';
import type { DbOrTx } from '../../db/client';
import { equipment, serviceProgram, serviceProgramTask, serviceTask } from '../../db/schema/index';
import type { Deps } from '../../deps';
import { AppError, notFound } from '../../lib/errors';
import type { CompanyContext } from '../../plugins/session';
import { actorOf, bumpEquipmentVersion, recordMany, type NewEntry } from '../ledger/index';
import { checkCatalogueParts } from '../parts/index';
import {
  everyTimeOf,
  findProgram,
  partsDtoOf,
  storedTaskFields,
  type ProgramRow,
} from './task-rows';
import { todayOf } from './tasks.service';

type TemplateRow = typeof serviceProgramTask.$inferSelect;

const templateFields = (t: ProgramTaskInput) => storedTaskFields(t);

/** Programs with their templates and the machines following them: three queries whatever their number. */
async function programDtos(db: DbOrTx, companyId: string, ids?: string[]): Promise<ProgramDto[]> {
  const programs = await db
    .select()
    .from(serviceProgram)
    .where(
      and(
        eq(serviceProgram.companyId, companyId),
        ids ? inArray(serviceProgram.id, ids) : undefined,
      ),
    )
    .orderBy(asc(serviceProgram.name), asc(serviceProgram.id));
  if (programs.length === 0) return [];
  const pids = programs.map((p) => p.id);
  const [templates, following] = await Promise.all([
    db
      .select()
      .from(serviceProgramTask)
      .where(
        and(
          eq(serviceProgramTask.companyId, companyId),
          inArray(serviceProgramTask.programId, pids),
        ),
      )
      .orderBy(asc(serviceProgramTask.position), asc(serviceProgramTask.id)),
    db
      .selectDistinct({ programId: serviceTask.programId, equipmentId: serviceTask.equipmentId })
      .from(serviceTask)
      .where(and(eq(serviceTask.companyId, companyId), inArray(serviceTask.programId, pids))),
  ]);
  return programs.map((p) => ({
    id: p.id,
    name: p.name,
    description: p.description,
    tasks: templates
      .filter((t) => t.programId === p.id)
      .map((t) => ({
        id: t.id,
        name: t.name,
        category: t.category as ProgramDto['tasks'][number]['category'],
        everyUsage: t.everyUsage,
        everyTime: everyTimeOf(t),
        parts: partsDtoOf(t.parts),
        estimatedCost: t.estimatedCost,
        notes: t.notes,
      })),
    equipmentIds: [
      ...new Set(following.filter((f) => f.programId === p.id).map((f) => f.equipmentId)),
    ].sort(),
  }));
}

export async function oneProgram(db: DbOrTx, companyId: string, id: string): Promise<ProgramDto> {
  const [p] = await programDtos(db, companyId, [id]);
  if (!p) throw notFound('schedule.programNotFound');
  return p;
}

export const listPrograms = (deps: Deps, ctx: CompanyContext) =>
  programDtos(deps.db, ctx.companyId);

export async function createProgram(
  deps: Deps,
  ctx: CompanyContext,
  input: ProgramInput,
): Promise<ProgramDto> {
  await checkCatalogueParts(
    deps.db,
    ctx,
    input.tasks.flatMap((t) => t.parts ?? []),
  );
  return deps.db.transaction(async (tx) => {
    const now = deps.now();
    const [p] = await tx
      .insert(serviceProgram)
      .values({
        companyId: ctx.companyId,
        name: input.name,
        description: input.description ?? null,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!p) throw new Error('insert returned nothing');
    await tx.insert(serviceProgramTask).values(
      input.tasks.map((t, i) => ({
        companyId: ctx.companyId,
        programId: p.id,
        position: i + 1,
        ...templateFields(t),
      })),
    );
    return oneProgram(tx, ctx.companyId, p.id);
  });
}

/** The machines following a program: id, unit, current usage (for new templates and the N/A rule). */
async function followers(tx: DbOrTx, companyId: string, programId: string) {
  return tx
    .selectDistinct({
      id: equipment.id,
      unit: equipment.unit,
      currentUsage: equipment.currentUsage,
    })
    .from(serviceTask)
    .innerJoin(equipment, eq(equipment.id, serviceTask.equipmentId))
    .where(and(eq(serviceTask.companyId, companyId), eq(serviceTask.programId, programId)));
}

/** A usage interval cannot go to a machine whose unit is N/A (400 under the template's field). */
function refuseUsageOnNoUnit(
  machines: readonly { unit: string }[],
  tasks: readonly ProgramTaskInput[],
  field: (i: number) => string,
) {
  if (!machines.some((m) => m.unit === 'n/a')) return;
  const i = tasks.findIndex((t) => t.everyUsage != null);
  if (i >= 0)
    throw new AppError('validation', 'schedule.usageOnNoUnit', {
      fieldErrors: { [field(i)]: 'schedule.usageOnNoUnit' },
    });
}

/**
 * Edits a program. Templates sent with their id are changed, and every machine's task that follows one
 * and was not changed on its own takes the change (its next due recomputed from its own last done);
 * templates sent without an id are added to the program and to every machine following it (last done:
 * the machine's current usage, today); templates left out are removed, and so are the machines' tasks
 * that still followed them unchanged (a task changed on its own stays, as the machine's own).
 */
export async function updateProgram(
  deps: Deps,
  ctx: CompanyContext,
  id: string,
  patch: ProgramPatch,
): Promise<ProgramDto> {
  await checkCatalogueParts(
    deps.db,
    ctx,
    (patch.tasks ?? []).flatMap((t) => t.parts ?? []),
  );
  const today = todayOf(deps, ctx);
  return deps.db.transaction(async (tx) => {
    const program = await findProgram(tx, ctx, id, true);
    const now = deps.now();
    await tx
      .update(serviceProgram)
      .set({
        ...(patch.name !== undefined ? { name: patch.name } : {}),
        ...(patch.description !== undefined ? { description: patch.description ?? null } : {}),
        updatedAt: now,
      })
      .where(eq(serviceProgram.id, program.id));
    if (patch.tasks) await updateTemplates(tx, ctx, program, patch.tasks, now, today);
    return oneProgram(tx, ctx.companyId, program.id);
  });
}

async function updateTemplates(
  tx: DbOrTx,
  ctx: CompanyContext,
  program: ProgramRow,
  tasks: readonly ProgramTaskInput[],
  now: Date,
  today: string,
) {
  const existing = await tx
    .select()
    .from(serviceProgramTask)
    .where(eq(serviceProgramTask.programId, program.id));
  const known = new Map(existing.map((t) => [t.id, t]));
  tasks.forEach((t, i) => {
    if (t.id && !known.has(t.id))
      throw new AppError('validation', 'schedule.taskNotFound', {
        fieldErrors: { [`tasks.${i}.id`]: 'schedule.taskNotFound' },
      });
  });
  const machines = await followers(tx, ctx.companyId, program.id);
  refuseUsageOnNoUnit(machines, tasks, (i) => `tasks.${i}.everyUsage`);
  const history: NewEntry[] = [];
  const actor = actorOf(ctx);
  const entry = (equipmentId: string, e: NewEntry['entry']) =>
    history.push({ actor, equipmentId, at: now, entry: e });

  // Removed templates: the following tasks that were not changed on their own go with them.
  const keptIds = tasks.flatMap((t) => (t.id ? [t.id] : []));
  const removed = existing.filter((t) => !keptIds.includes(t.id));
  if (removed.length > 0) {
    // The machines' copies of the removed tasks.
    const copies = and(
      eq(serviceTask.companyId, ctx.companyId),
      inArray(
        serviceTask.programTaskId,
        removed.map((t) => t.id),
      ),
    );
    const gone = await tx
      .delete(serviceTask)
      .where(and(copies, eq(serviceTask.changedFromProgram, false)))
      .returning({ equipmentId: serviceTask.equipmentId, name: serviceTask.name });
    for (const g of gone) entry(g.equipmentId, { kind: 'task_removed', params: { task: g.name } });
    await tx
      .update(serviceTask)
      .set({ programId: null, programTaskId: null, updatedAt: now })
      .where(copies);
    await tx
      .delete(serviceProgramTask)
      .where(
        and(
          eq(serviceProgramTask.programId, program.id),
          notInArray(serviceProgramTask.id, keptIds.length ? keptIds : [program.id]),
        ),
      );
  }

  for (const [i, t] of tasks.entries()) {
    const fields = templateFields(t);
    if (t.id) {
      const before = known.get(t.id)!;
      await tx
        .update(serviceProgramTask)
        .set({ ...fields, position: i + 1 })
        .where(eq(serviceProgramTask.id, t.id));
      // The machines' tasks keep the program's order.
      await tx
        .update(serviceTask)
        .set({ position: 100 + i })
        .where(and(eq(serviceTask.companyId, ctx.companyId), eq(serviceTask.programTaskId, t.id)));
      if (sameTemplate(before, fields)) continue;
      // Each following task unchanged on its own takes the template; its next due date follows its own last done.
      const moved = await tx
        .update(serviceTask)
        .set({
          ...fields,
          updatedAt: now,
        })
        .where(
          and(
            eq(serviceTask.companyId, ctx.companyId),
            eq(serviceTask.programTaskId, t.id),
            eq(serviceTask.changedFromProgram, false),
          ),
        )
        .returning();
      // The next due date is the domain's (month-end safe): set per task from its own last done.
      for (const m of moved) {
        const next = nextDueDateOf(m.lastDoneDate, t.everyTime ?? null);
        if (next !== m.nextDueDate)
          await tx.update(serviceTask).set({ nextDueDate: next }).where(eq(serviceTask.id, m.id));
        entry(m.equipmentId, {
          kind: 'task_changed',
          params: {
            task: m.name,
            changes: templateChanges(before, fields),
          },
        });
      }
    } else {
      const [created] = await tx
        .insert(serviceProgramTask)
        .values({ companyId: ctx.companyId, programId: program.id, position: i + 1, ...fields })
        .returning();
      if (!created) throw new Error('insert returned nothing');
      if (machines.length > 0)
        await tx.insert(serviceTask).values(
          machines.map((m) => ({
            companyId: ctx.companyId,
            equipmentId: m.id,
            ...fields,
            lastDoneUsage: m.currentUsage,
            lastDoneDate: today,
            nextDueDate: nextDueDateOf(today, t.everyTime ?? null),
            programId: program.id,
            programTaskId: created.id,
            position: 100 + i,
            createdAt: now,
            updatedAt: now,
          })),
        );
      for (const m of machines)
        entry(m.id, { kind: 'task_added', params: { task: t.name, program: program.name } });
    }
  }
  await recordMany(tx, history);
  await bumpEquipmentVersion(tx, ctx.companyId);
}

const templateView = (t: ReturnType<typeof templateFields> | TemplateRow) => ({
  name: t.name,
  category: t.category,
  everyUsage: t.everyUsage,
  everyTime: everyTimeOf(t),
  parts: partsDtoOf(t.parts),
  estimatedCost: t.estimatedCost,
  notes: t.notes,
});
const sameTemplate = (a: TemplateRow, b: ReturnType<typeof templateFields>) =>
  JSON.stringify(templateView(a)) === JSON.stringify(templateView(b));
function templateChanges(a: TemplateRow, b: ReturnType<typeof templateFields>) {
  const x = templateView(a);
  const y = templateView(b);
  return (Object.keys(x) as (keyof typeof x)[])
    .filter((k) => JSON.stringify(x[k]) !== JSON.stringify(y[k]))
    .map((k) => ({ field: k, from: x[k], to: y[k] }));
}

/** Deletes a program: the machines keep its tasks as their own. */
export async function deleteProgram(deps: Deps, ctx: CompanyContext, id: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const program = await findProgram(tx, ctx, id, true);
    await tx
      .update(serviceTask)
      .set({ programId: null, programTaskId: null, updatedAt: deps.now() })
      .where(and(eq(serviceTask.companyId, ctx.companyId), eq(serviceTask.programId, program.id)));
    await tx.delete(serviceProgram).where(eq(serviceProgram.id, program.id));
  });
}
