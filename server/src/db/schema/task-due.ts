import { index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { tz } from './columns';
import { companyRef } from './company';
import { serviceTask } from './schedule';

/**
 * The `service_task.due` webhook's sent-markers (issue 40, docs/api.md): one row per task and cycle
 * whose event was recorded. The primary key is the "once": two app servers running the job at the same
 * moment both try the insert, one gets the row and records the event, the other gets nothing. A cycle is
 * the task's last done (domain/task-cycle.ts cycleKeyOf), so a task done and due again is a new cycle.
 * Written only by the maintenance module (modules/maintenance/task-due-events.ts).
 */
export const serviceTaskDueSent = pgTable(
  'service_task_due_sent',
  {
    companyId: companyRef(),
    taskId: uuid('task_id')
      .notNull()
      .references(() => serviceTask.id, { onDelete: 'cascade' }),
    cycle: text('cycle').notNull(),
    /** The task's status when the event was sent: time_for_service or overdue. */
    status: text('status').notNull(),
    eventId: uuid('event_id').notNull(),
    sentAt: tz('sent_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.taskId, t.cycle] }),
    index('service_task_due_sent_company_idx').on(t.companyId, t.sentAt),
  ],
);
