import type { ServiceStatus } from './status-values';

/**
 * Which words a screen uses for a machine past its due point (docs/decisions/status-words.md;
 * decisions.md "Maintenance schedules"): "past due by 7.5 hours" between 100 % and the overdue
 * threshold (Time for Service), "7.5 hours overdue" only past it (Overdue). Words only: the status
 * itself comes from the one engine (status.ts).
 */
export type PastDueWord = 'overdue' | 'pastDue';

export function pastDueWord(s: {
  overdueUsage?: number | null | undefined;
  serviceStatus: ServiceStatus;
  /** The usage part of the status, when the caller has it (else the machine's status decides). */
  usageStatus?: ServiceStatus | null | undefined;
}): PastDueWord | null {
  if (s.overdueUsage === null || s.overdueUsage === undefined) return null;
  return (s.usageStatus ?? s.serviceStatus) === 'overdue' ? 'overdue' : 'pastDue';
}

/** The Due soon page's groups: Overdue, then Past due (Time for Service past its due point), then weeks. */
export type DueGroupKey = 'overdue' | 'past_due' | { week: string };

/**
 * The Due soon group of a machine, agreeing with its status: an Overdue machine in Overdue; a machine
 * past its due point but not Overdue (usage between 100 % and 110 %, or a forecast date already gone)
 * in Past due, never in a week; anything else in the week of its forecast date (`weekOf`).
 */
export function dueGroupOf(
  e: {
    status: { serviceStatus: ServiceStatus; overdueUsage?: number | null | undefined };
    forecast?: { dueDate: string | null } | null | undefined;
  },
  today: string,
  weekOf: (date: string) => string,
): DueGroupKey {
  if (e.status.serviceStatus === 'overdue') return 'overdue';
  const due = e.forecast?.dueDate ?? today;
  if (due < today || (e.status.overdueUsage ?? 0) > 0) return 'past_due';
  return { week: weekOf(due) };
}
