import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { companyDataVersion } from '../lib/read-cache';
import { createEquipmentViaApi, signupOwner } from '../test/factories';
import { useTestApp } from '../test/helpers';
import { asCompany } from './scope';

/**
 * The company's data version (migration 0030, schema/company.ts companyDataVersion): moved once by every
 * transaction that wrote a row of the company, when it commits, whoever wrote it, so answers kept in
 * memory (plugins/cached-read.ts) are exact on PostgreSQL, where other app servers write too. On PGlite
 * and (TEST_DB=postgres) PostgreSQL.
 */
const t = useTestApp();

type Row = Record<string, unknown>;
const rowsOf = (r: unknown): Row[] => (Array.isArray(r) ? r : (r as { rows: Row[] }).rows);

async function stored(companyId: string): Promise<number> {
  const r = await t.deps.database.ownerSql(
    'select version from company_data_version where company_id = $1',
    [companyId],
  );
  return Number((r.rows[0] as { version?: string | number } | undefined)?.version ?? 0);
}

describe('company data version', () => {
  it('has its deferred trigger on the company and on every table with a company_id', async () => {
    const r = await t.deps.systemDb.execute(sql`
      select tb.table_name::text as name,
             exists (select 1 from pg_trigger g
                     where g.tgrelid = format('public.%I', tb.table_name)::regclass
                       and g.tgname = 'company_data_changed' and g.tgdeferrable and g.tginitdeferred)
               as has_trigger
      from information_schema.tables tb
      where tb.table_schema = 'public' and tb.table_type = 'BASE TABLE'
        and (tb.table_name = 'company' or exists (
          select 1 from information_schema.columns c
          where c.table_schema = 'public' and c.table_name = tb.table_name and c.column_name = 'company_id'))
        and tb.table_name <> 'company_data_version'
      order by 1`);
    const tables = rowsOf(r) as { name: string; has_trigger: boolean }[];
    expect(tables.map((x) => x.name)).toEqual(
      expect.arrayContaining([
        'company',
        'equipment',
        'operator_update',
        'fuel_price',
        'work_order',
      ]),
    );
    expect(tables.filter((x) => !x.has_trigger).map((x) => x.name)).toEqual([]);
  });

  it('moves once per committed transaction of the company, not for a rolled back one nor for another company', async () => {
    const a = await signupOwner(t.app);
    const b = await signupOwner(t.app);
    const startA = await stored(a.companyId);
    const startB = await stored(b.companyId);
    expect(startA).toBeGreaterThan(0); // the sign-up wrote the company

    await createEquipmentViaApi(t.app, a.cookie);
    const afterOne = await stored(a.companyId);
    expect(afterOne).toBeGreaterThan(startA);
    expect(await stored(b.companyId)).toBe(startB);

    // One transaction writing 50 rows, outside the app (as another app server would): once.
    await t.deps.database.ownerSql(`
      begin;
      insert into fuel_price (company_id, fuel_type, price, volume_unit, "from")
        select '${a.companyId}', 'diesel', 3 + g / 100.0, 'gal', date '2026-01-01' + g
        from generate_series(1, 50) g;
      update fuel_price set price = price + 1 where company_id = '${a.companyId}';
      commit;`);
    expect(await stored(a.companyId)).toBe(afterOne + 1);

    // Rolled back: nothing changed, the version neither.
    await t.deps.database.ownerSql(`
      begin;
      delete from fuel_price where company_id = '${a.companyId}';
      rollback;`);
    expect(await stored(a.companyId)).toBe(afterOne + 1);
    expect(await stored(b.companyId)).toBe(startB);

    // PostgreSQL's read cache reads this stored version; the embedded database counts its own writes.
    if (t.deps.database.kind === 'postgres') {
      expect(await companyDataVersion(t.deps.database, a.companyId)).toBe(String(afterOne + 1));
    } else {
      expect(t.deps.database.storedDataVersion).toBeUndefined();
      expect(await companyDataVersion(t.deps.database, a.companyId)).toEqual(expect.any(String));
    }
  });

  it("lets the app role read its own company's version only, and not move it by hand for another", async () => {
    const a = await signupOwner(t.app);
    const b = await signupOwner(t.app);
    const seen = await asCompany(a.companyId, async () =>
      rowsOf(
        await t.deps.db.execute(sql`select company_id::text as id from company_data_version`),
      ).map((x) => x.id),
    );
    expect(seen).toEqual([a.companyId]);
    const before = await stored(b.companyId);
    await asCompany(a.companyId, () =>
      t.deps.db.execute(
        sql`update company_data_version set version = 0 where company_id = ${b.companyId}::uuid`,
      ),
    );
    expect(await stored(b.companyId)).toBe(before);
  });
});
