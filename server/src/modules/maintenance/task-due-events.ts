/**
 * The `service_task.due` webhook (issue 40, docs/api.md): sent once per task and cycle when a task
 * becomes due (Time for Service) or overdue. A pass (the job in integrations/webhooks.jobs.ts, every few
 * minutes) looks only at companies with an endpoint that subscribed to it; for each, the tasks due or
 * overdue now (due-tasks.ts, the list Due soon reads) are offered to `service_task_due_sent` in one
 * insert that skips those already marked (its primary key is the task and its cycle), and an event is
 * recorded for each row the insert made, in the same transaction. Two app servers running the pass at once
 * both insert; the database gives each (task, cycle) to one of them, so the event is recorded once. A task
 * marked done starts a new cycle (domain/task-cycle.ts) and is announced again when it next comes due.
 */
import { randomUUID } from 'node:crypto';
import { serviceTaskDueSent } from '../../db/schema/index';
import type { Deps } from '../../deps';
import { enqueueEvents, kickDelivery, type NewEvent } from '../events/index';
import { announceToSubscribers } from '../subscription/index';
import { companyTasks, dueNow, toDueTask } from './due-tasks';

export const TASK_DUE_EVENT = 'service_task.due';

/** One pass over every subscribed company (system scope for the list; each company in its own scope). */
export async function announceDueTasks(deps: Deps): Promise<{ companies: number; sent: number }> {
  const pass = await announceToSubscribers(deps, TASK_DUE_EVENT, (companyId, today) =>
    announceCompany(deps, companyId, today),
  );
  if (pass.sent > 0) kickDelivery(deps);
  return pass;
}

async function announceCompany(deps: Deps, companyId: string, today: string): Promise<number> {
  const now = deps.now();
  const due = (await companyTasks(deps.db, companyId, now, today)).filter(dueNow);
  if (due.length === 0) return 0;
  return deps.db.transaction(async (tx) => {
    const offered = due.map((t) => ({ t, eventId: randomUUID() }));
    const marked = await tx
      .insert(serviceTaskDueSent)
      .values(
        offered.map(({ t, eventId }) => ({
          companyId,
          taskId: t.task.id,
          cycle: t.cycle,
          status: t.view.status.serviceStatus,
          eventId,
          sentAt: now,
        })),
      )
      .onConflictDoNothing()
      .returning({ eventId: serviceTaskDueSent.eventId });
    const won = new Set(marked.map((m) => m.eventId));
    const events: NewEvent[] = offered
      .filter(({ eventId }) => won.has(eventId))
      .map(({ t, eventId }) => {
        const row = toDueTask(t);
        return {
          id: eventId,
          type: TASK_DUE_EVENT,
          data: {
            taskId: row.task.id,
            taskName: row.task.name,
            category: row.task.category,
            equipmentId: row.machine.id,
            equipmentName: row.machine.name,
            status: row.status,
            cycle: t.cycle,
            lastDone: { usage: t.task.lastDoneUsage, date: t.task.lastDoneDate },
            dueAt: row.dueAt,
            forecastDate: row.forecastDate,
            usage: row.machine.currentUsage,
            overdueUsage: row.overdueUsage,
          },
        };
      });
    await enqueueEvents(tx, companyId, events, now);
    return events.length;
  });
}
