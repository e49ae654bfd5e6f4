import { sql, type Placeholder } from 'drizzle-orm';
import type { HistoryEntry } from '@domain/history';
import type { DbOrTx } from '../../db/client';
import { equipment, equipmentNote, equipmentVersion } from '../../db/schema/index';
import { legacyColumns, validEntry } from './ledger.service';

/**
 * The ledger's part of the operator update's one-statement write (operator-updates.service.ts): the
 * usage and fuel move, the history entry and the version bump, as common table expressions that read
 * the statement's `locked` and `ins` rows. Their placeholders are filled by `operatorWriteParams`.
 */
export function operatorUpdateWrites(db: DbOrTx, p: (name: string) => Placeholder) {
  const upd = db.$with('upd', {}).as(
    sql`update ${equipment} set
        last_updated = ${p('now')}::timestamptz,
        current_usage = coalesce(${p('newUsage')}::numeric, current_usage),
        last_reading_at = case when ${p('newUsage')}::numeric is null then last_reading_at else ${p('now')}::timestamptz end,
        total_fuel_used = total_fuel_used + ${p('gas')}::numeric + ${p('diesel')}::numeric,
        total_gas_used = total_gas_used + ${p('gas')}::numeric,
        total_diesel_used = total_diesel_used + ${p('diesel')}::numeric
      where ${equipment.id} = (select locked.id from locked) and ${p('applied')}::boolean and exists (select 1 from ins)`,
  );
  const note = db.$with('note', {}).as(
    sql`insert into ${equipmentNote} (company_id, equipment_id, content, kind, params, type, usage, reading, previous_usage,
        operator_update_id, operator_name, user_id, created_at)
      select ${p('companyId')}::uuid, ${p('equipmentId')}::uuid, ${p('noteContent')}::text, ${p('kind')}::text,
        ${p('params')}::jsonb, ${p('noteType')}::text, ${p('noteUsage')}::numeric, ${p('reading')}::text,
        ${p('previousUsage')}::numeric, ins.id, ${p('operatorName')}::text, ${p('userId')}::uuid, ${p('now')}::timestamptz
      from ins where ${p('applied')}::boolean`,
  );
  const bump = db.$with('bump', {}).as(
    sql`insert into ${equipmentVersion} (company_id, version) select ${p('companyId')}::uuid, 1 from ins where ${p('bump')}::boolean
      on conflict (company_id) do update set version = ${equipmentVersion}.version + 1`,
  );
  return { upd, note, bump };
}

/** The history entry's placeholders of that statement, from the (validated) entry. */
export function operatorWriteParams(entry: HistoryEntry) {
  const e = validEntry(entry);
  const c = legacyColumns(e);
  return {
    kind: e.kind,
    params: JSON.stringify(e.params),
    noteContent: c.content,
    noteType: c.type,
    noteUsage: c.usage,
    reading: c.reading,
    previousUsage: c.previousUsage,
  };
}

/** An operator update's entry: a reading (with its fuel), fuel alone, or a note. */
export function operatorEntry(u: {
  newUsage: number | null;
  currentUsage: number;
  unit: string;
  fuelAdded: number;
  fuelType: string;
  notes: string;
  checklist?: string | null;
  unusual?: boolean;
  /** Sent with an API key: its name (the entry says "via <name>", source api). */
  via?: string | null;
}): HistoryEntry {
  const fuel =
    u.fuelAdded > 0
      ? {
          amount: u.fuelAdded,
          type: u.fuelType === 'diesel' ? ('diesel' as const) : ('gas' as const),
        }
      : null;
  const notes = u.notes ? { notes: u.notes } : {};
  const via = u.via ? { via: u.via } : {};
  if (u.newUsage !== null)
    return {
      kind: 'reading',
      params: {
        source: u.checklist ? 'inspection' : u.via ? 'api' : 'operator',
        previousUsage: u.currentUsage,
        usage: u.newUsage,
        unit: u.unit,
        fuel,
        ...notes,
        ...(u.checklist ? { checklist: u.checklist } : {}),
        ...(u.unusual ? { unusual: true } : {}),
        ...via,
      },
    };
  if (fuel)
    return {
      kind: 'fuel',
      params: { source: u.via ? 'api' : 'operator', fuel, usage: u.currentUsage, ...notes, ...via },
    };
  return { kind: 'note', params: { text: u.notes } };
}
