/**
 * When a machine is due for service, forecast from its own usage (plain code, no zod).
 *
 * Method (docs/decisions/forecast.md):
 * - usage: the next service is due at `lastServiceUsage + serviceInterval`; with the machine's usual
 *   daily usage (domain/usage-rate.ts) the remaining usage is reached after
 *   ceil(remaining / rate) days from today. Already reached: due today (overdue by usage).
 * - calendar: the scheduled next maintenance date, when calendar maintenance is on.
 * - "whichever comes first": the earlier of the two.
 * - no forecast from usage when the machine has no usage interval, or no usable rate (no readings,
 *   a single reading, readings too close together, a newest reading older than the window) or a rate
 *   of 0 (it stopped); the reason is returned so the screen can say why.
 */
import { addInterval } from './dates';
import { nextServiceUsage } from './status';
import type { NoRateReason, UsageRate } from './usage-rate';

export type NoForecastReason = NoRateReason | 'no_interval' | 'stopped';

export type ForecastInput = {
  currentUsage: number;
  lastServiceUsage: number;
  serviceInterval: number;
  hasScheduledMaintenance: boolean;
  /** YYYY-MM-DD */
  nextMaintenanceDate: string | null;
};

export type Forecast = {
  /** The earlier of the usage forecast and the calendar date (YYYY-MM-DD), or null when neither exists. */
  dueDate: string | null;
  /** Which one gave `dueDate`. */
  basis: 'usage' | 'calendar' | null;
  /** Whole days from today to `dueDate` (negative when overdue). */
  daysUntil: number | null;
  /** The usual daily usage the usage forecast used. */
  perDay: number | null;
  /** Date the usage reaches the next service (YYYY-MM-DD), from the rate. */
  usageDueDate: string | null;
  /** Usage at which the next service is due. */
  dueAtUsage: number | null;
  calendarDueDate: string | null;
  /** Why there is no usage forecast (null when there is one). */
  noUsageForecast: NoForecastReason | null;
};

/** Whole days from `from` to `to` (both YYYY-MM-DD). */
export function daysBetween(from: string, to: string): number {
  const a = Date.UTC(+from.slice(0, 4), +from.slice(5, 7) - 1, +from.slice(8, 10));
  const b = Date.UTC(+to.slice(0, 4), +to.slice(5, 7) - 1, +to.slice(8, 10));
  return Math.round((b - a) / 86_400_000);
}

/**
 * The usage a machine's next service is due at, the one way every screen gets it: the forecast's
 * (`nextServiceUsage`, computed on the server), or, where an answer leaves it out to stay small (the
 * dashboard's lean overview), the current usage less how far past it the machine is.
 */
export function dueAtUsageOf(e: {
  forecast?: { dueAtUsage?: number | null } | null;
  currentUsage?: number;
  status?: { overdueUsage?: number | null };
}): number | null {
  const given = e.forecast?.dueAtUsage;
  if (given !== undefined && given !== null) return given;
  const past = e.status?.overdueUsage ?? null;
  if (past === null || e.currentUsage === undefined) return null;
  return Math.round((e.currentUsage - past) * 100) / 100;
}

/** Far enough: a forecast beyond ten years is no forecast a shop can plan with. */
const MAX_DAYS = 3_650;

export function forecastService(e: ForecastInput, rate: UsageRate, today: string): Forecast {
  const calendarDueDate =
    e.hasScheduledMaintenance && e.nextMaintenanceDate ? e.nextMaintenanceDate : null;
  let usageDueDate: string | null = null;
  let perDay: number | null = null;
  let noUsageForecast: NoForecastReason | null = null;
  const dueAtUsage = nextServiceUsage(e);
  if (dueAtUsage === null) noUsageForecast = 'no_interval';
  else {
    const remaining = dueAtUsage - e.currentUsage;
    if (rate.kind === 'rate') perDay = rate.perDay;
    if (remaining <= 0) usageDueDate = today;
    else if (rate.kind !== 'rate') noUsageForecast = rate.reason;
    else if (!(rate.perDay > 0)) noUsageForecast = 'stopped';
    else {
      const days = Math.ceil(remaining / rate.perDay - 1e-9);
      if (days > MAX_DAYS) noUsageForecast = 'stopped';
      else usageDueDate = addInterval(today, Math.max(0, days), 'days');
    }
  }
  let dueDate: string | null = null;
  let basis: Forecast['basis'] = null;
  if (usageDueDate && (!calendarDueDate || usageDueDate <= calendarDueDate)) {
    dueDate = usageDueDate;
    basis = 'usage';
  } else if (calendarDueDate) {
    dueDate = calendarDueDate;
    basis = 'calendar';
  }
  return {
    dueDate,
    basis,
    daysUntil: dueDate ? daysBetween(today, dueDate) : null,
    perDay,
    usageDueDate,
    dueAtUsage,
    calendarDueDate,
    noUsageForecast,
  };
}
