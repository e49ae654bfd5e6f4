/**
 * Over 400 lines: the column-guessing tables (English and Spanish headers) and the cell readers are data
 * and small pure functions that read best together.
 *
 * Spreadsheet import (issue 17): the pure part shared by the client (column guessing, preview of the
 * mapping) and the server (turning cells into the equipment form's input before the very same
 * `equipmentInputSchema` checks them). No zod here: the schemas live in domain/schemas/import.ts.
 *
 * Cells arrive as text (CSV, or an .xlsx text cell), as numbers (an .xlsx number cell, already a
 * number: no decimal convention applies), booleans, or ISO dates (an .xlsx date cell). Nothing is
 * ever evaluated: a cell such as `=cmd|' /C calc'!A0` is text like any other. The apostrophe our
 * own CSV writer puts before such text (domain/csv.ts) is taken off again, so an export re-imports
 * as it was.
 */
import { equipmentTypes } from './kinds';

export type Cell = string | number | boolean | null;
/** How the spreadsheet writes numbers and dates: US (1,234.5 and 03/12/2026 = March 12) or Spanish (1.234,5 and 03/12/2026 = 3 December). */
export type DecimalMark = '.' | ',';
export type DateOrder = 'mdy' | 'dmy';
export type ImportFormat = { decimal: DecimalMark; dateOrder: DateOrder };

export const formatOfLanguage = (lang: string): ImportFormat =>
  lang.startsWith('es') ? { decimal: ',', dateOrder: 'dmy' } : { decimal: '.', dateOrder: 'mdy' };

/** The equipment form's fields a column can fill, in the template's order. */
export const equipmentImportFields = [
  'name',
  'type',
  'serialNumber',
  'unit',
  'currentUsage',
  'threshold',
  'fuelType',
  'alertThreshold',
  'serviceInterval',
  'lastServiceUsage',
  'hasScheduledMaintenance',
  'maintenanceStartDate',
  'maintenanceInterval',
  'maintenanceIntervalUnit',
  'description',
] as const;
export type EquipmentImportField = (typeof equipmentImportFields)[number];

/**
 * Columns a fleet's own sheet often has that the equipment form has no field for. They are read, not
 * lost: a machine with no name is named by them ("T-12 2019 Chevrolet Silverado"); one with a name
 * keeps them in its description. Not in the template (the template holds the form's fields).
 */
export const equipmentExtraImportFields = ['fleetNumber', 'year', 'make', 'model'] as const;
export type EquipmentExtraImportField = (typeof equipmentExtraImportFields)[number];
/**
 * The maintenance schedule's column (issue 40): the name of one of the company's programs, applied to
 * the machine (added or matched) as "Apply program" does. Not a field of the equipment form.
 */
export const equipmentScheduleImportFields = ['program'] as const;
/** The equipment template's columns: the form's fields, then the program. */
export const equipmentTemplateFields = [
  ...equipmentImportFields,
  ...equipmentScheduleImportFields,
] as const;
/** Every column an equipment sheet's column can be mapped to. */
export const equipmentColumnFields = [
  ...equipmentImportFields,
  ...equipmentExtraImportFields,
  ...equipmentScheduleImportFields,
] as const;
export type EquipmentColumnField = (typeof equipmentColumnFields)[number];

/** Past readings and services: one row is a reading (with fuel and a note) or a service (with cost). */
export const historyImportFields = [
  'date',
  'machine',
  'kind',
  'reading',
  'fuel',
  'fuelType',
  'cost',
  'performedBy',
  'note',
] as const;
export type HistoryImportField = (typeof historyImportFields)[number];

export const numericImportFields = new Set<string>([
  'currentUsage',
  'threshold',
  'alertThreshold',
  'serviceInterval',
  'lastServiceUsage',
  'maintenanceInterval',
  'reading',
  'fuel',
  'cost',
]);
const dateFields = new Set<string>(['maintenanceStartDate', 'date']);

/**
 * Lower case, accents off, only letters and digits: "Número de serie" -> "numerodeserie". A `#` reads
 * "no" (number): "Serial #" is "serialno", and "Unit #" (a fleet number) is "unitno", never "unit".
 */
export function normalizeHeader(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/#/g, 'no')
    .replace(/[^a-z0-9]/g, '');
}

/** Header spellings (normalized) in English and Spanish, the export's own headers included. */
const equipmentAliases: Record<EquipmentColumnField, string[]> = {
  name: [
    'name',
    'equipmentname',
    'equipment',
    'machine',
    'machinename',
    'nombre',
    'equipo',
    'maquina',
    'nombredelequipo',
  ],
  type: ['type', 'equipmenttype', 'category', 'tipo', 'tipodeequipo', 'categoria'],
  serialNumber: [
    'serialnumber',
    'serial',
    'serialno',
    'sn',
    'vin',
    'serie',
    'numerodeserie',
    'nodeserie',
    'nserie',
    'numserie',
    'vinserial',
    'serialvin',
    'vinno',
    'vinnumber',
    'vinnumero',
    'vinserie',
    'seriechasis',
    'numerodechasis',
    'chasis',
    'numerodeserievin',
  ],
  unit: [
    'unit',
    'units',
    'usageunit',
    'unidad',
    'unidades',
    'unidaddeuso',
    'metertype',
    'meterunit',
    'meterunits',
    'usagetype',
    'tipodemedidor',
    'unidaddemedida',
    'unidaddelmedidor',
    'tipodeuso',
  ],
  currentUsage: [
    'currentusage',
    'usage',
    'hours',
    'miles',
    'km',
    'kilometers',
    'kilometres',
    'odometer',
    'meter',
    'meterreading',
    'horas',
    'millas',
    'kilometros',
    'uso',
    'usoactual',
    'horometro',
    'odometro',
    'lectura',
    'odometerhours',
    'hoursodometer',
    'odometerhour',
    'hourmeter',
    'hourmeterreading',
    'mileage',
    'odometerreading',
    'currentmeter',
    'currentreading',
    'currentmiles',
    'currenthours',
    'meterhours',
    'kilometraje',
    'millaje',
    'odometrohoras',
    'horometroodometro',
    'lecturaactual',
    'lecturadelmedidor',
    'medidor',
  ],
  threshold: [
    'threshold',
    'lifespan',
    'expectedlifespan',
    'umbral',
    'vidautil',
    'vidautilesperada',
  ],
  fuelType: ['fueltype', 'fuel', 'combustible', 'tipodecombustible'],
  alertThreshold: ['alertthreshold', 'alert', 'umbraldealerta', 'alerta'],
  serviceInterval: [
    'serviceinterval',
    'interval',
    'intervalodeservicio',
    'intervalo',
    'serviceevery',
    'serviceeveryhours',
    'serviceeverymiles',
    'serviceeverykm',
    'servicioscada',
    'serviciocada',
    'servicecycle',
  ],
  lastServiceUsage: [
    'lastserviceusage',
    'lastservice',
    'usageatlastservice',
    'usoenelultimoservicio',
    'lastserviced',
    'usoultimoservicio',
    'ultimoservicio',
  ],
  hasScheduledMaintenance: [
    'scheduledmaintenance',
    'hasscheduledmaintenance',
    'mantenimientoprogramado',
  ],
  maintenanceStartDate: [
    'maintenancestartdate',
    'startdate',
    'fechadeiniciodemantenimiento',
    'fechadeinicio',
    'iniciodemantenimiento',
  ],
  maintenanceInterval: ['maintenanceinterval', 'intervalodemantenimiento'],
  maintenanceIntervalUnit: [
    'maintenanceintervalunit',
    'intervalunit',
    'unidaddeintervalo',
    'unidaddelintervalo',
  ],
  description: ['description', 'descripcion', 'notes', 'notas', 'comments', 'comentarios'],
  fleetNumber: [
    'unitno',
    'unitnumber',
    'unitid',
    'fleetno',
    'fleetnumber',
    'fleetid',
    'assetno',
    'assetnumber',
    'assetid',
    'numerodeunidad',
    'unidadno',
    'nodeunidad',
    'numeroeconomico',
    'noeconomico',
    'numerointerno',
  ],
  year: ['year', 'modelyear', 'ano', 'anio', 'anodelmodelo', 'modeloano'],
  make: ['make', 'manufacturer', 'brand', 'marca', 'fabricante'],
  model: ['model', 'modelo'],
  program: [
    'program',
    'programa',
    'maintenanceprogram',
    'serviceprogram',
    'pmprogram',
    'programademantenimiento',
    'programadeservicio',
  ],
};

/**
 * The usage unit a usage column's header names ("Hours", "Odometer (km)", "Millas"), for a sheet with
 * no unit column: null when the header does not say (an "Odometer" may be miles or kilometres).
 */
export function unitOfHeader(header: string): 'hours' | 'miles' | 'kilometers' | null {
  const h = normalizeHeader(header);
  if (/(hours|hour|hrs|horas|horometro|hourmeter)/.test(h)) {
    return /(miles|km|kilomet|odomet|millas)/.test(h) ? null : 'hours';
  }
  if (/(km|kilomet|kilometraje)/.test(h)) return /(miles|millas)/.test(h) ? null : 'kilometers';
  if (/(miles|mileage|millas|millaje)/.test(h)) return 'miles';
  return null;
}

const historyAliases: Record<HistoryImportField, string[]> = {
  date: ['date', 'fecha', 'day', 'dia'],
  machine: [
    'machine',
    'equipment',
    'name',
    'serialnumber',
    'serial',
    'maquina',
    'equipo',
    'nombre',
    'serie',
  ],
  kind: ['kind', 'entry', 'entrytype', 'type', 'tipo', 'clase', 'tipodeentrada'],
  reading: [
    'reading',
    'usage',
    'hours',
    'miles',
    'km',
    'meter',
    'lectura',
    'uso',
    'horas',
    'millas',
    'kilometros',
    'horometro',
  ],
  fuel: [
    'fuel',
    'fuelgal',
    'combustiblegal',
    'fueladded',
    'fueladdedgal',
    'gallons',
    'combustible',
    'combustibleanadido',
    'galones',
  ],
  fuelType: ['fueltype', 'tipodecombustible'],
  cost: ['cost', 'price', 'amount', 'costo', 'coste', 'importe', 'precio'],
  performedBy: ['performedby', 'mechanic', 'technician', 'realizadopor', 'mecanico', 'tecnico'],
  note: [
    'note',
    'notes',
    'comment',
    'comments',
    'nota',
    'notas',
    'comentario',
    'comentarios',
    'description',
    'descripcion',
  ],
};

/**
 * Which field each column fills (null: none), guessed from the header row. A header matches a field
 * when its normalized text is one of the field's spellings; each field is taken by its first column.
 */
function guess<F extends string>(
  headers: readonly string[],
  aliases: Record<F, string[]>,
): (F | null)[] {
  const taken = new Set<F>();
  const byAlias = new Map<string, F>();
  for (const [field, names] of Object.entries(aliases) as [F, string[]][])
    for (const n of names) if (!byAlias.has(n)) byAlias.set(n, field);
  return headers.map((h) => {
    const field = byAlias.get(normalizeHeader(h));
    if (!field || taken.has(field)) return null;
    taken.add(field);
    return field;
  });
}
export const guessEquipmentColumns = (headers: readonly string[]) =>
  guess(headers, equipmentAliases);
export const guessHistoryColumns = (headers: readonly string[]) => guess(headers, historyAliases);

/** Text as the spreadsheet holds it: trimmed; our writer's apostrophe before = + - @ taken off. */
export function cellText(cell: Cell): string {
  if (cell === null) return '';
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell) : '';
  if (typeof cell === 'boolean') return cell ? 'yes' : 'no';
  const t = cell.trim();
  return /^'[=+\-@\t\r]/.test(t) ? t.slice(1) : t;
}

const PLAIN = /^-?\d+$/;
/**
 * A number as the spreadsheet wrote it, or NaN when the text is not one (the schema then answers with
 * the field's own message). With `.` as the decimal mark: 1234.5, 1,234.5; with `,`: 1234,5, 1.234,5.
 * A number with only the other mark and not in groups of three (1234.5 in a Spanish file: how a program
 * writes numbers) is read with that mark; 1.234 in a Spanish file is 1234.
 */
export function parseNumber(cell: Cell, decimal: DecimalMark): number | null {
  if (cell === null) return null;
  if (typeof cell === 'number') return Number.isFinite(cell) ? cell : NaN;
  if (typeof cell === 'boolean') return NaN;
  const t = cellText(cell).replace(/[\s\u00a0\u202f]/g, '');
  if (t === '') return null;
  const group = decimal === '.' ? ',' : '.';
  const esc = (c: string) => (c === '.' ? '\\.' : c);
  const grouped = new RegExp(`^-?\\d{1,3}(${esc(group)}\\d{3})+(${esc(decimal)}\\d+)?$`);
  const withMark = new RegExp(`^-?\\d*${esc(decimal)}\\d+$`);
  const withOther = new RegExp(`^-?\\d+${esc(group)}\\d+$`);
  let canonical: string | null = null;
  if (PLAIN.test(t)) canonical = t;
  else if (grouped.test(t)) canonical = t.split(group).join('').replace(decimal, '.');
  else if (withMark.test(t)) canonical = t.replace(decimal, '.');
  else if (withOther.test(t)) canonical = t.replace(group, '.');
  return canonical === null ? NaN : Number(canonical);
}

const pad = (n: number) => String(n).padStart(2, '0');
function validYmd(y: number, m: number, d: number): string | null {
  const dt = new Date(Date.UTC(y, m - 1, d));
  if (dt.getUTCFullYear() !== y || dt.getUTCMonth() !== m - 1 || dt.getUTCDate() !== d) return null;
  return `${y}-${pad(m)}-${pad(d)}`;
}

/**
 * A date as YYYY-MM-DD, or the cell's text unchanged when it is not a date (the schema then answers
 * "Please enter a valid date"). Accepts ISO (2026-03-12, with or without a time), and day/month/year
 * with / - or . in the chosen order (03/12/2026: March 12 in `mdy`, 3 December in `dmy`); a two-digit
 * year is 20xx. A number (an .xlsx date the reader did not recognise) is an Excel serial day.
 */
export function parseDate(cell: Cell, order: DateOrder): string | null {
  if (cell === null) return null;
  if (typeof cell === 'number') {
    if (!Number.isInteger(cell) || cell < 1 || cell > 2_958_465) return String(cell);
    const dt = new Date(Date.UTC(1899, 11, 30) + cell * 86_400_000);
    return dt.toISOString().slice(0, 10);
  }
  const t = cellText(typeof cell === 'boolean' ? String(cell) : cell);
  if (t === '') return null;
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ].*)?$/.exec(t);
  if (iso) return validYmd(Number(iso[1]), Number(iso[2]), Number(iso[3])) ?? t;
  const dmy = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})$/.exec(t);
  if (!dmy) return t;
  const a = Number(dmy[1]);
  const b = Number(dmy[2]);
  const yText = dmy[3] ?? '';
  const y = yText.length === 2 ? 2000 + Number(yText) : Number(yText);
  const [m, d] = order === 'mdy' ? [a, b] : [b, a];
  return validYmd(y, m, d) ?? t;
}

/** Yes/no in English and Spanish; null when blank; the text itself when it is neither. */
export function parseYesNo(cell: Cell): boolean | string | null {
  if (typeof cell === 'boolean') return cell;
  const t = normalizeHeader(cellText(cell));
  if (t === '') return null;
  if (['yes', 'y', 'true', '1', 'si', 's', 'x', 'on'].includes(t)) return true;
  if (['no', 'n', 'false', '0', 'off'].includes(t)) return false;
  return cellText(cell);
}

/** A choice written as its value, its English or Spanish label or a common short form. */
function choice(cell: Cell, table: Record<string, string[]>): string | null {
  const t = normalizeHeader(cellText(cell));
  if (t === '') return null;
  for (const [value, names] of Object.entries(table)) if (names.includes(t)) return value;
  return cellText(cell);
}

const typeNames: Record<string, string[]> = {
  vehicle: ['vehicle', 'vehicles', 'vehiculo', 'vehiculos'],
  machinery: ['machinery', 'machine', 'maquinaria', 'maquina'],
  tools: ['tools', 'tool', 'herramientas', 'herramienta'],
  other: ['other', 'otro', 'otros'],
};
const unitNames: Record<string, string[]> = {
  hours: ['hours', 'hour', 'hrs', 'hr', 'h', 'horas', 'hora'],
  miles: ['miles', 'mile', 'mi', 'millas', 'milla'],
  kilometers: ['kilometers', 'kilometres', 'kilometer', 'km', 'kms', 'kilometros', 'kilometro'],
  'n/a': ['na', 'none', 'ninguna', 'ninguno', 'noaplica'],
};
const fuelNames: Record<string, string[]> = {
  gasoline: ['gasoline', 'gas', 'petrol', 'gasolina', 'nafta'],
  diesel: ['diesel', 'gasoil', 'gasoleo'],
  'n/a': ['na', 'none', 'ninguno', 'noaplica'],
};
const intervalUnitNames: Record<string, string[]> = {
  days: ['days', 'day', 'dias', 'dia'],
  months: ['months', 'month', 'meses', 'mes'],
  years: ['years', 'year', 'anos', 'ano'],
};
const kindNames: Record<string, string[]> = {
  reading: ['reading', 'readings', 'lectura', 'lecturas', 'usage', 'uso', 'fuel', 'combustible'],
  service: [
    'service',
    'services',
    'serviced',
    'maintenance',
    'servicio',
    'servicios',
    'mantenimiento',
  ],
};
const operatorFuelNames: Record<string, string[]> = {
  gas: ['gas', 'gasoline', 'petrol', 'gasolina', 'nafta'],
  diesel: ['diesel', 'gasoil', 'gasoleo'],
};

export const parseType = (c: Cell) => choice(c, typeNames);
export const parseUnit = (c: Cell) => choice(c, unitNames);

/**
 * One row's cells by field -> the equipment form's raw input (what the Add form would send), for
 * `equipmentInputSchema`. Blank cells are left out (an update keeps the machine's value; an add uses
 * the form's defaults). Numbers and dates are read in the file's convention; a cell that is not one is
 * passed on as it is, so the schema answers with the form's message.
 */
export function equipmentRowInput(
  cells: Partial<Record<EquipmentColumnField, Cell>>,
  format: ImportFormat,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of equipmentImportFields) {
    const cell = cells[field] ?? null;
    if (cellText(cell) === '') continue;
    let value: unknown;
    if (numericImportFields.has(field)) {
      const n = parseNumber(cell, format.decimal);
      value = Number.isNaN(n) ? cellText(cell) : n;
    } else if (dateFields.has(field)) value = parseDate(cell, format.dateOrder);
    else if (field === 'type') value = parseType(cell);
    else if (field === 'unit') value = parseUnit(cell);
    else if (field === 'fuelType') value = choice(cell, fuelNames);
    else if (field === 'maintenanceIntervalUnit') value = choice(cell, intervalUnitNames);
    else if (field === 'hasScheduledMaintenance') value = parseYesNo(cell);
    else value = cellText(cell);
    out[field] = value;
  }
  // Fleet number, year, make and model: the name when the sheet has none, else kept in the description.
  const fleet = cellText(cells.fleetNumber ?? null);
  const ymm = (['year', 'make', 'model'] as const)
    .map((f) => cellText(cells[f] ?? null))
    .filter(Boolean)
    .join(' ');
  if (out.name === undefined) {
    const named = [fleet, ymm].filter(Boolean).join(' ');
    if (named) out.name = named;
  } else if (fleet || ymm) {
    const described = [
      typeof out.description === 'string' ? out.description : '',
      fleet ? `#${fleet}` : '',
      ymm,
    ].filter(Boolean);
    out.description = described.join(' · ');
  }
  return out;
}

/** One history row's cells, read: what the server checks and applies. */
export type HistoryRowInput = {
  date: string | null;
  machine: string;
  kind: string | null;
  reading: number | null;
  fuel: number | null;
  fuelType: string | null;
  cost: number | null;
  performedBy: string | null;
  note: string | null;
};

export function historyRowInput(
  cells: Partial<Record<HistoryImportField, Cell>>,
  format: ImportFormat,
): HistoryRowInput {
  const text = (f: HistoryImportField) => cellText(cells[f] ?? null);
  const num = (f: HistoryImportField) => parseNumber(cells[f] ?? null, format.decimal);
  const reading = num('reading');
  const cost = num('cost');
  const kind = choice(cells.kind ?? null, kindNames);
  return {
    date: parseDate(cells.date ?? null, format.dateOrder),
    machine: text('machine'),
    // No kind column: a row with a cost is a service, else a reading.
    kind: kind ?? (cost !== null ? 'service' : 'reading'),
    reading,
    fuel: num('fuel'),
    fuelType: choice(cells.fuelType ?? null, operatorFuelNames),
    cost,
    performedBy: text('performedBy') || null,
    note: text('note') || null,
  };
}

/** Matching key of a machine: serial number, else name, case-insensitive (null when both blank). */
export const matchText = (v: string | null | undefined) => (v ?? '').trim().toLowerCase();

export { equipmentTypes };
