/**
 * A machine's history as it is read: the notes list, the whole history (the Notes & History dialog) and
 * the timeline's pages by seq (GET /api/equipment/:id/history?limit&cursor&kind). Writes go through the
 * ledger (modules/ledger).
 */
import { and, desc, eq, isNotNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { HistoryPageQuery, HistoryRecordDto, NoteDto } from '@domain/schemas/equipment';
import type { TimelinePage } from '@domain/schemas/machine-page';
import type { HistoryLang } from '@domain/history-text';
import { asVolumeUnit, type VolumeUnit } from '@domain/fuel';
import { equipment, equipmentNote, fieldPhoto, operatorUpdate } from '../../db/schema/index';
import type { Deps } from '../../deps';
import type { CompanyContext } from '../../plugins/session';
import { toHistoryDto, toNoteDto } from './equipment.dto';
import { assertId, entriesOf, findAnyRow } from './equipment.queries';

export async function listNotes(
  deps: Deps,
  ctx: CompanyContext,
  id: string,
  lang: HistoryLang = 'en',
): Promise<NoteDto[]> {
  const e = await findAnyRow(deps.db, ctx, id);
  const rows = await deps.db
    .select()
    .from(equipmentNote)
    .where(entriesOf(ctx.companyId, e.id))
    .orderBy(desc(equipmentNote.createdAt), desc(equipmentNote.seq));
  return rows.map((n) => toNoteDto(n, lang, asVolumeUnit(ctx.company.volumeUnit)));
}

/** A history entry's machine, in the company (the join of every history reader). */
export const entryMachineOn = (companyId: string) =>
  and(eq(equipment.id, equipmentNote.equipmentId), eq(equipment.companyId, companyId));

/** The operator update a history entry came from, if any, in the company. */
export const entryUpdateOn = (companyId: string) =>
  and(
    eq(operatorUpdate.id, equipmentNote.operatorUpdateId),
    eq(operatorUpdate.companyId, companyId),
  );

/** The history's rows with their machine's name and state and their operator update's fuel, device and photo (one query). */
function historyRows<X extends Record<string, SQL>>(deps: Deps, ctx: CompanyContext, extra?: X) {
  return deps.db
    .select({
      ...(extra as X),
      n: equipmentNote,
      machine: {
        name: equipment.name,
        retiredAt: equipment.retiredAt,
        tankCapacity: equipment.tankCapacity,
      },
      fuelAdded: operatorUpdate.fuelAdded,
      fuelType: operatorUpdate.fuelType,
      device: operatorUpdate.device,
      photo: fieldPhoto.id,
    })
    .from(equipmentNote)
    .innerJoin(equipment, entryMachineOn(ctx.companyId))
    .leftJoin(operatorUpdate, entryUpdateOn(ctx.companyId))
    .leftJoin(
      fieldPhoto,
      and(
        eq(fieldPhoto.companyId, ctx.companyId),
        eq(fieldPhoto.updateKey, operatorUpdate.idempotencyKey),
      ),
    );
}

type HistoryRow = Awaited<ReturnType<ReturnType<typeof historyRows>['execute']>>[number];

function historyDtoOf(lang: HistoryLang, volumeUnit: VolumeUnit) {
  return ({ n, machine, fuelAdded, fuelType, device, photo }: HistoryRow) =>
    toHistoryDto(
      n,
      machine.name,
      machine.retiredAt !== null,
      fuelAdded !== null && fuelType !== null
        ? {
            fuelAdded,
            fuelType,
            device,
            hasPhoto: photo !== null,
            photoId: photo,
            tankCapacity: machine.tankCapacity,
          }
        : null,
      lang,
      volumeUnit,
    );
}

/** History of one machine (active or retired), newest first, with the fuel of the operator updates it applied. */
export async function history(
  deps: Deps,
  ctx: CompanyContext,
  id: string,
  lang: HistoryLang = 'en',
): Promise<HistoryRecordDto[]> {
  const e = await findAnyRow(deps.db, ctx, id);
  const rows = await historyRows(deps, ctx)
    .where(entriesOf(ctx.companyId, e.id))
    .orderBy(desc(equipmentNote.createdAt), desc(equipmentNote.seq));
  return rows.map(historyDtoOf(lang, asVolumeUnit(ctx.company.volumeUnit)));
}

/**
 * The defect an entry opened, when it has a photo (a failed checklist item's, a reported problem's):
 * the defect row written with the `defect_opened` entry, in the same transaction, at the same time,
 * for the same machine and item. Its photo arrives after it, so it is read here, not stored on the entry.
 */
const defectPhoto = sql<string | null>`(select d.id::text from inspection_defect d
  where ${equipmentNote.kind} = 'defect_opened' and d.company_id = ${equipmentNote.companyId}
    and d.equipment_id = ${equipmentNote.equipmentId} and d.created_at = ${equipmentNote.createdAt}
    and d.item_label = ${equipmentNote.params}->>'item' and d.photo_key is not null
  order by d.id limit 1)`;

/** A work-order entry's order (by its number in the company): its id, total and status now. */
const workOrderOf = sql<
  [string, unknown, string] | string | null
>`(select json_build_array(w.id, w.total, w.status)
  from work_order w where w.company_id = ${equipmentNote.companyId} and w.equipment_id = ${equipmentNote.equipmentId}
    and w.number = case when ${equipmentNote.kind} = 'work_order' then (${equipmentNote.params}->>'number')::int end)`;

/**
 * The timeline's kind filter: "Photos" lists every entry with a photo (an operator update's, a defect's)
 * and "Voids" every voided entry, besides the entries of that kind.
 */
function kindFilter(kind: HistoryPageQuery['kind']) {
  if (kind === 'photo')
    return or(
      eq(equipmentNote.kind, kind),
      isNotNull(fieldPhoto.id),
      sql`${defectPhoto} is not null`,
    );
  if (kind === 'void') return or(eq(equipmentNote.kind, kind), isNotNull(equipmentNote.voidedAt));
  return kind ? eq(equipmentNote.kind, kind) : undefined;
}

const json = <T>(raw: unknown): T | null =>
  raw === null || raw === undefined
    ? null
    : ((typeof raw === 'string' ? JSON.parse(raw) : raw) as T);

/**
 * One page of a machine's timeline, newest (highest seq) first: `limit` entries below the `cursor` seq,
 * optionally of one kind. Served by the (equipment_id, seq) index, so a machine with 5,000 entries
 * answers as fast as one with 50. One query (the machine page's timeline, issue 24: its data in two
 * requests of one query each): the machine is read in the same statement, and looked up on its own
 * only when the page is empty (an unknown or another company's machine is 404, not an empty page).
 */
export async function historyPage(
  deps: Deps,
  ctx: CompanyContext,
  id: string,
  q: HistoryPageQuery,
  lang: HistoryLang = 'en',
): Promise<TimelinePage> {
  const machineId = assertId(id);
  const limit = q.limit ?? 50;
  const rows = await historyRows(deps, ctx, { defectPhoto, workOrder: workOrderOf })
    .where(
      and(
        entriesOf(ctx.companyId, machineId),
        q.cursor !== undefined ? lt(equipmentNote.seq, q.cursor) : undefined,
        kindFilter(q.kind),
      ),
    )
    .orderBy(desc(equipmentNote.seq))
    .limit(limit + 1);
  if (rows.length === 0) await findAnyRow(deps.db, ctx, machineId); // 404 unless the machine exists
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  const dto = historyDtoOf(lang, asVolumeUnit(ctx.company.volumeUnit));
  return {
    entries: page.map((r) => {
      const w = json<[string, unknown, string]>(r.workOrder);
      return {
        ...dto(r),
        defectPhoto: r.defectPhoto,
        workOrder: w ? { id: w[0], total: Number(w[1]), status: w[2] } : null,
      };
    }),
    nextCursor: rows.length > limit && last ? last.n.seq : null,
  };
}
