import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/helpers';
import { call, createEquipmentViaApi, signupOwner } from '../../test/factories';
import { expectQueriesPerBatch, streamedExport } from '../../test/exports';
import { FUEL_EXPORT_BATCH, HISTORY_EXPORT_BATCH } from './exports.service';

/**
 * The history export (GET /api/equipment-history/export) is streamed in batches (issue 43, "Speed"):
 * every entry once, newest first, entries written in one instant in the order they were written, across
 * batch boundaries that fall between entries microseconds apart.
 */
const t = useTestApp();

describe('GET /api/equipment-history/export, streamed', () => {
  it('answers every entry once, newest first, read in batches, chunked', async () => {
    const o = await signupOwner(t.app);
    const m = await createEquipmentViaApi(t.app, o.cookie, { name: 'Exported Loader' });
    const count = HISTORY_EXPORT_BATCH * 2 + 300;
    // Three entries per instant (ties told apart by seq), instants 0.37 ms apart (microseconds).
    await t.database.ownerSql(
      `insert into equipment_note (company_id, equipment_id, content, type, kind, params, operator_name, created_at)
       select $1, $2, 'Note ' || g, 'note', 'note', jsonb_build_object('text', 'Note ' || g), 'Op',
         timestamptz '2026-06-01 12:00:00+00' - ((g / 3) * interval '370 microseconds')
       from generate_series(1, $3::int) g`,
      [o.companyId, m.id, count],
    );
    const { rows, queries } = await streamedExport<{
      id: string;
      text: string;
      equipmentName: string;
      unit: string;
    }>(t, o, '/api/equipment-history/export');
    // The seeded notes and the machine's own first entry (its creation).
    expect(rows).toHaveLength(count + 1);
    expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
    // Newest first: the machine's creation (today), then the notes by instant (g / 3, rounded down),
    // each instant's notes the last written first.
    const seeded = rows.slice(1).map((r) => Number(r.text.replace('Note ', '')));
    const expected = Array.from({ length: count }, (_, i) => i + 1).sort(
      (a, b) => Math.floor(a / 3) - Math.floor(b / 3) || b - a,
    );
    expect(seeded).toEqual(expected);
    expect(rows[0]!.equipmentName).toBe('Exported Loader');
    expect(rows.every((r) => r.unit === 'hours')).toBe(true);
    expectQueriesPerBatch(queries, count + 1, HISTORY_EXPORT_BATCH);
  });

  it('streams the fuel export too: every applied fuel entry once, newest first, in batches', async () => {
    const o = await signupOwner(t.app);
    const m = await createEquipmentViaApi(t.app, o.cookie, { name: 'Fuel Truck' });
    const count = FUEL_EXPORT_BATCH + 250;
    // Pairs of entries in one instant (told apart by id), instants 0.37 ms apart; every tenth voided,
    // every seventh without fuel: neither is exported.
    await t.database.ownerSql(
      `insert into operator_update (company_id, equipment_id, equipment_name, operator_name, new_usage, fuel_added,
         fuel_type, notes, status, voided_at, created_at)
       select $1, $2, 'Fuel Truck', 'Op', 100 + g, case when g % 7 = 0 then 0 else g end, 'diesel', 'n' || g, 'applied',
         case when g % 10 = 0 then now() else null end,
         timestamptz '2026-06-01 12:00:00+00' - ((g / 2) * interval '370 microseconds')
       from generate_series(1, $3::int) g`,
      [o.companyId, m.id, count],
    );
    const res = await call(t.app, o.cookie, 'GET', '/api/fuel-usage/export');
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['transfer-encoding']).toBe('chunked');
    const rows = res.json<{ notes: string; fuelAdded: number; date: string; retired: boolean }[]>();
    const expected = Array.from({ length: count }, (_, i) => i + 1).filter(
      (g) => g % 7 !== 0 && g % 10 !== 0,
    );
    expect(rows).toHaveLength(expected.length);
    // Newest first; in one instant the order is by id (random), so compare each instant's set.
    const instants = (list: number[]) => list.map((g) => Math.floor(g / 2));
    const got = rows.map((r) => Number(r.notes.slice(1)));
    expect(new Set(got).size).toBe(got.length);
    expect(instants(got)).toEqual(instants([...expected].sort((a, b) => a - b)));
    expect(rows.every((r) => r.fuelAdded > 0 && !r.retired)).toBe(true);
  });
});
