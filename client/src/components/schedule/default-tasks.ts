import type { TaskDto } from '@domain/schemas/schedule';

/**
 * The tasks Mark as Serviced starts ticked (issue 40): the ones asked for ("Mark done" on a task), else
 * those approaching, due or overdue, else the primary task (a service of before tasks existed).
 */
export function defaultTaskIds(
  tasks: readonly Pick<TaskDto, 'id' | 'status' | 'primary'>[],
  asked?: readonly string[],
): string[] {
  if (asked?.length) return tasks.filter((x) => asked.includes(x.id)).map((x) => x.id);
  const due = tasks.filter((x) => x.status !== 'good');
  return (due.length ? due : tasks.filter((x) => x.primary)).map((x) => x.id);
}
