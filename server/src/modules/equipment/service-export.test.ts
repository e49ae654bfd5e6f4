import { describe, expect, it } from 'vitest';
import type { ServiceEntryDto } from '@domain/schemas/equipment';
import { useTestApp } from '../../test/helpers';
import { createEquipmentViaApi, signupOwner } from '../../test/factories';
import { expectQueriesPerBatch, streamedExport } from '../../test/exports';
import { SERVICE_EXPORT_BATCH } from './service-export';

/**
 * The service log export (GET /api/service-entries/export) is streamed in batches (issue 43, "Speed"):
 * every unvoided service entry once, in the order one query gives (service date newest first, an entry
 * without a date first, then newest written, then id), across batch boundaries that fall inside a
 * date and inside an instant. HTTP-level on PGlite and (TEST_DB=postgres) PostgreSQL.
 */
const t = useTestApp();

describe('GET /api/service-entries/export, streamed', () => {
  it('answers a large log complete, in the log’s order, read in batches, chunked', async () => {
    const o = await signupOwner(t.app);
    const other = await signupOwner(t.app);
    const m = await createEquipmentViaApi(t.app, o.cookie, { name: 'Serviced Loader' });
    const theirs = await createEquipmentViaApi(t.app, other.cookie, { name: 'Not mine' });
    const count = SERVICE_EXPORT_BATCH * 2 + 150;
    // Ten entries a service date (every 25th without one), pairs written in one instant (0.37 ms
    // apart); every 13th voided: not exported.
    const seed = `insert into equipment_note (company_id, equipment_id, content, type, kind, params, operator_name,
         service_date, cost, created_at, voided_at)
       select $1, $2, 'Service ' || g, 'maintenance', 'service', '{}'::jsonb, 'Op',
         case when g % 25 = 0 then null else date '2026-05-01' - (g / 10) end, g,
         timestamptz '2026-06-01 12:00:00+00' - ((g / 2) * interval '370 microseconds'),
         case when g % 13 = 0 then now() else null end
       from generate_series(1, $3::int) g`;
    await t.database.ownerSql(seed, [o.companyId, m.id, count]);
    await t.database.ownerSql(seed, [other.companyId, theirs.id, 5]);

    const { rows, queries } = await streamedExport<ServiceEntryDto>(
      t,
      o,
      '/api/service-entries/export',
    );

    // The same entries in the same order as one query in the service log's order (before streaming).
    const { rows: one } = await t.database.ownerSql(
      `select id from equipment_note where company_id = $1 and type = 'maintenance' and voided_at is null
       order by service_date desc, created_at desc, id desc`,
      [o.companyId],
    );
    const expected = Array.from({ length: count }, (_, i) => i + 1).filter((g) => g % 13 !== 0);
    expect(rows).toHaveLength(expected.length);
    expect(rows.map((r) => r.id)).toEqual((one as { id: string }[]).map((r) => r.id));
    expect(new Set(rows.map((r) => r.cost)).size).toBe(rows.length);
    // Undated entries first (their date shown as the day they were written), then dates newest first.
    const undated = expected.filter((g) => g % 25 === 0).length;
    expect(rows.slice(0, undated).every((r) => r.serviceDate === '2026-06-01')).toBe(true);
    const dates = rows.slice(undated).map((r) => r.serviceDate);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(rows.every((r) => r.equipmentName === 'Serviced Loader' && !r.retired)).toBe(true);
    expectQueriesPerBatch(queries, expected.length, SERVICE_EXPORT_BATCH);
  });
});
