import { daysBetween } from './dates';
import {
  serviceStatuses,
  statusSlugs,
  type EquipmentStatus,
  type ServiceStatus,
  type StatusSlug,
} from './status-values';

export {
  serviceStatuses,
  statusPageSlugs,
  statusSlugs,
  type EquipmentStatus,
  type ServiceStatus,
  type StatusPageSlug,
  type StatusSlug,
} from './status-values';

/**
 * The one status engine (decisions.md, "One status engine"). Plain code, no zod: the screens that show
 * statuses load it without the validation library (its schemas are in schemas/status.ts). The server computes it for every
 * equipment response, filter, count and export; every screen shows what it returns. Its vocabulary
 * (statuses, slugs, the status's shape) is in status-values.ts.
 */

const SLUG_OF: Record<ServiceStatus, StatusSlug> = {
  good: 'good',
  approaching_service: 'approaching',
  time_for_service: 'due',
  overdue: 'overdue',
};
const STATUS_OF: Record<StatusSlug, ServiceStatus> = {
  good: 'good',
  approaching: 'approaching_service',
  due: 'time_for_service',
  overdue: 'overdue',
};
export const slugOfStatus = (s: ServiceStatus): StatusSlug => SLUG_OF[s];
export const statusOfSlug = (s: StatusSlug): ServiceStatus => STATUS_OF[s];

/** A status filter as given by a caller: a service status, a page slug or `all` (null = no filter). */
export function parseStatusFilter(value: string | null | undefined): ServiceStatus | null {
  if (!value || value === 'all') return null;
  if ((serviceStatuses as readonly string[]).includes(value)) return value as ServiceStatus;
  if ((statusSlugs as readonly string[]).includes(value)) return STATUS_OF[value as StatusSlug];
  return null;
}

/** Thresholds (percent of the service interval; days until the scheduled date). */
export const USAGE_APPROACHING = 80;
export const USAGE_DUE = 100;
export const USAGE_OVERDUE = 110;
export const DAYS_DUE = 1;
export const DAYS_APPROACHING = 7;
export const CRITICAL_PERCENT = 95;
export const SEVERE_PERCENT = 125;
export const CRITICAL_DAYS = 7;
export const SEVERE_DAYS = -7;

const RANK: Record<ServiceStatus, number> = {
  good: 0,
  approaching_service: 1,
  time_for_service: 2,
  overdue: 3,
};
export const statusRank = (s: ServiceStatus) => RANK[s];
/** The worse of two statuses. */
export const worse = (a: ServiceStatus, b: ServiceStatus): ServiceStatus =>
  RANK[b] > RANK[a] ? b : a;

/** What the engine reads from an equipment record. */
export type StatusInput = {
  currentUsage: number | null | undefined;
  lastServiceUsage: number | null | undefined;
  serviceInterval: number | null | undefined;
  hasScheduledMaintenance: boolean | null | undefined;
  nextMaintenanceDate: string | null | undefined;
  threshold?: number | null | undefined;
  alertThreshold?: number | null | undefined;
};

/** (currentUsage - lastServiceUsage) / serviceInterval * 100; null without a positive interval. */
export function usagePercent(
  e: Pick<StatusInput, 'currentUsage' | 'lastServiceUsage' | 'serviceInterval'>,
): number | null {
  const interval = e.serviceInterval ?? 0;
  if (!(interval > 0)) return null;
  return (((e.currentUsage ?? 0) - (e.lastServiceUsage ?? 0)) / interval) * 100;
}

export function usageStatusOf(percent: number): ServiceStatus {
  if (percent >= USAGE_OVERDUE) return 'overdue';
  if (percent >= USAGE_DUE) return 'time_for_service';
  if (percent >= USAGE_APPROACHING) return 'approaching_service';
  return 'good';
}

/** Whole days until the next maintenance date (rounded up); null without scheduled maintenance and a date. */
export function daysUntilMaintenance(
  e: Pick<StatusInput, 'hasScheduledMaintenance' | 'nextMaintenanceDate'>,
  today: string,
): number | null {
  if (!e.hasScheduledMaintenance || !e.nextMaintenanceDate) return null;
  return daysBetween(today, e.nextMaintenanceDate);
}

export function calendarStatusOf(days: number): ServiceStatus {
  if (days < 0) return 'overdue';
  if (days <= DAYS_DUE) return 'time_for_service';
  if (days <= DAYS_APPROACHING) return 'approaching_service';
  return 'good';
}

/** Alert threshold option (10/15/20/25) -> percent of lifespan that raises the warning (90/85/80/75). */
export const alertThresholdOptions = [10, 15, 20, 25] as const;
export type AlertThreshold = (typeof alertThresholdOptions)[number];
export const lifespanWarningPercent = (alertThreshold: number | null | undefined) =>
  100 - (alertThreshold ?? 20);

/** Next service usage = lastServiceUsage + serviceInterval (null without a positive interval). */
export function nextServiceUsage(
  e: Pick<StatusInput, 'lastServiceUsage' | 'serviceInterval'>,
): number | null {
  const interval = e.serviceInterval ?? 0;
  if (!(interval > 0)) return null;
  return round2((e.lastServiceUsage ?? 0) + interval);
}

/** Usage figures keep the decimals that were entered (at most 2, the columns' scale): no float noise. */
const round2 = (n: number) => Math.round(n * 100) / 100;

/** Remaining usage until the next service, floored at 0 (null without a positive interval). */
export function remainingUsage(
  e: Pick<StatusInput, 'currentUsage' | 'lastServiceUsage' | 'serviceInterval'>,
): number | null {
  const next = nextServiceUsage(e);
  if (next === null) return null;
  return Math.max(0, round2(next - (e.currentUsage ?? 0)));
}

/**
 * How far the usage is past the next service (issue 26): 40 when the service was due at 1,000 and
 * the machine reads 1,040; null when it is not past it or has no positive interval. Rounded to 2
 * decimals (readings are stored as decimals, their difference carries float noise).
 */
export function overdueUsage(
  e: Pick<StatusInput, 'currentUsage' | 'lastServiceUsage' | 'serviceInterval'>,
): number | null {
  const next = nextServiceUsage(e);
  if (next === null) return null;
  const past = Math.round(((e.currentUsage ?? 0) - next) * 100) / 100;
  return past > 0 ? past : null;
}

/** The full status of one record, for the given "today" (YYYY-MM-DD in the company's time zone). */
export function computeStatus(e: StatusInput, today: string): EquipmentStatus {
  const percent = usagePercent(e);
  const days = daysUntilMaintenance(e, today);
  const usageStatus = percent === null ? null : usageStatusOf(percent);
  const calendarStatus = days === null ? null : calendarStatusOf(days);
  const serviceStatus = worse(usageStatus ?? 'good', calendarStatus ?? 'good');
  const critical =
    (percent !== null && percent >= CRITICAL_PERCENT) || (days !== null && days <= CRITICAL_DAYS);
  const severelyCritical =
    (percent !== null && percent >= SEVERE_PERCENT) || (days !== null && days <= SEVERE_DAYS);
  const threshold = e.threshold ?? null;
  const lifespanPercent =
    threshold !== null && threshold > 0 ? ((e.currentUsage ?? 0) / threshold) * 100 : null;
  return {
    serviceStatus,
    slug: slugOfStatus(serviceStatus),
    hasSchedule: percent !== null || days !== null,
    usagePercent: percent,
    usageStatus,
    daysUntilMaintenance: days,
    calendarStatus,
    critical,
    severelyCritical,
    nextServiceUsage: nextServiceUsage(e),
    remainingUsage: remainingUsage(e),
    overdueUsage: overdueUsage(e),
    lifespanPercent,
    lifespanWarning:
      lifespanPercent !== null && lifespanPercent >= lifespanWarningPercent(e.alertThreshold),
  };
}

/**
 * What the usage reading alone contributes to a record's status: the usage status and whether it
 * makes the record critical or severely critical (computeStatus with the calendar part left out).
 * The calendar part does not depend on usage, so two readings of one record with the same standing
 * give the same service status and critical level on every day. The server uses it to tell whether
 * an operator's reading changes what the dashboard overview shows.
 */
export function usageStanding(
  e: Pick<StatusInput, 'currentUsage' | 'lastServiceUsage' | 'serviceInterval'>,
): string {
  const s = computeStatus(
    { ...e, hasScheduledMaintenance: false, nextMaintenanceDate: null },
    '1970-01-01',
  );
  return `${s.serviceStatus}:${s.critical ? (s.severelyCritical ? 'severe' : 'critical') : 'none'}`;
}

/** English labels (exports, server messages). Screens translate with the `equipment` namespace `status.*`. */
export const STATUS_LABELS: Record<ServiceStatus, string> = {
  good: 'Good',
  approaching_service: 'Approaching Service',
  time_for_service: 'Time for Service',
  overdue: 'Overdue',
};
export const NO_SCHEDULE_LABEL = 'No schedule';

/** The label shown for a status ("No schedule" when there is neither an interval nor a date). */
export function statusLabel(
  status: Pick<EquipmentStatus, 'serviceStatus' | 'hasSchedule'>,
): string {
  return status.hasSchedule ? STATUS_LABELS[status.serviceStatus] : NO_SCHEDULE_LABEL;
}

export type StatusColour = 'green' | 'yellow' | 'orange' | 'red' | 'gray';
export const STATUS_COLOURS: Record<ServiceStatus, StatusColour> = {
  good: 'green',
  approaching_service: 'yellow',
  time_for_service: 'orange',
  overdue: 'red',
};
export function statusColour(
  status: Pick<EquipmentStatus, 'serviceStatus' | 'hasSchedule'>,
): StatusColour {
  return status.hasSchedule ? STATUS_COLOURS[status.serviceStatus] : 'gray';
}
