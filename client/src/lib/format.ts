import i18n from 'i18next';
import {
  dateTimeFormat,
  intlLocale,
  numberFormat as sharedNumberFormat,
} from '@domain/intl-formats';

/**
 * Numbers, prices and dates as the platform writes them (Intl) for the app's two locales: en-US and
 * es-US. Intl formatters are slow to build (locale data) and cheap to use, so each locale and set of
 * options is built once and kept for the page's life.
 */

const locale = () => intlLocale(i18n.resolvedLanguage);

const numberFormat = (options: Intl.NumberFormatOptions) => sharedNumberFormat(locale(), options);
const dateFormat = (options: Intl.DateTimeFormatOptions) => dateTimeFormat(locale(), options);

const decimalOptions = (maxDecimals: number, minDecimals: number): Intl.NumberFormatOptions => ({
  minimumFractionDigits: minDecimals,
  maximumFractionDigits: maxDecimals,
});
const DATE_OPTIONS: Intl.DateTimeFormatOptions = {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
};

/**
 * The formatters most screens use first, for `language` ('en' | 'es'), as steps that build them into
 * the cache. The first Intl object of a page is the slow one (the platform loads its locale data: tens
 * of milliseconds on a phone, numbers and dates each their own); lib/warm-up.ts runs each step in a task
 * of its own while the page waits on the network, so that cost is not part of a page's render.
 */
export function formatWarmers(language: string): (() => void)[] {
  const loc = intlLocale(language);
  return [
    () => sharedNumberFormat(loc, decimalOptions(1, 0)),
    () => dateTimeFormat(loc, DATE_OPTIONS),
    () => viewerZone(),
  ];
}

/** A number with thousands separators and at most `maxDecimals` decimals (at least `minDecimals`). */
export function formatDecimal(value: number, maxDecimals: number, minDecimals = 0): string {
  return numberFormat(decimalOptions(maxDecimals, minDecimals)).format(value);
}

/** 12,345.6 hours (0 when empty). */
export function formatNumber(value: number | null | undefined, maxDecimals = 1): string {
  return formatDecimal(value ?? 0, maxDecimals);
}

/**
 * A share (0..1) as a percentage with at most `maxDecimals` decimals: "91.7%" (es-US writes it the
 * same way). The number and its sign never break apart, and the emails write the same form.
 */
export function formatPercent(share: number, maxDecimals = 1): string {
  return numberFormat({ style: 'percent', maximumFractionDigits: maxDecimals }).format(share);
}

function toDate(value: string | Date): Date {
  // Date-only strings are read at local noon: never shifted to the previous day by the time zone.
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)
    ? new Date(`${value}T12:00:00`)
    : new Date(value);
}

/** "Jan 5, 2024" (Spanish: "5 ene 2024"), local time. */
export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return '';
  const d = toDate(value);
  if (Number.isNaN(d.getTime())) return '';
  return dateFormat(DATE_OPTIONS).format(d);
}

/**
 * The time zone times are shown in: the signed-in company's (decisions.md, like every "today"), set by
 * lib/auth.ts from the current user answer; undefined (the browser's) before sign-in.
 */
let companyZone: () => string | null | undefined = () => undefined;
export function setTimeZoneSource(source: () => string | null | undefined): void {
  companyZone = source;
}

// The viewer's zone, read once (each read builds a formatter); the cached formatters keep it anyway.
let viewerZoneOnce: string | undefined;
const viewerZone = () => (viewerZoneOnce ??= Intl.DateTimeFormat().resolvedOptions().timeZone);

/**
 * "Jan 5, 2024, 3:04 PM" (Spanish: "5 ene 2024, 3:04 p.m.") in the company's time zone; the zone is
 * named ("3:04 PM CST") when it differs from the viewer's.
 */
export function formatDateTime(value: string | Date | null | undefined): string {
  if (!value) return '';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  const zone = companyZone() ?? undefined;
  const named = zone !== undefined && zone !== viewerZone();
  return dateFormat({
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    ...(zone ? { timeZone: zone } : {}),
    ...(named ? { timeZoneName: 'short' } : {}),
  }).format(d);
}

/** $54 or $550.80 (cents shown only when there are any). */
export function formatUsd(amount: number): string {
  const whole = Number.isInteger(amount);
  return numberFormat({
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(amount);
}

/** The name of a day of the week (0 = Sunday ... 6 = Saturday) in the app's language. */
export function formatWeekday(day: number): string {
  // 2024-01-07 was a Sunday.
  return dateFormat({ weekday: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2024, 0, 7 + day)),
  );
}

/** "Sep 2026" (Spanish: "sept 2026") for a YYYY-MM month. */
export function formatMonth(month: string): string {
  const [y, m] = month.split('-').map(Number);
  if (!y || !m) return month;
  return dateFormat({ month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(y, m - 1, 15)),
  );
}
