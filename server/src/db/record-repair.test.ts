/**
 * Issue 43, "The record, repaired": the migration after the typed record (`*_record_repair.sql`) on a
 * database in the state migration 0010 (and 0013) left it. The old entries are inserted as the old
 * writers stored them (English sentences, before 0009 gave operator updates a unit), every migration up
 * to the repair runs (so 0009, 0010 and 0013 take the values wrongly, as they did), then the repair:
 * units as they were when written, whole item labels from the inspection and defect tables, an
 * operator's note back as their note; the entries as they were kept beside them; nothing lost or
 * doubled; a second run changes nothing. PGlite, and PostgreSQL with TEST_DB=postgres.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { historyEntrySchema, type HistoryEntry } from '@domain/history';
import { historyText } from '@domain/history-text';
import { emptyDatabase, migrationFiles, statementsOf, type Db } from './migrations-testing';

const repair = migrationFiles.find((f) => f.endsWith('_record_repair.sql'))!;
const run = async (db: Db, files: string[]) => {
  for (const f of files) for (const s of statementsOf(f)) await db.exec(s);
};

let db: Db;
beforeAll(async () => {
  db = await emptyDatabase();
});
afterAll(async () => {
  await db?.close();
});

const C = '11111111-1111-4111-8111-111111111111';
const T = '22222222-2222-4222-8222-222222222222'; // a truck: miles, then kilometers
const H = '33333333-3333-4333-8333-333333333333'; // a loader: hours, never changed
const U = (n: number) => `44444444-4444-4444-8444-44444444444${n}`;
const N = (n: number) => `55555555-5555-4555-8555-5555555555${String(n).padStart(2, '0')}`;
const I1 = '66666666-6666-4666-8666-666666666661';
const I2 = '66666666-6666-4666-8666-666666666662';
const TPL = '77777777-7777-4777-8777-777777777777';

const answer = (label: string, result: 'pass' | 'fail', critical = false) => ({
  itemId: label.toLowerCase().replace(/\W+/g, '-'),
  label,
  kind: 'passFail',
  unit: '',
  critical,
  result,
  number: null,
  text: null,
  note: null,
});
const json = (v: unknown) => `'${JSON.stringify(v).replace(/'/g, "''")}'`;

/** The old writers' rows (before 0009: operator updates have no unit yet). */
async function oldData() {
  const i1 = [
    answer('Tires, front', 'fail', true),
    answer('Horn', 'fail'),
    answer('Lights', 'pass'),
    answer('Brakes: rear', 'pass'),
  ];
  const i2 = [
    answer('Tires, front', 'pass', true),
    answer('Horn', 'pass'),
    answer('Lights', 'pass'),
    answer('Brakes: rear', 'fail'),
  ];
  await db.exec(`
    insert into company (id, name, time_zone) values ('${C}', 'Old Co', 'America/Chicago');
    insert into equipment (id, company_id, name, type, unit, current_usage) values
      ('${T}', '${C}', 'Truck', 'vehicle', 'kilometers', 330),
      ('${H}', '${C}', 'Loader', 'machinery', 'hours', 50);
    insert into operator_update (id, company_id, equipment_id, equipment_name, operator_name, new_usage,
      fuel_added, fuel_type, notes, status, created_at) values
      ('${U(1)}', '${C}', '${T}', 'Truck', 'Maria', 150, 0, 'gas', 'Leaking', 'applied', '2026-04-02T10:00:00Z'),
      ('${U(2)}', '${C}', '${T}', 'Truck', 'Maria', 300, 0, 'gas', '', 'applied', '2026-04-06T10:00:00Z'),
      ('${U(3)}', '${C}', '${T}', 'Truck', 'Maria', 310, 0, 'gas', 'Inspection: Daily truck check', 'applied', '2026-04-07T10:00:00Z'),
      ('${U(4)}', '${C}', '${T}', 'Truck', 'Maria', 320, 0, 'gas', 'Inspection: the bucket teeth are worn', 'applied', '2026-04-10T10:00:00Z'),
      ('${U(5)}', '${C}', '${H}', 'Loader', 'Maria', 50, 0, 'gas', '', 'applied', '2026-04-02T10:00:00Z'),
      ('${U(6)}', '${C}', '${T}', 'Truck', 'Maria', 200, 0, 'gas', '', 'applied', '2026-04-04T20:00:00Z');
    insert into inspection_template (id, company_id, name, items) values ('${TPL}', '${C}', 'Daily truck check', '[]');
    insert into inspection (id, company_id, equipment_id, template_id, template_name, operator_name, reading,
      reading_update_id, answers, failed_count, created_at) values
      ('${I1}', '${C}', '${T}', '${TPL}', 'Daily truck check', 'Maria', 310, '${U(3)}', ${json(i1)}, 2, '2026-04-07T10:00:00Z'),
      ('${I2}', '${C}', '${T}', '${TPL}', 'Daily truck check', 'Maria', null, null, ${json(i2)}, 1, '2026-04-08T10:00:00Z');
    insert into inspection_defect (company_id, equipment_id, inspection_id, item_id, item_label, critical,
      created_at, resolved_at, resolved_by, resolution_note) values
      ('${C}', '${T}', '${I1}', 'tires-front', 'Tires, front', true, '2026-04-07T10:00:00Z', '2026-04-09T10:00:00Z', 'Pat', null),
      ('${C}', '${T}', '${I1}', 'horn', 'Horn', false, '2026-04-07T10:00:00Z', null, null, null),
      ('${C}', '${T}', '${I2}', 'brakes-rear', 'Brakes: rear', false, '2026-04-08T10:00:00Z', '2026-04-09T11:00:00Z', 'Pat', 'new pads');
    insert into equipment_note (id, company_id, equipment_id, content, type, usage, reading, previous_usage,
      operator_update_id, service_date, changes, operator_name, created_at) values
      ('${N(1)}', '${C}', '${T}', 'Added with usage 100 miles', 'usage_update', 100, 'initial', null, null, null, null, 'Pat', '2026-04-01T00:00:00Z'),
      ('${N(2)}', '${C}', '${T}', 'Leaking', 'usage_update', 150, 'reading', 100, '${U(1)}', null, null, 'Maria', '2026-04-02T10:00:00Z'),
      ('${N(3)}', '${C}', '${T}', 'Usage increased by 10 to 160 miles', 'usage_update', 160, 'increase', 150, null, null, null, 'Pat', '2026-04-03T00:00:00Z'),
      ('${N(4)}', '${C}', '${T}', 'Serviced at 160 miles', 'maintenance', 160, null, null, null, '2026-04-04', null, 'Pat', '2026-04-04T00:00:00Z'),
      ('${N(5)}', '${C}', '${T}', 'Changed unit: "miles" -> "kilometers"', 'change', null, null, null, null, null, '[{"field":"unit","from":"miles","to":"kilometers"}]', 'Pat', '2026-04-05T00:00:00Z'),
      ('${N(6)}', '${C}', '${T}', '', 'usage_update', 300, 'reading', 200, '${U(2)}', null, null, 'Maria', '2026-04-06T10:00:00Z'),
      ('${N(7)}', '${C}', '${T}', 'Inspection: Daily truck check', 'usage_update', 310, 'reading', 300, '${U(3)}', null, null, 'Maria', '2026-04-07T10:00:00Z'),
      ('${N(8)}', '${C}', '${T}', 'Daily truck check: ✓ 2 · ✗ 2 (Tires, front, Horn)', 'inspection', null, null, null, null, null, null, 'Maria', '2026-04-07T10:00:00Z'),
      ('${N(9)}', '${C}', '${T}', '✗ Tires, front', 'out_of_service', null, null, null, null, null, null, 'Maria', '2026-04-07T10:00:00Z'),
      ('${N(10)}', '${C}', '${T}', 'Daily truck check: ✓ 3 · ✗ 1 (Brakes: rear)', 'inspection', null, null, null, null, null, null, 'Maria', '2026-04-08T10:00:00Z'),
      ('${N(11)}', '${C}', '${T}', '✓ Tires, front', 'defect_resolved', null, null, null, null, null, null, 'Pat', '2026-04-09T10:00:00Z'),
      ('${N(12)}', '${C}', '${T}', '✓ Tires, front', 'in_service', null, null, null, null, null, null, 'Pat', '2026-04-09T10:00:00Z'),
      ('${N(13)}', '${C}', '${T}', '✓ Brakes: rear: new pads', 'defect_resolved', null, null, null, null, null, null, 'Pat', '2026-04-09T11:00:00Z'),
      ('${N(14)}', '${C}', '${T}', 'Inspection: the bucket teeth are worn', 'usage_update', 320, 'reading', 310, '${U(4)}', null, null, 'Maria', '2026-04-10T10:00:00Z'),
      ('${N(15)}', '${C}', '${T}', '✗ Hydraulic leak, boom', 'out_of_service', null, null, null, null, null, null, 'Pat', '2026-04-11T00:00:00Z'),
      ('${N(16)}', '${C}', '${T}', 'Retired: Sold', 'retired', 330, null, null, null, null, null, 'Pat', '2026-04-12T00:00:00Z'),
      -- Sent in miles the evening before the change, approved after it: the operator's moment counts.
      ('${N(17)}', '${C}', '${T}', '', 'usage_update', 200, 'reading', 160, '${U(6)}', null, null, 'Pat', '2026-04-05T08:00:00Z'),
      ('${N(20)}', '${C}', '${H}', 'Added with usage 40 hours', 'usage_update', 40, 'initial', null, null, null, null, 'Pat', '2026-04-01T00:00:00Z'),
      ('${N(21)}', '${C}', '${H}', '', 'usage_update', 50, 'reading', 40, '${U(5)}', null, null, 'Maria', '2026-04-02T10:00:00Z');
  `);
}

type Row = { id: string; kind: string; params: Record<string, unknown>; content: string };
const parse = (v: unknown) =>
  (typeof v === 'string' ? JSON.parse(v) : v) as Record<string, unknown>;
async function entries(): Promise<Map<string, Row>> {
  const r = await db.query<Row>(`select id, kind, params, content from equipment_note order by id`);
  return new Map(r.rows.map((x) => [x.id, { ...x, params: parse(x.params) }]));
}
const counts = `select equipment_id, count(*)::int as n from equipment_note group by equipment_id order by 1`;

it('repairs units, split and cut item labels and a note taken for an inspection, keeping the originals', async () => {
  await run(
    db,
    migrationFiles.filter((f) => f < '0009'),
  );
  await oldData();
  const before = (await db.query(counts)).rows;
  await run(
    db,
    migrationFiles.filter((f) => f >= '0009' && f < repair),
  );
  // The state the typed-record migration left: wrong, and what this test is about.
  const broken = await entries();
  expect(broken.get(N(2))!.params.unit).toBe('kilometers');
  expect(broken.get(N(8))!.params.failed).toEqual(['Tires', 'front', 'Horn']);
  expect(broken.get(N(13))!.params).toEqual({ item: 'Brakes', note: 'rear: new pads' });
  expect(broken.get(N(14))!.params).toMatchObject({
    source: 'inspection',
    checklist: 'the bucket teeth are worn',
  });
  expect((await db.query(counts)).rows).toEqual(before);

  await run(db, [repair]);
  const fixed = await entries();
  // Nothing lost or doubled.
  expect((await db.query(counts)).rows).toEqual(before);
  expect([...fixed.keys()]).toEqual([...broken.keys()]);
  // Every entry is a valid typed entry.
  const invalid = [...fixed.values()].filter(
    (r) => !historyEntrySchema.safeParse({ kind: r.kind, params: r.params }).success,
  );
  expect(invalid).toEqual([]);

  // Units as they were when each entry was written.
  const unitOf = (n: number) => fixed.get(N(n))!.params.unit;
  expect([1, 2, 3, 4, 17].map(unitOf)).toEqual(['miles', 'miles', 'miles', 'miles', 'miles']);
  expect([6, 7, 14, 16].map(unitOf)).toEqual([
    'kilometers',
    'kilometers',
    'kilometers',
    'kilometers',
  ]);
  expect([20, 21].map(unitOf)).toEqual(['hours', 'hours']);
  const reading = { kind: 'reading', params: fixed.get(N(2))!.params } as HistoryEntry;
  expect(historyText('en', reading)).toContain('miles');
  expect(historyText('en', reading)).not.toContain('kilometers');

  // Inspections and defects: whole labels from the inspection and defect tables.
  expect(fixed.get(N(8))!.params).toEqual({
    checklist: 'Daily truck check',
    passed: 2,
    failed: ['Tires, front', 'Horn'],
  });
  expect(fixed.get(N(9))!.params).toEqual({ items: ['Tires, front'], reason: null });
  expect(fixed.get(N(10))!.params).toEqual({
    checklist: 'Daily truck check',
    passed: 3,
    failed: ['Brakes: rear'],
  });
  expect(fixed.get(N(11))!.params).toEqual({ item: 'Tires, front', note: null });
  expect(fixed.get(N(12))!.params).toEqual({ items: ['Tires, front'], reason: null });
  expect(fixed.get(N(13))).toMatchObject({
    params: { item: 'Brakes: rear', note: 'new pads' },
    content: 'new pads',
  });
  // A manager's reason that began with "✗ " is their words again, whole.
  expect(fixed.get(N(15))).toMatchObject({
    params: { items: [], reason: '✗ Hydraulic leak, boom' },
    content: '✗ Hydraulic leak, boom',
  });
  // The real inspection's reading stays one; the operator's note is their note again.
  expect(fixed.get(N(7))!.params).toMatchObject({
    source: 'inspection',
    checklist: 'Daily truck check',
  });
  expect(fixed.get(N(14))!.params).toEqual({
    source: 'operator',
    previousUsage: 310,
    usage: 320,
    unit: 'kilometers',
    notes: 'Inspection: the bucket teeth are worn',
  });
  expect(fixed.get(N(14))!.content).toBe('Inspection: the bucket teeth are worn');

  // The originals: exactly the entries rewritten, as they were before this migration.
  const originals = await db.query<
    Row & { note_id: string; company_id: string; migration: string }
  >(
    `select note_id, company_id, migration, kind, params, content from equipment_note_original order by note_id`,
  );
  const changedIds = [...fixed.keys()].filter(
    (id) =>
      JSON.stringify(fixed.get(id)!.params) !== JSON.stringify(broken.get(id)!.params) ||
      fixed.get(id)!.content !== broken.get(id)!.content,
  );
  expect(changedIds.sort()).toEqual([1, 2, 3, 4, 8, 9, 13, 14, 15, 17].map(N).sort());
  expect(originals.rows.map((o) => o.note_id)).toEqual(changedIds.sort());
  for (const o of originals.rows) {
    const was = broken.get(o.note_id)!;
    expect({ kind: o.kind, params: parse(o.params), content: o.content }).toEqual({
      kind: was.kind,
      params: was.params,
      content: was.content,
    });
    expect(o).toMatchObject({ company_id: C, migration: 'record_repair' });
  }

  // Its data statements run again (the table is there): nothing changes, no original is added or replaced.
  const dataPart = statementsOf(repair).filter((s) => !/^(CREATE|ALTER) /.test(s));
  for (const s of dataPart) await db.exec(s);
  expect(await entries()).toEqual(fixed);
  const again = await db.query<{ n: number }>(
    `select count(*)::int as n from equipment_note_original`,
  );
  expect(again.rows[0]!.n).toBe(changedIds.length);
});
