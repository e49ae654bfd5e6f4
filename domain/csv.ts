import type { EquipmentDto, HistoryRecordDto, RetiredEquipmentDto } from './schemas/equipment';
import { statusLabel } from './status';

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
];

/** History export. */
export const historyColumns: CsvColumn<HistoryRecordDto>[] = [
  { header: 'Date', value: (h) => day(h.createdAt) },
  { header: 'Equipment', value: (h) => h.equipmentName },
  { header: 'Type', value: (h) => h.noteType },
  { header: 'Operator', value: (h) => h.operatorName ?? '' },
  { header: 'Usage', value: (h) => h.usage },
  { header: 'Notes', value: (h) => h.content },
];

/** Fuel usage export (spec section 3 "Fuel export row"). */
export type FuelExportRow = {
  date: string;
  equipmentName: string;
  operatorName: string | null;
  fuelType: string | null;
  fuelAdded: number;
  notes: string | null;
};
export const fuelUsageColumns: CsvColumn<FuelExportRow>[] = [
  { header: 'Date', value: (f) => day(f.date) },
  { header: 'Equipment', value: (f) => f.equipmentName },
  { header: 'Operator', value: (f) => f.operatorName ?? '' },
  { header: 'Fuel Type', value: (f) => fuelLabel(f.fuelType) },
  { header: 'Fuel Added (gal)', value: (f) => f.fuelAdded },
  { header: 'Notes', value: (f) => f.notes ?? '' },
];

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
