import { and, eq, isNull } from 'drizzle-orm';
import {
  equipmentRowInput,
  historyRowInput,
  matchText,
  numericImportFields,
  type EquipmentImportField,
  type HistoryRowInput,
} from '@domain/import';
import { messageText, type MessageKey, type MessageParams } from '@domain/messages/catalogue';
import {
  equipmentFuelTypes,
  equipmentInputSchema,
  equipmentTypes,
  MAX_USAGE,
  usageUnits,
  type EquipmentInput,
} from '@domain/schemas/equipment';
import type {
  EquipmentImportRequest,
  EquipmentImportResult,
  EquipmentImportRow,
  HistoryImportRequest,
  HistoryImportResult,
  HistoryImportRow,
  ImportIssue,
} from '@domain/schemas/import';
import { MAX_INCREASE_PER_DAY } from '@domain/schemas/operators';
import { isDateInRange } from '@domain/schemas/primitives';
import { intervalUnits, isDateOnly } from '@domain/dates';
import type { DbOrTx } from '../../db/client';
import { company, equipment, operatorUpdate } from '../../db/schema/index';
import type { Deps } from '../../deps';
import { AppError, issueMessage } from '../../lib/errors';
import type { CompanyContext } from '../../plugins/session';
import {
  actorName,
  actorOf,
  bumpEquipmentVersion,
  moveTotals,
  recordMany,
  type NewEntry,
} from '../ledger/index';
import {
  columnsOf,
  companyToday,
  countEquipment,
  editableOf,
  findRow,
  updateEquipmentTx,
  type Row,
} from '../equipment/index';
import { recordServiceTx } from '../equipment/index';
import { alreadyRecorded, stored2, stored3 } from './already-recorded';

/** Rows checked between two yields to the event loop: a 5,000-row file never holds other requests for long. */
const SLICE = 250;
const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));
/** Rows per INSERT statement. */
const INSERT_CHUNK = 200;

const issue = (field: string, key: MessageKey, params?: MessageParams): ImportIssue => ({
  field,
  key,
  ...(params ? { params: { ...params } } : {}),
  message: messageText(key, params),
});

/** The machines of the company that an import may match: active only, this company only. */
async function activeMachines(db: DbOrTx, companyId: string, lock = false): Promise<Row[]> {
  const q = db
    .select()
    .from(equipment)
    .where(and(eq(equipment.companyId, companyId), isNull(equipment.retiredAt)));
  return lock ? q.for('update') : q;
}

/** Lookup by serial number and by name (both case-insensitive). */
function indexMachines(rows: Row[]) {
  const bySerial = new Map<string, Row>();
  const byName = new Map<string, Row>();
  for (const r of rows) {
    const s = matchText(r.serialNumber);
    if (s && !bySerial.has(s)) bySerial.set(s, r);
    const n = matchText(r.name);
    if (n && !byName.has(n)) byName.set(n, r);
  }
  return {
    /** A machine named by one text that is its serial number or its name (history rows). */
    named(text: string): Row | undefined {
      return bySerial.get(text) ?? byName.get(text);
    },
    /** Serial number first; else the name, unless that machine has another serial number. */
    find(serial: string, name: string): Row | undefined {
      if (serial) {
        const s = bySerial.get(serial);
        if (s) return s;
      }
      const n = name ? byName.get(name) : undefined;
      if (n && serial && matchText(n.serialNumber) && matchText(n.serialNumber) !== serial)
        return undefined;
      return n;
    },
  };
}

type PlannedEquipment = EquipmentImportRow & {
  input?: EquipmentInput;
  patch?: Record<string, unknown>;
};

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * Reads and checks every row with the equipment form's schema, matches it to an active machine of
 * the company (serial number, else name), and says what importing it would do.
 */
async function planEquipment(
  db: DbOrTx,
  ctx: CompanyContext,
  req: EquipmentImportRequest,
): Promise<{ rows: PlannedEquipment[]; count: number; limit: number; room: number }> {
  const [c] = await db
    .select({ limit: company.equipmentLimit })
    .from(company)
    .where(eq(company.id, ctx.companyId));
  const machines = await activeMachines(db, ctx.companyId);
  const index = indexMachines(machines);
  const limit = c?.limit ?? 0;
  const count = machines.length;
  const room = limit === -1 ? Number.POSITIVE_INFINITY : Math.max(0, limit - count);
  const seen = new Map<string, number>();
  const rows: PlannedEquipment[] = [];
  let adds = 0;
  for (const [i, cells] of req.rows.entries()) {
    if (i > 0 && i % SLICE === 0) await yieldToOthers();
    const rowNo = lineOf(req, i);
    const input = equipmentRowInput(cells, req.format);
    const notes: ImportIssue[] = [];
    const name = typeof input.name === 'string' ? input.name : '';
    const serial = matchText(typeof input.serialNumber === 'string' ? input.serialNumber : '');
    const key = serial ? `s:${serial}` : `n:${matchText(name)}`;
    const base = { row: rowNo, name, equipmentId: null, changes: [] as string[], notes };
    const firstRow = key.length > 2 ? seen.get(key) : undefined;
    if (firstRow !== undefined) {
      rows.push({
        ...base,
        action: 'error',
        issues: [
          issue(serial ? 'serialNumber' : 'name', 'import.duplicateInFile', { row: firstRow }),
        ],
      });
      continue;
    }
    if (key.length > 2) seen.set(key, rowNo);
    const match = index.find(serial, matchText(name));
    if (match) {
      // The key it was matched by, written in another case, is not a change.
      if (serial && serial === matchText(match.serialNumber)) delete input.serialNumber;
      if (matchText(name) === matchText(match.name)) delete input.name;
    }
    if (!match) {
      // A new machine from an ordinary sheet: no Type column is Other; no meter (no unit, no usage) is N/A.
      if (input.type === undefined) {
        input.type = 'other';
        notes.push(issue('type', 'import.typeDefaulted'));
      }
      if (input.unit === undefined && input.currentUsage === undefined) {
        input.unit = 'n/a';
        notes.push(issue('unit', 'import.unitDefaulted'));
      }
    }
    // Cells the form's schema would answer vaguely for: said in the sheet's own terms.
    const cellIssues = cellIssuesOf(input, !match);
    const candidate = match ? { ...editableOf(match), ...input } : input;
    const parsed = equipmentInputSchema.safeParse(candidate);
    if (cellIssues.length > 0 || !parsed.success) {
      const issues: ImportIssue[] = [...cellIssues];
      const fields = new Set<string>(cellIssues.map((ci) => ci.field));
      for (const zi of parsed.success ? [] : parsed.error.issues) {
        const field = String(zi.path[0] ?? '_');
        if (fields.has(field)) continue;
        fields.add(field);
        const m = issueMessage(zi);
        issues.push(issue(field, m.key, m.params));
      }
      rows.push({ ...base, equipmentId: match?.id ?? null, action: 'error', issues });
      continue;
    }
    if (match) {
      const now = equipmentInputSchema.safeParse(editableOf(match));
      const before: Record<string, unknown> = now.success ? now.data : editableOf(match);
      const after: Record<string, unknown> = parsed.data;
      const changes = (Object.keys(input) as EquipmentImportField[]).filter(
        (f) => !same(before[f], after[f]),
      );
      const patch = Object.fromEntries(changes.map((f) => [f, after[f]]));
      rows.push({
        ...base,
        name: parsed.data.name,
        equipmentId: match.id,
        action: changes.length > 0 ? 'update' : 'unchanged',
        changes,
        issues: [],
        patch,
      });
      continue;
    }
    if (adds >= room) {
      rows.push({
        ...base,
        name: parsed.data.name,
        action: 'overLimit',
        issues: [issue('_', 'import.overLimit', { limit })],
      });
      continue;
    }
    adds += 1;
    rows.push({ ...base, name: parsed.data.name, action: 'add', issues: [], input: parsed.data });
  }
  return { rows, count, limit, room: Number.isFinite(room) ? room : -1 };
}

/** The spreadsheet's own line of row `i`: as the client read it, else the header on line 1. */
const lineOf = (req: { lines?: number[] | undefined }, i: number) => req.lines?.[i] ?? i + 2;

const choices: Record<string, { values: readonly string[]; key: MessageKey }> = {
  type: { values: equipmentTypes, key: 'import.typeInvalid' },
  unit: { values: usageUnits, key: 'import.unitInvalid' },
  fuelType: { values: equipmentFuelTypes, key: 'import.equipmentFuelTypeInvalid' },
  maintenanceIntervalUnit: { values: intervalUnits, key: 'import.intervalUnitInvalid' },
};

/**
 * What is wrong with a row's cells before the form's rules: a number that is not one ("mil
 * doscientos"), a choice that is none of the accepted ones (listed in the message), a usage with no
 * unit on a new machine.
 */
function cellIssuesOf(input: Record<string, unknown>, adding: boolean): ImportIssue[] {
  const out: ImportIssue[] = [];
  for (const [field, value] of Object.entries(input)) {
    if (numericImportFields.has(field) && typeof value === 'string')
      out.push(issue(field, 'import.notANumber', { value: value.slice(0, 40) }));
    const choice = choices[field];
    if (choice && typeof value === 'string' && !choice.values.includes(value))
      out.push(issue(field, choice.key, { value: value.slice(0, 40) }));
  }
  if (adding && input.unit === undefined && input.currentUsage !== undefined)
    out.push(issue('unit', 'import.unitForUsage'));
  return out;
}

function summaryOf(rows: EquipmentImportRow[]) {
  const s = { add: 0, update: 0, unchanged: 0, error: 0, overLimit: 0 };
  for (const r of rows) s[r.action] += 1;
  return s;
}

const publicRow = ({
  row,
  name,
  action,
  equipmentId,
  changes,
  issues,
  notes,
}: PlannedEquipment): EquipmentImportRow => ({
  row,
  name,
  action,
  equipmentId,
  changes,
  issues,
  notes,
});

/** What importing the file would do, row by row (nothing is written). */
export async function previewEquipmentImport(
  deps: Deps,
  ctx: CompanyContext,
  req: EquipmentImportRequest,
): Promise<EquipmentImportResult> {
  const plan = await planEquipment(deps.db, ctx, req);
  return {
    rows: plan.rows.map(publicRow),
    summary: { ...summaryOf(plan.rows), count: plan.count, limit: plan.limit, room: plan.room },
    imported: false,
  };
}

/**
 * Imports the rows that pass and fit (mode `valid`), or every row or none (mode `all`), in one
 * transaction: new machines in a few multi-row inserts, each with its `initial` reading; matched
 * machines through the edit's own path (updateEquipmentTx: corrections and `change` entries written
 * to their history). The company row is locked as for an add, so the plan limit holds against
 * concurrent adds.
 */
export async function importEquipment(
  deps: Deps,
  ctx: CompanyContext,
  req: EquipmentImportRequest,
): Promise<EquipmentImportResult> {
  // Planned inside the transaction, after the company row is locked (as an add locks it): imports and
  // adds of one company run one at a time, so rows are matched and counted against what is committed.
  const { plan, summary } = await deps.db.transaction(async (tx) => {
    const [c] = await tx
      .select({ limit: company.equipmentLimit })
      .from(company)
      .where(eq(company.id, ctx.companyId))
      .for('no key update');
    if (!c) throw new AppError('not_found', 'common.notFound');
    const plan = await planEquipment(tx, ctx, req);
    const summary = summaryOf(plan.rows);
    const refused = summary.error + summary.overLimit;
    if (req.mode === 'all' && refused > 0)
      throw new AppError('validation', 'import.hasErrors', { params: { count: refused } });
    if (summary.add + summary.update === 0)
      throw new AppError('validation', 'import.nothingToImport');
    const adds = plan.rows.filter((r) => r.action === 'add' && r.input);
    if (c.limit !== -1 && adds.length > 0) {
      const n = await countEquipment(tx, ctx.companyId);
      if (n + adds.length > c.limit)
        throw new AppError('plan_limit', 'equipment.planLimit', { params: { limit: c.limit } });
    }
    const now = deps.now();
    const who = actorName(ctx);
    for (let i = 0; i < adds.length; i += INSERT_CHUNK) {
      const chunk = adds.slice(i, i + INSERT_CHUNK);
      const created = await tx
        .insert(equipment)
        .values(
          chunk.map((r) => ({
            ...columnsOf(r.input as EquipmentInput, true, null),
            companyId: ctx.companyId,
            userId: ctx.userId,
            dateAdded: now,
            lastUpdated: now,
            lastReadingAt: now,
          })),
        )
        .returning({
          id: equipment.id,
          currentUsage: equipment.currentUsage,
          unit: equipment.unit,
        });
      await recordMany(
        tx,
        created.map((e) => ({
          actor: actorOf(ctx, who),
          equipmentId: e.id,
          at: now,
          entry: { kind: 'imported', params: { usage: e.currentUsage, unit: e.unit } },
        })),
      );
      chunk.forEach((r, k) => (r.equipmentId = created[k]?.id ?? null));
    }
    for (const r of plan.rows) {
      if (r.action !== 'update' || !r.equipmentId) continue;
      const current = await findRow(tx, ctx, r.equipmentId, true);
      await updateEquipmentTx(tx, deps, ctx, current, r.patch ?? {});
    }
    if (adds.length > 0) await bumpEquipmentVersion(tx, ctx.companyId);
    return { plan, summary };
  });
  return {
    rows: plan.rows.map(publicRow),
    summary: { ...summary, count: plan.count, limit: plan.limit, room: plan.room },
    imported: true,
  };
}

// ---- past readings and services ----

const DAY_MS = 86_400_000;
const dayOf = (d: Date) => d.toISOString().slice(0, 10);
const daysBetween = (from: string, to: string) =>
  (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS;
/** An imported entry's time: noon UTC of its date (the same calendar day in every time zone of the Americas and Europe). */
const atNoon = (date: string) => new Date(`${date}T12:00:00Z`);

type PlannedHistory = HistoryImportRow & {
  input?: HistoryRowInput;
  /** Applied readings move the usage; past ones (dated before the machine's last reading) count for the usage rate only. */
  past?: boolean;
  previousUsage?: number;
};

/**
 * Reads every history row, matches its machine (serial number, else name: active machines of this
 * company only), and runs each machine's rows in date order through the reading rules: a reading
 * dated on or after the machine's last reading may not be lower than the usage (meter rollback) and
 * is held when its increase is more than the meter can do in the days between (decisions.md); one
 * dated before it is a past reading, between the readings around it. A service's reading may not be
 * above the usage at its date; its date not in the future. A row already recorded (the same file
 * imported again) is `unchanged` and goes through no rule (already-recorded.ts).
 */
async function planHistory(
  deps: Deps,
  db: DbOrTx,
  ctx: CompanyContext,
  req: HistoryImportRequest,
  /** Lock the machines (the import's transaction): no reading can land between the check and the write. */
  lock = false,
): Promise<{ rows: PlannedHistory[]; machines: Map<string, Row> }> {
  const today = companyToday(deps, ctx);
  const all = await activeMachines(db, ctx.companyId, lock);
  const index = indexMachines(all);
  const machines = new Map(all.map((m) => [m.id, m]));
  const rows: PlannedHistory[] = [];
  const byMachine = new Map<string, PlannedHistory[]>();
  for (const [i, cells] of req.rows.entries()) {
    if (i > 0 && i % SLICE === 0) await yieldToOthers();
    const input = historyRowInput(cells, req.format);
    const issues: ImportIssue[] = [];
    const key = matchText(input.machine);
    const m = key ? index.named(key) : undefined;
    if (!key) issues.push(issue('machine', 'import.machineRequired'));
    else if (!m) issues.push(issue('machine', 'import.machineNotFound'));
    if (!input.date) issues.push(issue('date', 'import.dateRequired'));
    else if (!isDateOnly(input.date)) issues.push(issue('date', 'equipment.dateInvalid'));
    else if (!isDateInRange(input.date)) issues.push(issue('date', 'common.dateRange'));
    else if (input.date > today) issues.push(issue('date', 'import.dateFuture'));
    if (input.kind !== 'reading' && input.kind !== 'service')
      issues.push(issue('kind', 'import.kindInvalid'));
    const bad = (v: number | null) => v !== null && (Number.isNaN(v) || v < 0 || v > MAX_USAGE);
    if (bad(input.reading)) issues.push(issue('reading', 'import.readingInvalid'));
    if (bad(input.fuel)) issues.push(issue('fuel', 'import.fuelInvalid'));
    if (bad(input.cost)) issues.push(issue('cost', 'import.costInvalid'));
    if (input.fuelType !== null && input.fuelType !== 'gas' && input.fuelType !== 'diesel')
      issues.push(issue('fuelType', 'import.fuelTypeInvalid'));
    if (input.kind === 'reading' && input.reading === null && !(input.fuel && input.fuel > 0))
      issues.push(issue('reading', 'import.readingRequired'));
    if (input.note && input.note.length > 2000)
      issues.push(issue('note', 'common.tooLong', { max: 2000 }));
    const planned: PlannedHistory = {
      row: lineOf(req, i),
      machine: m?.name ?? input.machine,
      equipmentId: m?.id ?? null,
      date: input.date,
      action: issues.length > 0 ? 'error' : input.kind === 'service' ? 'service' : 'reading',
      issues,
      input,
    };
    rows.push(planned);
    if (issues.length === 0 && m) {
      const list = byMachine.get(m.id) ?? [];
      list.push(planned);
      byMachine.set(m.id, list);
    }
  }
  const dates = [...byMachine.values()].flat().map((r) => r.date ?? today);
  const recorded = await alreadyRecorded(
    db,
    ctx,
    [...byMachine.keys()],
    dates.reduce((a, b) => (a < b ? a : b), today),
    dates.reduce((a, b) => (a > b ? a : b), today),
  );
  for (const [id, list] of byMachine) {
    const m = machines.get(id);
    if (!m) continue;
    const perDay = MAX_INCREASE_PER_DAY[m.unit];
    // Stable: rows of one date keep the file's order.
    list.sort((a, b) => (a.date ?? '').localeCompare(b.date ?? '') || a.row - b.row);
    let usage = m.currentUsage;
    let at = dayOf(m.lastReadingAt);
    const lastDay = at;
    // Past readings: each between the previous past reading and the machine's usage at its last reading.
    let pastUsage = 0;
    let pastAt: string | null = null;
    for (const r of list) {
      const inp = r.input as HistoryRowInput;
      const date = r.date ?? today;
      // Already in the record (the same file imported again): written once, never twice.
      const kind = r.action === 'service' ? 'service' : 'reading';
      if (recorded.take({ ...inp, equipmentId: id, date, kind })) {
        r.action = 'unchanged';
        if (
          kind === 'reading' &&
          inp.reading !== null &&
          date < lastDay &&
          inp.reading >= pastUsage
        ) {
          pastUsage = inp.reading;
          pastAt = date;
        }
        continue;
      }
      if (r.action === 'service') {
        if (inp.reading !== null && inp.reading > usage) {
          r.action = 'error';
          r.issues.push(issue('reading', 'import.serviceAbove', { current: usage }));
        }
        continue;
      }
      if (inp.reading === null) continue; // fuel only
      if (date < lastDay) {
        r.past = true;
        if (inp.reading > m.currentUsage) {
          r.action = 'error';
          r.issues.push(issue('reading', 'import.aboveLater', { current: m.currentUsage }));
        } else if (inp.reading < pastUsage) {
          r.action = 'error';
          r.issues.push(issue('reading', 'import.belowPrevious', { current: pastUsage }));
        } else if (
          perDay !== undefined &&
          pastAt !== null &&
          inp.reading - pastUsage > perDay * Math.max(1, daysBetween(pastAt, date))
        ) {
          r.action = 'held';
          r.issues.push(issue('reading', 'import.held'));
        } else {
          r.previousUsage = pastUsage;
          pastUsage = inp.reading;
          pastAt = date;
        }
        continue;
      }
      if (inp.reading < usage) {
        r.action = 'error';
        r.issues.push(issue('reading', 'import.belowPrevious', { current: usage }));
      } else if (
        perDay !== undefined &&
        inp.reading - usage > perDay * Math.max(1, daysBetween(at, date))
      ) {
        r.action = 'held';
        r.issues.push(issue('reading', 'import.held'));
      } else {
        r.previousUsage = usage;
        usage = inp.reading;
        at = date;
      }
    }
  }
  return { rows, machines };
}

function historySummary(rows: HistoryImportRow[]) {
  const s = { reading: 0, service: 0, unchanged: 0, held: 0, error: 0 };
  for (const r of rows) s[r.action] += 1;
  return s;
}

const publicHistoryRow = ({
  row,
  machine,
  equipmentId,
  date,
  action,
  issues,
}: PlannedHistory): HistoryImportRow => ({ row, machine, equipmentId, date, action, issues });

export async function previewHistoryImport(
  deps: Deps,
  ctx: CompanyContext,
  req: HistoryImportRequest,
): Promise<HistoryImportResult> {
  const { rows } = await planHistory(deps, deps.db, ctx, req);
  return { rows: rows.map(publicHistoryRow), summary: historySummary(rows), imported: false };
}

/**
 * Writes the readings and services that pass (or all or none) in one transaction, machine by machine
 * (each locked): readings as `reading` entries dated on their day (past ones as `past` entries: they
 * count for the usage rate, and a void's replay never takes them for the current meter), their fuel added to the totals
 * with SQL arithmetic, the usage moved to the last applied reading; services through Mark as
 * Serviced's own path (recordServiceTx: the latest by date drives the next service). Held readings
 * are not written.
 */
export async function importHistory(
  deps: Deps,
  ctx: CompanyContext,
  req: HistoryImportRequest,
): Promise<HistoryImportResult> {
  const today = companyToday(deps, ctx);
  const who = actorName(ctx);
  const { rows, summary } = await deps.db.transaction(async (tx) => {
    const { rows } = await planHistory(deps, tx, ctx, req, true);
    const summary = historySummary(rows);
    const refused = summary.error + summary.held;
    if (req.mode === 'all' && refused > 0)
      throw new AppError('validation', 'import.hasErrors', { params: { count: refused } });
    if (summary.reading + summary.service === 0)
      throw new AppError('validation', 'import.nothingToImport');
    const byMachine = new Map<string, PlannedHistory[]>();
    for (const r of rows) {
      if ((r.action !== 'reading' && r.action !== 'service') || !r.equipmentId) continue;
      byMachine.set(r.equipmentId, [...(byMachine.get(r.equipmentId) ?? []), r]);
    }
    for (const [id, list] of byMachine) {
      const m = await findRow(tx, ctx, id, true);
      list.sort((a, b) => (a.date ?? '').localeCompare(b.date ?? '') || a.row - b.row);
      let usage = m.currentUsage;
      let lastAt: Date | null = null;
      let gas = 0;
      let diesel = 0;
      const notes: NewEntry[] = [];
      const updates: (typeof operatorUpdate.$inferInsert)[] = [];
      for (const r of list) {
        const inp = r.input as HistoryRowInput;
        if (r.action !== 'reading') continue;
        const date = r.date ?? today;
        // As the columns store them (numeric(14,2) and (14,3)): a re-import finds them equal.
        const fuel = stored3(inp.fuel ?? 0);
        const fuelType = inp.fuelType ?? (m.fuelType === 'diesel' ? 'diesel' : 'gas');
        if (fuel > 0) {
          if (fuelType === 'diesel') diesel += fuel;
          else gas += fuel;
        }
        const value = inp.reading === null ? null : stored2(inp.reading);
        const applied = value !== null && !r.past;
        const fuelOf =
          fuel > 0
            ? { amount: fuel, type: fuelType === 'diesel' ? ('diesel' as const) : ('gas' as const) }
            : null;
        const notesOf = inp.note ? { notes: inp.note } : {};
        // Each imported reading or fuel entry is an applied update of its machine (like an operator's), so
        // the fuel export lists it and a void takes its fuel off again (docs/decisions/trustworthy-record.md).
        updates.push({
          companyId: ctx.companyId,
          equipmentId: m.id,
          equipmentName: m.name,
          unit: m.unit,
          operatorId: ctx.userId,
          operatorName: who,
          newUsage: value,
          fuelAdded: fuel,
          fuelType: fuel > 0 ? fuelType : 'gas',
          notes: inp.note ?? '',
          status: 'applied',
          reason: 'imported',
          reviewedBy: ctx.userId,
          reviewedAt: deps.now(),
          createdAt: atNoon(date),
        });
        notes.push({
          actor: actorOf(ctx, who),
          equipmentId: m.id,
          at: atNoon(date),
          entry:
            value !== null
              ? {
                  kind: 'reading',
                  params: {
                    source: 'import',
                    previousUsage: applied ? usage : null,
                    usage: value,
                    unit: m.unit,
                    fuel: fuelOf,
                    ...notesOf,
                    ...(applied ? {} : { past: true }),
                  },
                }
              : fuelOf
                ? { kind: 'fuel', params: { source: 'import', fuel: fuelOf, ...notesOf } }
                : { kind: 'note', params: { text: inp.note ?? '' } },
        });
        if (applied && value !== null) {
          usage = value;
          lastAt = atNoon(date);
        }
      }
      for (let i = 0; i < notes.length; i += INSERT_CHUNK) {
        const ids = await tx
          .insert(operatorUpdate)
          .values(updates.slice(i, i + INSERT_CHUNK))
          .returning({ id: operatorUpdate.id });
        await recordMany(
          tx,
          notes
            .slice(i, i + INSERT_CHUNK)
            .map((n, k) => ({ ...n, operatorUpdateId: ids[k]?.id ?? null })),
        );
      }
      await moveTotals(
        tx,
        ctx.companyId,
        m.id,
        { ...(lastAt ? { usage } : {}), addFuel: { gas, diesel } },
        {
          lastUpdated: deps.now(),
          ...(lastAt ? { lastReadingAt: lastAt > m.lastReadingAt ? lastAt : m.lastReadingAt } : {}),
        },
      );
      for (const r of list) {
        if (r.action !== 'service') continue;
        const inp = r.input as HistoryRowInput;
        const fresh = await findRow(tx, ctx, m.id, true);
        await recordServiceTx(
          tx,
          deps,
          ctx,
          fresh,
          {
            serviceDate: r.date ?? today,
            usage: inp.reading ?? undefined,
            cost: inp.cost ?? undefined,
            performedBy: inp.performedBy ?? undefined,
            notes: inp.note ?? undefined,
            parts: [],
          },
          today,
        );
      }
    }
    await bumpEquipmentVersion(tx, ctx.companyId);
    return { rows, summary };
  });
  return { rows: rows.map(publicHistoryRow), summary, imported: true };
}
