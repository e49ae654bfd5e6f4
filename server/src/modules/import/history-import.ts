import { historyRowInput, matchText, type HistoryRowInput } from '@domain/import';
import { MAX_USAGE } from '@domain/schemas/equipment';
import {
  historyImportRowSchema,
  type HistoryImportRequest,
  type HistoryImportResult,
  type HistoryImportRow,
  type ImportIssue,
} from '@domain/schemas/import';
import { MAX_INCREASE_PER_DAY } from '@domain/schemas/operators';
import { isDateInRange } from '@domain/schemas/primitives';
import { isDateOnly } from '@domain/dates';
import type { DbOrTx } from '../../db/client';
import { operatorUpdate } from '../../db/schema/index';
import type { Deps } from '../../deps';
import { AppError } from '../../lib/errors';
import type { CompanyContext } from '../../plugins/session';
import {
  actorName,
  actorOf,
  bumpEquipmentVersion,
  moveTotals,
  recordMany,
  type NewEntry,
} from '../ledger/index';
import { companyToday, findRow, type Row } from '../equipment/index';
import { recordServiceTx } from '../equipment/index';
import { alreadyRecorded, stored2, stored3 } from './already-recorded';
import {
  SLICE,
  yieldToOthers,
  INSERT_CHUNK,
  issue,
  lineOf,
  activeMachines,
  indexMachines,
  countByAction,
  answerFields,
} from './sheet';

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

/** The last reading a row's reading follows: its usage and date (null: none yet). */
type LastReading = { usage: number; at: string | null };

/**
 * A reading after `last`: below it an error, rising faster than the unit's plausible rate per day a
 * hold for review, else it becomes the last reading.
 */
function followReading(
  r: PlannedHistory,
  reading: number,
  date: string,
  last: LastReading,
  perDay: number | undefined,
) {
  if (reading < last.usage) {
    r.action = 'error';
    r.issues.push(issue('reading', 'import.belowPrevious', { current: last.usage }));
  } else if (
    perDay !== undefined &&
    last.at !== null &&
    reading - last.usage > perDay * Math.max(1, daysBetween(last.at, date))
  ) {
    r.action = 'held';
    r.issues.push(issue('reading', 'import.held'));
  } else {
    r.previousUsage = last.usage;
    last.usage = reading;
    last.at = date;
  }
}

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
    const lastDay = dayOf(m.lastReadingAt);
    const latest: LastReading = { usage: m.currentUsage, at: lastDay };
    // Past readings: each between the previous past reading and the machine's usage at its last reading.
    const past: LastReading = { usage: 0, at: null };
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
          inp.reading >= past.usage
        ) {
          past.usage = inp.reading;
          past.at = date;
        }
        continue;
      }
      if (r.action === 'service') {
        if (inp.reading !== null && inp.reading > latest.usage) {
          r.action = 'error';
          r.issues.push(issue('reading', 'import.serviceAbove', { current: latest.usage }));
        }
        continue;
      }
      if (inp.reading === null) continue; // fuel only
      if (date < lastDay) {
        r.past = true;
        if (inp.reading > m.currentUsage) {
          r.action = 'error';
          r.issues.push(issue('reading', 'import.aboveLater', { current: m.currentUsage }));
        } else followReading(r, inp.reading, date, past, perDay);
        continue;
      }
      followReading(r, inp.reading, date, latest, perDay);
    }
  }
  return { rows, machines };
}

const historySummary = (rows: HistoryImportRow[]) =>
  countByAction(rows, { reading: 0, service: 0, unchanged: 0, held: 0, error: 0 });

const publicHistoryRow = answerFields<HistoryImportRow>(historyImportRowSchema);

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
          // The row's fuel, else the machine's own (as a reading with no fuel from any other path).
          fuelType,
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
