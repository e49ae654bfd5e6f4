// Over 400 lines: one sentence per history kind in each language, side by side so a kind is never
// rendered in one language only.
import type { HistoryEntry, ReadingSource } from './history';
import { documentText } from './history-text-documents';
import { starterText } from './inspection-starters';
import { volumeIn, type VolumeUnit } from './fuel';
import { dateTimeFormat, intlLocale, numberFormat } from './intl-formats';

/**
 * One renderer per language (docs/decisions/typed-record.md): a history entry's sentence is written
 * from its kind and params, never parsed back from stored prose. The dashboard, the Notes & History
 * dialog, Recent operator updates, the machine page, the CSV exports and the digest all call
 * `historyText`. Numbers and dates go through Intl for the locale; a person's own words are kept as
 * written.
 */

export type HistoryLang = 'en' | 'es';

/** 'es', 'es-US', 'es-MX,es;q=0.9' -> 'es'; anything else -> 'en'. */
export const historyLang = (locale: string | null | undefined): HistoryLang =>
  locale && /^es\b/i.test(locale.trim()) ? 'es' : 'en';

/** Up to `max` decimals, as entered (no float noise: 230.2 stays 230.2). */
export function formatFigure(lang: HistoryLang, n: number, max = 2): string {
  return numberFormat(intlLocale(lang), { maximumFractionDigits: max }).format(n);
}

function formatDay(lang: HistoryLang, ymd: string): string {
  const d = new Date(`${ymd}T12:00:00Z`);
  if (Number.isNaN(d.getTime())) return ymd;
  return dateTimeFormat(intlLocale(lang), {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(d);
}

type Table = {
  units: Record<string, string>;
  fuel: Record<'gas' | 'diesel', string>;
  fields: Record<string, string>;
  /**
   * A change's values from the product's own vocabularies (domain/kinds.ts, schemas/equipment.ts,
   * dates.ts), by field, in this language: "Unidad: millas → kilómetros", never the stored word.
   */
  values: Record<string, Record<string, string>>;
  yes: string;
  no: string;
  empty: string;
  added: (usage: string | null) => string;
  imported: (usage: string | null) => string;
  reading: (source: ReadingSource, usage: string, increase: string | null) => string;
  inspectionReading: (checklist: string) => string;
  unusual: string;
  via: (key: string) => string;
  fuelLine: (amount: string, type: string, unit: VolumeUnit) => string;
  fuelOnly: (source: ReadingSource) => string;
  correction: (from: string, to: string) => string;
  void: (reason: string) => string;
  service: (usage: string | null, date: string) => string;
  /** The tasks a service did, listed. */
  tasksDone: (list: string) => string;
  parts: (list: string) => string;
  cost: (amount: string) => string;
  performedBy: (who: string) => string;
  changed: string;
  retired: string;
  restored: string;
  inspection: (checklist: string, passed: number, failed: number) => string;
  defectOpened: (item: string, critical: boolean) => string;
  problemReported: (problem: string) => string;
  defectResolved: (item: string) => string;
  outOfService: string;
  backInService: string;
  photo: string;
  workOrderStatus: Record<string, string>;
  workOrder: (n: number, title: string, status: string) => string;
  /** The primary task's default name ("Service") in this language. */
  primaryTask: string;
  timeUnits: Record<string, [one: string, other: string]>;
  taskAdded: (task: string, program: string | null) => string;
  taskChanged: (task: string) => string;
  taskRemoved: (task: string) => string;
};

const en: Table = {
  units: { hours: 'hours', miles: 'miles', kilometers: 'kilometers' },
  fuel: { gas: 'gas', diesel: 'diesel' },
  fields: {
    name: 'Name',
    type: 'Type',
    serialNumber: 'Serial number',
    unit: 'Unit',
    fuelType: 'Fuel type',
    threshold: 'Threshold',
    alertThreshold: 'Alert threshold',
    serviceInterval: 'Service interval',
    lastServiceUsage: 'Usage at last service',
    hasScheduledMaintenance: 'Scheduled maintenance',
    maintenanceStartDate: 'Maintenance start date',
    maintenanceInterval: 'Maintenance interval',
    maintenanceIntervalUnit: 'Maintenance interval unit',
    nextMaintenanceDate: 'Next maintenance date',
    serviceParts: 'Service parts',
    tankCapacity: 'Tank capacity (gal)',
    description: 'Description',
    category: 'Category',
    everyUsage: 'Every (usage)',
    everyTime: 'Every (time)',
    lastDoneUsage: 'Last done at',
    lastDoneDate: 'Last done on',
    nextDueDate: 'Next due date',
    parts: 'Parts',
    estimatedCost: 'Estimated cost',
    notes: 'Notes',
    program: 'Program',
  },
  values: {
    type: { vehicle: 'vehicle', machinery: 'machinery', tools: 'tools', other: 'other' },
    // English keeps the stored words (the English exports read as they always did).
    unit: { hours: 'hours', miles: 'miles', kilometers: 'kilometers', 'n/a': 'n/a' },
    fuelType: { gasoline: 'gasoline', gas: 'gas', diesel: 'diesel', 'n/a': 'n/a' },
    maintenanceIntervalUnit: { days: 'days', months: 'months', years: 'years' },
    category: { service: 'service', inspection: 'inspection', renewal: 'renewal' },
  },
  yes: 'yes',
  no: 'no',
  empty: '(empty)',
  added: (u) => (u ? `Added with usage ${u}` : 'Added'),
  imported: (u) => (u ? `Imported with usage ${u}` : 'Imported'),
  reading: (source, u, inc) =>
    source === 'import'
      ? `Imported reading: ${u}`
      : source === 'manager' && inc
        ? `Usage increased by ${inc} to ${u}`
        : `Reading: ${u}`,
  inspectionReading: (c) => `Inspection: ${c}`,
  unusual: 'unusual, check',
  via: (k) => `via ${k}`,
  fuelLine: (a, t, u) => `fuel ${a} ${u} ${t}`,
  fuelOnly: (s) => (s === 'import' ? 'Imported fuel entry' : 'Fuel added'),
  correction: (f, t) => `Usage corrected from ${f} to ${t}`,
  void: (r) => `Entry voided: ${r}`,
  service: (u, d) => (u ? `Serviced at ${u} on ${d}` : `Serviced on ${d}`),
  tasksDone: (l) => `done: ${l}`,
  parts: (l) => `parts: ${l}`,
  cost: (a) => `cost ${a}`,
  performedBy: (w) => `done by ${w}`,
  changed: 'Changed',
  retired: 'Retired',
  restored: 'Restored to the active equipment',
  inspection: (c, p, f) => `Inspection ${c}: ${p} passed, ${f} failed`,
  defectOpened: (i, c) => (c ? `Critical defect found: ${i}` : `Defect found: ${i}`),
  problemReported: (p) => `Problem reported: ${p}`,
  defectResolved: (i) => `Defect resolved: ${i}`,
  outOfService: 'Out of service',
  backInService: 'Back in service',
  photo: 'Photo added',
  workOrderStatus: {
    open: 'opened',
    in_progress: 'in progress',
    on_hold: 'on hold',
    done: 'done',
    canceled: 'canceled',
  },
  workOrder: (n, title, status) => `Work order #${n} ${status}: ${title}`,
  primaryTask: 'Service',
  timeUnits: {
    days: ['day', 'days'],
    weeks: ['week', 'weeks'],
    months: ['month', 'months'],
    years: ['year', 'years'],
  },
  taskAdded: (t, p) => (p ? `Task added: ${t} (program ${p})` : `Task added: ${t}`),
  taskChanged: (t) => `Task changed: ${t}`,
  taskRemoved: (t) => `Task removed: ${t}`,
};

const es: Table = {
  units: { hours: 'horas', miles: 'millas', kilometers: 'kilómetros' },
  fuel: { gas: 'gasolina', diesel: 'diésel' },
  fields: {
    name: 'Nombre',
    type: 'Tipo',
    serialNumber: 'Número de serie',
    unit: 'Unidad',
    fuelType: 'Tipo de combustible',
    threshold: 'Umbral',
    alertThreshold: 'Umbral de alerta',
    serviceInterval: 'Intervalo de servicio',
    lastServiceUsage: 'Uso en el último servicio',
    hasScheduledMaintenance: 'Mantenimiento programado',
    maintenanceStartDate: 'Inicio del mantenimiento',
    maintenanceInterval: 'Intervalo de mantenimiento',
    maintenanceIntervalUnit: 'Unidad del intervalo de mantenimiento',
    nextMaintenanceDate: 'Próximo mantenimiento',
    serviceParts: 'Repuestos de servicio',
    tankCapacity: 'Capacidad del tanque (gal)',
    description: 'Descripción',
    category: 'Categoría',
    everyUsage: 'Cada (uso)',
    everyTime: 'Cada (tiempo)',
    lastDoneUsage: 'Última vez con',
    lastDoneDate: 'Última vez el',
    nextDueDate: 'Próxima fecha',
    parts: 'Repuestos',
    estimatedCost: 'Costo estimado',
    notes: 'Notas',
    program: 'Programa',
  },
  values: {
    type: { vehicle: 'vehículo', machinery: 'maquinaria', tools: 'herramientas', other: 'otro' },
    unit: { hours: 'horas', miles: 'millas', kilometers: 'kilómetros', 'n/a': 'N/D' },
    fuelType: { gasoline: 'gasolina', gas: 'gasolina', diesel: 'diésel', 'n/a': 'N/D' },
    maintenanceIntervalUnit: { days: 'días', months: 'meses', years: 'años' },
    category: { service: 'servicio', inspection: 'inspección', renewal: 'renovación' },
  },
  yes: 'sí',
  no: 'no',
  empty: '(vacío)',
  added: (u) => (u ? `Agregado con un uso de ${u}` : 'Agregado'),
  imported: (u) => (u ? `Importado con un uso de ${u}` : 'Importado'),
  reading: (source, u, inc) =>
    source === 'import'
      ? `Lectura importada: ${u}`
      : source === 'manager' && inc
        ? `Uso aumentado en ${inc} hasta ${u}`
        : `Lectura: ${u}`,
  inspectionReading: (c) => `Inspección: ${c}`,
  unusual: 'inusual, revisar',
  via: (k) => `vía ${k}`,
  fuelLine: (a, t, u) => `combustible ${a} ${u} de ${t}`,
  fuelOnly: (s) => (s === 'import' ? 'Carga de combustible importada' : 'Combustible agregado'),
  correction: (f, t) => `Uso corregido de ${f} a ${t}`,
  void: (r) => `Entrada anulada: ${r}`,
  service: (u, d) => (u ? `Servicio realizado con ${u} el ${d}` : `Servicio realizado el ${d}`),
  tasksDone: (l) => `hecho: ${l}`,
  parts: (l) => `repuestos: ${l}`,
  cost: (a) => `costo ${a}`,
  performedBy: (w) => `realizado por ${w}`,
  changed: 'Cambios',
  retired: 'Retirado',
  restored: 'Restaurado al equipo activo',
  inspection: (c, p, f) =>
    `Inspección ${c}: ${p} ${p === 1 ? 'aprobado' : 'aprobados'}, ${f} ${f === 1 ? 'fallido' : 'fallidos'}`,
  defectOpened: (i, c) => (c ? `Defecto crítico encontrado: ${i}` : `Defecto encontrado: ${i}`),
  problemReported: (p) => `Problema reportado: ${p}`,
  defectResolved: (i) => `Defecto resuelto: ${i}`,
  outOfService: 'Fuera de servicio',
  backInService: 'De nuevo en servicio',
  photo: 'Foto agregada',
  workOrderStatus: {
    open: 'abierta',
    in_progress: 'en curso',
    on_hold: 'en espera',
    done: 'terminada',
    canceled: 'cancelada',
  },
  workOrder: (n, title, status) => `Orden de trabajo n.º ${n} ${status}: ${title}`,
  primaryTask: 'Servicio',
  timeUnits: {
    days: ['día', 'días'],
    weeks: ['semana', 'semanas'],
    months: ['mes', 'meses'],
    years: ['año', 'años'],
  },
  taskAdded: (t, p) => (p ? `Tarea agregada: ${t} (programa ${p})` : `Tarea agregada: ${t}`),
  taskChanged: (t) => `Tarea cambiada: ${t}`,
  taskRemoved: (t) => `Tarea quitada: ${t}`,
};

export const historyTables: Record<HistoryLang, Table> = { en, es };

/** 1,234.5 hours / 1.234,5 horas; N/A machines: the bare figure. */
export function usageText(lang: HistoryLang, n: number, unit: string): string {
  const figure = formatFigure(lang, n);
  const name = historyTables[lang].units[unit];
  return name ? `${figure} ${name}` : figure;
}

function valueText(lang: HistoryLang, field: string, v: unknown): string {
  const T = historyTables[lang];
  if (v === null || v === undefined || v === '') return T.empty;
  const words = Object.hasOwn(T.values, field) ? T.values[field] : undefined;
  if (typeof v === 'string' && words && Object.hasOwn(words, v)) return words[v]!;
  if (typeof v === 'boolean') return v ? T.yes : T.no;
  if (typeof v === 'number') return formatFigure(lang, v);
  if (typeof v === 'string') return /^\d{4}-\d{2}-\d{2}$/.test(v) ? formatDay(lang, v) : v;
  if (v && typeof v === 'object' && 'count' in v && 'unit' in v) {
    const { count, unit } = v as { count: number; unit: string };
    const names = T.timeUnits[unit];
    return names
      ? `${formatFigure(lang, count)} ${count === 1 ? names[0] : names[1]}`
      : String(count);
  }
  if (Array.isArray(v))
    return (
      v
        .map((p) =>
          p && typeof p === 'object' && 'part' in p
            ? String((p as { part: unknown }).part)
            : String(p),
        )
        .join(', ') || T.empty
    );
  return JSON.stringify(v);
}

/** A change's fields, each with its old and new value: "Unit: miles → kilometers; Name: …". */
function changesText(
  lang: HistoryLang,
  changes: readonly { field: string; from: unknown; to: unknown }[],
): string {
  const T = historyTables[lang];
  return changes
    .map(
      (c) =>
        `${T.fields[c.field] ?? c.field}: ${valueText(lang, c.field, c.from)} → ${valueText(lang, c.field, c.to)}`,
    )
    .join('; ');
}

/** A task's name as a reader sees it: the primary task's default name in their language. */
export function taskName(lang: HistoryLang, t: { task: string; primary?: boolean }): string {
  return t.primary && t.task === 'Service' ? historyTables[lang].primaryTask : t.task;
}

const money = (lang: HistoryLang, n: number) =>
  numberFormat(intlLocale(lang), { style: 'currency', currency: 'USD' }).format(n);

/**
 * The entry's sentence in `lang`, from its kind and params only. `brief` leaves out what a screen shows
 * in its own fields (a reading's fuel, a service's parts, cost and who, a change's values).
 */
export function historyText(
  lang: HistoryLang,
  e: HistoryEntry,
  { brief = false, volumeUnit = 'gal' }: { brief?: boolean; volumeUnit?: VolumeUnit } = {},
): string {
  const T = historyTables[lang];
  // Fuel is stored in gallons and said in the company's unit (domain/fuel.ts volumeIn, issue 45).
  const fuelLine = (f: { amount: number; type: 'gas' | 'diesel' }) =>
    T.fuelLine(
      formatFigure(lang, volumeIn(f.amount, volumeUnit), volumeUnit === 'L' ? 2 : 3),
      T.fuel[f.type],
      volumeUnit,
    );
  const u = (n: number, unit: string) => usageText(lang, n, unit);
  const withNotes = (head: string[], notes: string | null | undefined) =>
    [...head, ...(notes ? [notes] : [])].join(' · ');
  switch (e.kind) {
    case 'added':
    case 'imported': {
      const usage = e.params.unit !== 'n/a' ? u(e.params.usage, e.params.unit) : null;
      return e.kind === 'added' ? T.added(usage) : T.imported(usage);
    }
    case 'reading': {
      const p = e.params;
      const inc =
        p.previousUsage !== null
          ? u(Math.round((p.usage - p.previousUsage) * 100) / 100, p.unit)
          : null;
      const head = [
        p.checklist
          ? T.inspectionReading(starterText(p.checklist, lang))
          : T.reading(p.source, u(p.usage, p.unit), p.total ? null : inc),
      ];
      if (p.checklist) head.push(T.reading('operator', u(p.usage, p.unit), null));
      if (p.fuel && !brief) head.push(fuelLine(p.fuel));
      if (p.unusual) head.push(T.unusual);
      if (p.via) head.push(T.via(p.via));
      return withNotes(head, p.notes);
    }
    case 'fuel':
      return withNotes(
        [
          T.fuelOnly(e.params.source),
          fuelLine(e.params.fuel),
          ...(e.params.via ? [T.via(e.params.via)] : []),
        ],
        e.params.notes,
      );
    case 'correction':
      return T.correction(
        u(e.params.previousUsage, e.params.unit),
        u(e.params.usage, e.params.unit),
      );
    case 'void':
      return T.void(e.params.reason);
    case 'service': {
      const p = e.params;
      const head = [
        T.service(p.usage !== null ? u(p.usage, p.unit) : null, formatDay(lang, p.date)),
      ];
      if (p.tasks?.length) head.push(T.tasksDone(p.tasks.map((t) => taskName(lang, t)).join(', ')));
      if (p.parts.length && !brief)
        head.push(
          T.parts(
            p.parts
              .map((x) => (x.qty ? `${x.part} × ${formatFigure(lang, x.qty)}` : x.part))
              .join(', '),
          ),
        );
      if (p.cost !== null && !brief) head.push(T.cost(money(lang, p.cost)));
      if (p.performedBy && !brief) head.push(T.performedBy(p.performedBy));
      return withNotes(head, p.notes);
    }
    case 'note':
      return e.params.text;
    case 'change':
      if (brief) return T.changed;
      return `${T.changed}: ${changesText(lang, e.params.changes)}`;
    case 'retired':
      return withNotes([T.retired], e.params.remark);
    case 'restored':
      return T.restored;
    case 'inspection': {
      const p = e.params;
      const head = T.inspection(starterText(p.checklist, lang), p.passed, p.failed.length);
      return p.failed.length
        ? `${head} (${p.failed.map((i) => starterText(i, lang)).join(', ')})`
        : head;
    }
    case 'defect_opened':
      return e.params.reported
        ? T.problemReported(e.params.item)
        : T.defectOpened(starterText(e.params.item, lang), e.params.critical);
    case 'defect_resolved':
      return withNotes([T.defectResolved(starterText(e.params.item, lang))], e.params.note);
    case 'out_of_service':
    case 'back_in_service': {
      const head = e.kind === 'out_of_service' ? T.outOfService : T.backInService;
      const items = e.params.items.length
        ? `: ${e.params.items.map((i) => starterText(i, lang)).join(', ')}`
        : '';
      return withNotes([`${head}${items}`], e.params.reason);
    }
    case 'photo':
      return withNotes([T.photo], e.params.caption);
    case 'task_added':
      return T.taskAdded(taskName(lang, e.params), e.params.program ?? null);
    case 'task_changed':
      if (brief) return T.taskChanged(taskName(lang, e.params));
      return `${T.taskChanged(taskName(lang, e.params))}: ${changesText(lang, e.params.changes)}`;
    case 'task_removed':
      return T.taskRemoved(taskName(lang, e.params));
    case 'document_added':
    case 'document_replaced':
    case 'document_removed':
      return documentText(lang, e);
    case 'work_order': {
      const p = e.params;
      const head = [T.workOrder(p.number, p.title, T.workOrderStatus[p.status] ?? p.status)];
      if (p.total !== null && p.total !== undefined && !brief)
        head.push(T.cost(money(lang, p.total)));
      return head.join(' · ');
    }
  }
}

/**
 * The one way a person is named everywhere (history actors, retired by, voided by, operator updates):
 * their name, else their username, else their email, else the fallback. Never an email when a name
 * or a username exists.
 */
export function personName(
  p: {
    firstName?: string | null;
    lastName?: string | null;
    username?: string | null;
    email?: string | null;
  },
  fallback = 'Manager',
): string {
  const name = [p.firstName, p.lastName]
    .map((s) => s?.trim())
    .filter(Boolean)
    .join(' ');
  return name || p.username?.trim() || p.email?.trim() || fallback;
}
