import { describe, expect, it } from 'vitest';
import type { InspectionDto } from '@domain/schemas/inspections';
import { useTestApp } from '../../test/helpers';
import { createEquipmentViaApi, signupOwner } from '../../test/factories';
import { expectQueriesPerBatch, streamedExport } from '../../test/exports';
import { INSPECTION_EXPORT_BATCH } from './inspections-export';

/**
 * The inspections export (GET /api/inspections/export) is streamed in batches (issue 43, "Speed"):
 * every inspection of the company once, newest first (one instant's in id order), across batch
 * boundaries inside an instant. HTTP-level on PGlite and (TEST_DB=postgres) PostgreSQL.
 */
const t = useTestApp();

describe('GET /api/inspections/export, streamed', () => {
  it('answers a large history complete, newest first, read in batches, chunked', async () => {
    const o = await signupOwner(t.app);
    const other = await signupOwner(t.app);
    const m = await createEquipmentViaApi(t.app, o.cookie, { name: 'Inspected Loader' });
    const theirs = await createEquipmentViaApi(t.app, other.cookie, { name: 'Not mine' });
    const count = INSPECTION_EXPORT_BATCH * 2 + 120;
    // Three inspections an instant (told apart by id), instants 0.37 ms apart (microseconds).
    const seed = `insert into inspection (company_id, equipment_id, template_name, operator_name, answers,
         failed_count, created_at)
       select $1, $2, 'Daily ' || g, 'Op', '[]'::jsonb, g % 4,
         timestamptz '2026-06-01 12:00:00+00' - ((g / 3) * interval '370 microseconds')
       from generate_series(1, $3::int) g`;
    await t.database.ownerSql(seed, [o.companyId, m.id, count]);
    await t.database.ownerSql(seed, [other.companyId, theirs.id, 4]);

    const { rows, queries } = await streamedExport<InspectionDto>(t, o, '/api/inspections/export');
    expect(rows).toHaveLength(count);
    const { rows: one } = await t.database.ownerSql(
      `select id from inspection where company_id = $1 order by created_at desc, id desc`,
      [o.companyId],
    );
    expect(rows.map((r) => r.id)).toEqual((one as { id: string }[]).map((r) => r.id));
    // Newest first: by instant (g / 3, rounded down); every seeded one once.
    const got = rows.map((r) => Number(r.templateName.replace('Daily ', '')));
    expect(new Set(got).size).toBe(count);
    const instants = got.map((g) => Math.floor(g / 3));
    expect(instants).toEqual([...instants].sort((a, b) => a - b));
    expect(rows.every((r) => r.equipmentName === 'Inspected Loader')).toBe(true);
    expectQueriesPerBatch(queries, count, INSPECTION_EXPORT_BATCH);
  });
});
