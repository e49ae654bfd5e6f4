import type {
  EquipmentDto,
  HistoryRecordDto,
  RetiredEquipmentDto,
  ServiceEntryDto,
} from './schemas/equipment';
import type { InspectionDto } from './schemas/inspections';
import type { DueTask } from './schemas/maintenance';
import { statusLabel } from './status';
import { volumeIn, type VolumeUnit } from './fuel';

/**
 * The one CSV writer: RFC 4180 (comma separated, CRLF line ends, a field with a comma, quote,
 * CR or LF is quoted and its quotes doubled) with formula-injection protection: a text cell that
 * starts with = + - @, tab or carriage return gets a leading apostrophe so a spreadsheet shows it
 * as text instead of running it. Numbers are written as numbers.
 */
export type CsvValue = string | number | boolean | null | undefined;

export type CsvColumn<T> = { header: string; value: (row: T) => CsvValue };

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  let text: string;
  if (typeof value === 'number') text = Number.isFinite(value) ? String(value) : '';
  else if (typeof value === 'boolean') text = value ? 'Yes' : 'No';
  else text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv<T>(columns: readonly CsvColumn<T>[], rows: readonly T[]): string {
  const lines = [columns.map((c) => csvCell(c.header)).join(',')];
  for (const row of rows) lines.push(columns.map((c) => csvCell(c.value(row))).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** Dates in exports: YYYY-MM-DD (sortable, unambiguous in every spreadsheet). */
const day = (iso: string | null | undefined) => (iso ? iso.slice(0, 10) : '');
const fuelLabel = (fuel: string | null | undefined) =>
  !fuel || fuel === 'n/a' ? 'N/A' : fuel.charAt(0).toUpperCase() + fuel.slice(1);

/** The service forecast (issue 14, docs/decisions/forecast.md): when, by what, at what daily usage, or why none. */
const forecastColumns: CsvColumn<EquipmentDto>[] = [
  { header: 'Forecast Due Date', value: (e) => e.forecast?.dueDate ?? '' },
  { header: 'Days Until Due', value: (e) => e.forecast?.daysUntil ?? null },
  {
    header: 'Forecast By',
    value: (e) =>
      e.forecast?.basis === 'usage'
        ? 'Usage forecast'
        : e.forecast?.basis === 'calendar'
          ? 'Calendar'
          : '',
  },
  { header: 'Due At Usage', value: (e) => e.forecast?.dueAtUsage ?? null },
  { header: 'Usual Daily Usage', value: (e) => e.forecast?.perDay ?? null },
  { header: 'Usage Overdue', value: (e) => e.status.overdueUsage },
  {
    header: 'No Usage Forecast Because',
    value: (e) => noForecastLabel(e.forecast?.noUsageForecast),
  },
];

const NO_FORECAST: Record<string, string> = {
  no_readings: 'No readings',
  single_reading: 'Only one reading',
  too_short: 'Readings less than a day apart',
  stale: 'No reading in 90 days',
  stopped: 'No use lately',
  no_interval: 'No service interval',
};
const noForecastLabel = (r: string | null | undefined) => (r ? (NO_FORECAST[r] ?? r) : '');

/** equipment-list-{date}.csv (spec section 7). */
export const equipmentListColumns: CsvColumn<EquipmentDto>[] = [
  { header: 'Name', value: (e) => e.name },
  { header: 'Type', value: (e) => e.type },
  { header: 'Serial Number', value: (e) => e.serialNumber ?? '' },
  { header: 'Unit', value: (e) => e.unit },
  { header: 'Current Usage', value: (e) => e.currentUsage },
  { header: 'Threshold', value: (e) => e.threshold },
  { header: 'Fuel Type', value: (e) => fuelLabel(e.fuelType) },
  { header: 'Service Interval', value: (e) => e.serviceInterval },
  { header: 'Last Service Usage', value: (e) => e.lastServiceUsage },
  { header: 'Status', value: (e) => statusLabel(e.status) },
  { header: 'Scheduled Maintenance', value: (e) => e.hasScheduledMaintenance },
  { header: 'Next Maintenance Date', value: (e) => day(e.nextMaintenanceDate) },
  { header: 'Date Added', value: (e) => day(e.dateAdded) },
  // The schedule itself, so that the list re-imports cleanly (issue 17: spreadsheet import).
  { header: 'Maintenance Start Date', value: (e) => day(e.maintenanceStartDate) },
  { header: 'Maintenance Interval', value: (e) => e.maintenanceInterval },
  {
    header: 'Maintenance Interval Unit',
    value: (e) => (e.hasScheduledMaintenance ? e.maintenanceIntervalUnit : ''),
  },
  ...forecastColumns,
];

/** Equipment maintenance report, also the status pages' export (`{status label}-equipment-{date}.csv`). */
export const maintenanceReportColumns: CsvColumn<EquipmentDto>[] = [
  { header: 'Name', value: (e) => e.name },
  { header: 'Type', value: (e) => e.type },
  { header: 'Current Usage', value: (e) => e.currentUsage },
  { header: 'Threshold', value: (e) => e.threshold },
  { header: 'Unit', value: (e) => e.unit },
  { header: 'Status', value: (e) => statusLabel(e.status) },
  { header: 'Last Updated', value: (e) => day(e.lastUpdated) },
];

/** Status-page export: the maintenance report plus fuel type (N/A when none) and the next dates. */
export const statusReportColumns: CsvColumn<EquipmentDto>[] = [
  ...maintenanceReportColumns,
  { header: 'Fuel Type', value: (e) => fuelLabel(e.fuelType) },
  { header: 'Next Service Usage', value: (e) => e.status.nextServiceUsage },
  { header: 'Next Maintenance Date', value: (e) => day(e.nextMaintenanceDate) },
  ...forecastColumns,
];

/** History export. */
/** Parts of a service in one cell: "Oil filter (OF-1) x2; Belt". */
export const partsText = (
  parts: readonly { part: string; partNumber?: string | null; qty?: number | null }[],
) =>
  parts
    .map((p) => `${p.part}${p.partNumber ? ` (${p.partNumber})` : ''}${p.qty ? ` x${p.qty}` : ''}`)
    .join('; ');

/** A history row of a machine, or of the company export (which says whether the machine is retired). */
export type HistoryCsvRow = HistoryRecordDto & { retired?: boolean };

/**
 * History: the spec's columns, then what a service, a fuel entry, a void and a retired machine add.
 * The fuel column states the company's unit and holds the stored gallons converted once (domain/fuel.ts).
 */
export const historyColumnsIn = (unit: VolumeUnit): CsvColumn<HistoryCsvRow>[] => [
  { header: 'Date', value: (h) => day(h.createdAt) },
  { header: 'Equipment', value: (h) => h.equipmentName },
  { header: 'Type', value: (h) => h.noteType },
  { header: 'Operator', value: (h) => h.operatorName ?? '' },
  { header: 'Usage', value: (h) => h.usage },
  /** The entry's sentence (domain/history-text.ts), in the language the server answered in. */
  { header: 'Notes', value: (h) => h.text },
  {
    header: `Fuel Added (${unit})`,
    value: (h) => (h.fuelAdded === null ? null : volumeIn(h.fuelAdded, unit)),
  },
  { header: 'Service Date', value: (h) => h.service?.serviceDate ?? '' },
  { header: 'Parts', value: (h) => (h.service ? partsText(h.service.parts) : '') },
  { header: 'Cost', value: (h) => h.service?.cost ?? null },
  { header: 'Performed By', value: (h) => h.service?.performedBy ?? '' },
  { header: 'Voided', value: (h) => h.voided !== null },
  { header: 'Void Reason', value: (h) => h.voided?.reason ?? '' },
  { header: 'Retired', value: (h) => h.retired ?? false },
];
export const historyColumns = historyColumnsIn('gal');

/** Service entries export (the service log of every machine). */
export const serviceEntryColumns: CsvColumn<ServiceEntryDto>[] = [
  { header: 'Service Date', value: (s) => s.serviceDate },
  { header: 'Equipment', value: (s) => s.equipmentName },
  { header: 'Usage', value: (s) => s.usage },
  { header: 'Unit', value: (s) => s.unit },
  { header: 'Parts', value: (s) => partsText(s.parts) },
  { header: 'Cost', value: (s) => s.cost },
  { header: 'Performed By', value: (s) => s.performedBy ?? '' },
  { header: 'Notes', value: (s) => s.notes },
  { header: 'Recorded By', value: (s) => s.recordedBy ?? '' },
  { header: 'Retired', value: (s) => s.retired },
];

/** Fuel usage export (spec section 3 "Fuel export row"). */
export type FuelExportRow = {
  date: string;
  equipmentName: string;
  operatorName: string | null;
  fuelType: string | null;
  fuelAdded: number;
  notes: string | null;
  /** The machine is retired. */
  retired?: boolean;
};
/** In the company's unit, stated in the header, converted once from the stored gallons. */
export const fuelUsageColumnsIn = (unit: VolumeUnit): CsvColumn<FuelExportRow>[] => [
  { header: 'Date', value: (f) => day(f.date) },
  { header: 'Equipment', value: (f) => f.equipmentName },
  { header: 'Operator', value: (f) => f.operatorName ?? '' },
  { header: 'Fuel Type', value: (f) => fuelLabel(f.fuelType) },
  { header: `Fuel Added (${unit})`, value: (f) => volumeIn(f.fuelAdded, unit) },
  { header: 'Notes', value: (f) => f.notes ?? '' },
  { header: 'Retired', value: (f) => f.retired ?? false },
];
export const fuelUsageColumns = fuelUsageColumnsIn('gal');

/** Operators export. */
export type OperatorExportRow = {
  company: string;
  firstName: string | null;
  lastName: string | null;
  username: string | null;
  role: string;
  createdAt: string;
};
export const operatorColumns: CsvColumn<OperatorExportRow>[] = [
  { header: 'Company', value: (o) => o.company },
  { header: 'First Name', value: (o) => o.firstName ?? '' },
  { header: 'Last Name', value: (o) => o.lastName ?? '' },
  { header: 'Username', value: (o) => o.username ?? '' },
  { header: 'Role', value: (o) => o.role },
  { header: 'Date Added', value: (o) => day(o.createdAt) },
];

/** retired-equipment-{date}.csv */
export const retiredEquipmentColumns: CsvColumn<RetiredEquipmentDto>[] = [
  { header: 'Name', value: (r) => r.name },
  { header: 'Type', value: (r) => r.type },
  { header: 'Serial Number', value: (r) => r.serialNumber ?? '' },
  { header: 'Unit', value: (r) => r.unit },
  { header: 'Final Usage', value: (r) => r.finalUsage },
  { header: 'Threshold', value: (r) => r.threshold },
  { header: 'Fuel Type', value: (r) => fuelLabel(r.fuelType) },
  { header: 'Total Fuel Used (gal)', value: (r) => r.totalFuelUsed },
  { header: 'Retirement Notes', value: (r) => r.retirementNotes ?? '' },
  { header: 'Retired By', value: (r) => r.retiredBy ?? '' },
  { header: 'Date Added', value: (r) => day(r.originalDateAdded) },
  { header: 'Retired At', value: (r) => day(r.retiredAt) },
];

/** File names: equipment-list-2026-11-20.csv, overdue-equipment-2026-11-20.csv ... */
export const exportFileName = (base: string, date: string) =>
  `${base
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}-${date}.csv`;

/**
 * The Due soon list (issue 40): one row per task due, in the list's order (overdue first, then by due
 * date): which machine and task, when and why, and the parts and cost the task needs.
 */
export const dueSoonColumns: CsvColumn<DueTask>[] = [
  { header: 'Overdue', value: (r) => r.status === 'overdue' },
  { header: 'Due Date', value: (r) => r.forecastDate ?? '' },
  { header: 'Days Until Due', value: (r) => r.daysLeft },
  { header: 'Usage Overdue', value: (r) => r.overdueUsage },
  { header: 'Machine', value: (r) => r.machine.name },
  { header: 'Type', value: (r) => r.machine.type },
  { header: 'Serial Number', value: (r) => r.machine.serialNumber ?? '' },
  { header: 'Task', value: (r) => r.task.name },
  { header: 'Category', value: (r) => r.task.category },
  { header: 'Current Usage', value: (r) => r.machine.currentUsage },
  { header: 'Unit', value: (r) => r.machine.unit },
  {
    header: 'Due By',
    value: (r) =>
      r.basis === 'usage' ? 'Usage forecast' : r.basis === 'calendar' ? 'Calendar' : '',
  },
  { header: 'Due At Usage', value: (r) => r.dueAt.usage },
  { header: 'Usual Daily Usage', value: (r) => r.perDay },
  { header: 'Calendar Date', value: (r) => r.dueAt.date ?? '' },
  { header: 'Status', value: (r) => statusLabel({ serviceStatus: r.status, hasSchedule: true }) },
  { header: 'Parts', value: (r) => partsText(r.task.parts) },
  { header: 'Estimated Cost', value: (r) => r.task.estimatedCost },
];

/** inspections-{date}.csv (issue 16): one row per answered item, for audits. */
export type InspectionExportRow = InspectionDto & { answer: InspectionDto['answers'][number] };
export const inspectionExportRows = (list: readonly InspectionDto[]): InspectionExportRow[] =>
  list.flatMap((i) => i.answers.map((answer) => ({ ...i, answer })));
export const inspectionColumns: CsvColumn<InspectionExportRow>[] = [
  { header: 'Date', value: (r) => day(r.createdAt) },
  { header: 'Time (UTC)', value: (r) => r.createdAt.slice(11, 16) },
  { header: 'Equipment', value: (r) => r.equipmentName },
  { header: 'Checklist', value: (r) => r.templateName },
  { header: 'Operator', value: (r) => r.operatorName },
  { header: 'Reading', value: (r) => r.reading },
  { header: 'Item', value: (r) => r.answer.label },
  { header: 'Critical', value: (r) => r.answer.critical },
  {
    header: 'Result',
    value: (r) => (r.answer.result === 'pass' ? 'Pass' : r.answer.result === 'fail' ? 'Fail' : ''),
  },
  {
    header: 'Value',
    value: (r) =>
      r.answer.number !== null
        ? `${r.answer.number} ${r.answer.unit}`.trim()
        : (r.answer.text ?? ''),
  },
  { header: 'Note', value: (r) => r.answer.note ?? '' },
];
