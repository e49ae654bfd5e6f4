/**
 * Expiry makes a renewal (issue 42): a document with an expiry date in a renewal category (insurance,
 * registration, inspection certificate) creates or moves each of its machines' renewal task for that
 * category, due on the expiry date; a renewal task has its own warning window in Due soon (30 days,
 * RENEWAL_WINDOW_DAYS), and the digest and the calendar feed read it like any task. A newer document
 * whose expiry is later than the task's due date completes the renewal: the task is done today and next
 * due on the new expiry. An earlier expiry (a correction) only moves the due date.
 *
 * A machine's renewal task for a category is its renewal task named as the starter programs name it
 * (English or Spanish, case aside: "Insurance", "Seguro"...), so a task a program gave the machine is the
 * one that moves; without one, a task is added named in the language of the request that made it (its
 * Accept-Language, as every other route's words: historyLang).
 */
import { and, eq } from 'drizzle-orm';
import type { HistoryLang } from '@domain/history-text';
import type { DbOrTx } from '../../db/client';
import { serviceTask } from '../../db/schema/index';
import type { Deps } from '../../deps';
import type { CompanyContext } from '../../plugins/session';
import { findAnyRow } from '../equipment/index';
import { actorOf, bumpEquipmentVersion, record } from '../ledger/index';
import { todayOf } from './tasks.service';

/**
 * The document categories that renew, with the task names that stand for them. A new task is given the
 * first (English) or the second (Spanish), in the language of the request that uploaded or changed the
 * document.
 */
export const RENEWAL_TASK_NAMES: Record<string, readonly string[]> = {
  insurance: ['Insurance', 'Seguro'],
  registration: ['Registration', 'Matrícula'],
  certificate: [
    'Inspection certificate',
    'Certificado de inspección',
    'Safety inspection',
    'Inspección de seguridad',
  ],
};

const normal = (s: string) => s.normalize('NFC').trim().toLocaleLowerCase('en-US');

/**
 * Moves (or adds) the renewal task of `category` on each machine to `expiresOn`, inside the caller's
 * transaction. Retired machines and categories that do not renew are left alone.
 */
export async function renewFromDocument(
  tx: DbOrTx,
  deps: Deps,
  ctx: CompanyContext,
  input: {
    equipmentIds: readonly string[];
    category: string;
    expiresOn: string | null;
    lang: HistoryLang;
  },
): Promise<void> {
  const names = RENEWAL_TASK_NAMES[input.category];
  if (!names || !input.expiresOn) return;
  const wanted = new Set(names.map(normal));
  const today = todayOf(deps, ctx);
  const now = deps.now();
  let changed = false;
  for (const equipmentId of input.equipmentIds) {
    const machine = await findAnyRow(tx, ctx, equipmentId, true);
    if (machine.retiredAt) continue;
    const tasks = await tx
      .select()
      .from(serviceTask)
      .where(
        and(
          eq(serviceTask.companyId, ctx.companyId),
          eq(serviceTask.equipmentId, machine.id),
          eq(serviceTask.category, 'renewal'),
        ),
      )
      .orderBy(serviceTask.position);
    const task = tasks.find((t) => wanted.has(normal(t.name)));
    if (!task) {
      // Stored data, so one language: the one the person uploading or changing the document reads.
      const [created] = await tx
        .insert(serviceTask)
        .values({
          companyId: ctx.companyId,
          equipmentId: machine.id,
          name: (input.lang === 'es' && names[1]) || names[0]!,
          category: 'renewal',
          everyTimeCount: 1,
          everyTimeUnit: 'years',
          lastDoneDate: today,
          lastDoneUsage: machine.currentUsage,
          nextDueDate: input.expiresOn,
          position: 1000 + tasks.length,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ name: serviceTask.name });
      await record(tx, actorOf(ctx), machine.id, now, {
        kind: 'task_added',
        params: { task: created!.name, program: null },
      });
      changed = true;
      continue;
    }
    if (task.nextDueDate === input.expiresOn) continue;
    const renewed = task.nextDueDate === null || input.expiresOn > task.nextDueDate;
    const set = renewed
      ? { lastDoneDate: today, lastDoneUsage: machine.currentUsage, nextDueDate: input.expiresOn }
      : { nextDueDate: input.expiresOn };
    await tx
      .update(serviceTask)
      .set({ ...set, updatedAt: now })
      .where(and(eq(serviceTask.id, task.id), eq(serviceTask.companyId, ctx.companyId)));
    const changes = [
      ...(renewed && task.lastDoneDate !== today
        ? [{ field: 'lastDoneDate', from: task.lastDoneDate, to: today }]
        : []),
      { field: 'nextDueDate', from: task.nextDueDate, to: input.expiresOn },
    ];
    await record(tx, actorOf(ctx), machine.id, now, {
      kind: 'task_changed',
      params: { task: task.name, changes },
    });
    changed = true;
  }
  if (changed) await bumpEquipmentVersion(tx, ctx.companyId);
}
