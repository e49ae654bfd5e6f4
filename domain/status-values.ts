/**
 * The status engine's vocabulary, a leaf with no imports: the four service statuses, the status pages'
 * slugs and the shape of one machine's status. domain/status.ts (the engine) and domain/schemas/status.ts
 * (its zod schemas, checked against `EquipmentStatus` below) both import it, neither imports the other.
 */

export const serviceStatuses = [
  'good',
  'approaching_service',
  'time_for_service',
  'overdue',
] as const;
export type ServiceStatus = (typeof serviceStatuses)[number];

/** Slugs of the /equipment/:status pages. `all` is no filter. */
export const statusSlugs = ['good', 'approaching', 'due', 'overdue'] as const;
export type StatusSlug = (typeof statusSlugs)[number];
export const statusPageSlugs = ['all', ...statusSlugs] as const;
export type StatusPageSlug = (typeof statusPageSlugs)[number];

/** One machine's status as the engine computes it (domain/status.ts computeStatus) and the API sends it. */
export type EquipmentStatus = {
  /** The worse of the usage and calendar statuses; `good` when there is neither. */
  serviceStatus: ServiceStatus;
  /** The /equipment/:status slug of serviceStatus. */
  slug: StatusSlug;
  /** False when there is no positive service interval and no scheduled date: shown as "No schedule". */
  hasSchedule: boolean;
  usagePercent: number | null;
  usageStatus: ServiceStatus | null;
  daysUntilMaintenance: number | null;
  calendarStatus: ServiceStatus | null;
  critical: boolean;
  severelyCritical: boolean;
  nextServiceUsage: number | null;
  remainingUsage: number | null;
  /** Usage past the next service (domain/status.ts overdueUsage); null when not past it. */
  overdueUsage: number | null;
  /** currentUsage / threshold * 100 when a lifespan is set. */
  lifespanPercent: number | null;
  /** Approaching end of life: usage at or above (100 - alertThreshold) % of the lifespan. */
  lifespanWarning: boolean;
};
