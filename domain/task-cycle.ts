/**
 * A service task's cycle (issue 40): the stretch from one time it was done to the next. Marking the task
 * done (or a work order completing it) moves its last done, so it starts a new cycle. The calendar feed's
 * event UIDs (`<taskId>-<cycle>@equipment-management-suite`) and the `service_task.due` webhook's "once
 * per task and cycle" both read this one key, so a calendar updates its event while the task waits, and
 * adds a new one (and the webhook fires again) once it is done and comes due again.
 */
export function cycleKeyOf(t: {
  lastDoneDate: string | null;
  lastDoneUsage: number | null;
}): string {
  const date = t.lastDoneDate ?? 'start';
  return t.lastDoneUsage === null ? date : `${date}-u${t.lastDoneUsage}`;
}

/** The calendar feed's stable event UID of a task's cycle. */
export const taskEventUid = (taskId: string, cycle: string) =>
  `${taskId}-${cycle}@equipment-management-suite`;
