import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asCompany, asSystem } from './scope';
import { createTestApp, type TestApp } from '../test/helpers';
import { multipartBody } from '../test/multipart';
import {
  addSignedInUser,
  call,
  createEquipmentViaApi,
  signupOwner,
  type SignedIn,
} from '../test/factories';

/**
 * Row-level security (docs/decisions/row-level-security.md): a query that forgets its company filter
 * still sees only the request's company, on PGlite and on PostgreSQL (TEST_DB=postgres).
 */
let t: TestApp;
/** Tables with a company_id column, and company itself (the tenant). */
let tenantTables: string[] = [];

type Rows = { company_id: string | null }[];
const rowsOf = (r: unknown): Rows => (Array.isArray(r) ? r : (r as { rows: Rows }).rows) as Rows;

beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      // Two connections: requests of two companies take turns on the same pooled connections.
      poolSize: 2,
      routes: (app, deps) => {
        // A deliberately unscoped query in a signed-in request: no company filter at all.
        app.get('/api/test/unscoped', { config: { access: 'authenticated' } }, async () => {
          const out: Record<string, (string | null)[]> = {};
          for (const table of tenantTables) {
            const column = table === 'company' ? 'id' : 'company_id';
            const r = await deps.db.execute(
              sql`select ${sql.identifier(column)}::text as company_id from ${sql.identifier(table)}`,
            );
            out[table] = rowsOf(r).map((x) => x.company_id);
          }
          return out;
        });
        // The same in a public route (nobody signed in): nothing at all.
        app.get('/api/test/unscoped-public', { config: { access: 'public' } }, async () => {
          const r = await deps.db.execute(sql`select company_id::text from equipment`);
          return { equipment: rowsOf(r).map((x) => x.company_id) };
        });
      },
    },
  );
  const r = await t.deps.systemDb.execute(
    sql`select table_name::text as name from information_schema.columns
        where table_schema = 'public' and column_name = 'company_id' order by 1`,
  );
  tenantTables = ['company', ...rowsOf(r).map((x) => (x as unknown as { name: string }).name)];
});
afterAll(async () => {
  await t?.close();
});

async function companyWithData(): Promise<SignedIn> {
  const owner = await signupOwner(t.app);
  const m = await createEquipmentViaApi(t.app, owner.cookie);
  await createEquipmentViaApi(t.app, owner.cookie);
  // A document (issue 42): its row, its bytes' chunk and its machine link.
  const { payload, headers } = multipartBody(
    { title: 'Manual', category: 'manual' },
    { name: 'manual.pdf', bytes: Buffer.from('%PDF-1.7\nmanual') },
  );
  const doc = await t.app.inject({
    method: 'POST',
    url: `/api/equipment/${m.id}/documents`,
    payload,
    headers: { ...headers, cookie: owner.cookie },
  });
  if (doc.statusCode !== 201) throw new Error(`document upload failed: ${doc.body}`);
  return owner;
}

describe('row-level security', () => {
  it('is enabled, forced and has a policy on every table with a company_id (and company)', async () => {
    expect(tenantTables).toEqual(
      expect.arrayContaining([
        'company',
        'user',
        'equipment',
        'equipment_note',
        'operator_update',
        'document',
        'document_chunk',
        'document_machine',
      ]),
    );
    const r = await t.deps.systemDb.execute(
      sql`select c.relname::text as name, c.relrowsecurity as enabled, c.relforcerowsecurity as forced,
                 (select count(*)::int from pg_policy p where p.polrelid = c.oid) as policies
          from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relkind = 'r'`,
    );
    const byName = new Map(
      (
        rowsOf(r) as unknown as {
          name: string;
          enabled: boolean;
          forced: boolean;
          policies: number;
        }[]
      ).map((x) => [x.name, x]),
    );
    for (const table of tenantTables) {
      expect(byName.get(table), table).toMatchObject({ enabled: true, forced: true });
      expect(byName.get(table)?.policies, table).toBeGreaterThan(0);
    }
  });

  it("runs the app's queries as a role that does not bypass it", async () => {
    const r = await asCompany('00000000-0000-0000-0000-000000000000', () =>
      t.deps.db.execute(
        sql`select current_user::text as who, (select rolbypassrls or rolsuper from pg_roles where rolname = current_user) as bypass`,
      ),
    );
    expect(rowsOf(r)[0]).toEqual({ who: 'ems_app', bypass: false });
  });

  it("an unscoped query in a signed-in request returns the request's company only, never another's", async () => {
    const a = await companyWithData();
    const b = await companyWithData();
    // The other company exists in every table this test can fill.
    const all = await t.deps.systemDb.execute(sql`select distinct company_id::text from equipment`);
    expect(rowsOf(all).map((x) => x.company_id)).toEqual(
      expect.arrayContaining([a.companyId, b.companyId]),
    );
    for (const who of [a, b]) {
      const res = await call(t.app, who.cookie, 'GET', '/api/test/unscoped');
      expect(res.statusCode, res.body).toBe(200);
      const seen = res.json<Record<string, (string | null)[]>>();
      expect(seen.equipment).toHaveLength(2);
      for (const table of ['document', 'document_chunk', 'document_machine'])
        expect(seen[table], table).toEqual([who.companyId]);
      expect(seen.company).toEqual([who.companyId]);
      expect(seen.user?.length).toBeGreaterThan(0);
      for (const [table, ids] of Object.entries(seen))
        for (const id of ids) expect(id, table).toBe(who.companyId);
    }
    const pub = await call(t.app, null, 'GET', '/api/test/unscoped-public');
    expect(pub.json()).toEqual({ equipment: [] });
  });

  it("a pooled connection never carries one request's company into another request or into unscoped code", async () => {
    const a = await companyWithData();
    const b = await companyWithData();
    // Many requests of both companies at once on a pool of two connections.
    const calls = Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? a : b));
    const answers = await Promise.all(
      calls.map(async (who) => ({
        who,
        res: await call(t.app, who.cookie, 'GET', '/api/test/unscoped'),
      })),
    );
    for (const { who, res } of answers) {
      expect(res.statusCode, res.body).toBe(200);
      const seen = res.json<Record<string, string[]>>();
      expect(seen.company).toEqual([who.companyId]);
      expect(new Set(seen.equipment)).toEqual(new Set([who.companyId]));
    }
    // After them, code outside any request (no scope) sees no company's rows on those connections.
    for (let i = 0; i < 4; i++) {
      const r = await t.deps.db.execute(sql`select company_id::text from equipment`);
      expect(rowsOf(r)).toEqual([]);
    }
    // A failed transaction does not leave its scope behind either.
    await expect(
      asCompany(a.companyId, () =>
        t.deps.db.transaction(async (tx) => {
          await tx.execute(sql`select 1`);
          throw new Error('rolled back');
        }),
      ),
    ).rejects.toThrow('rolled back');
    const after = await t.deps.db.execute(sql`select company_id::text from equipment`);
    expect(rowsOf(after)).toEqual([]);
  });

  it('refuses to write a row for another company, and the system path sees every company', async () => {
    const a = await companyWithData();
    const b = await companyWithData();
    await expect(
      asCompany(a.companyId, () =>
        t.deps.db.execute(
          sql`update equipment set name = 'taken' where company_id = ${b.companyId}::uuid returning id`,
        ),
      ).then((r) => rowsOf(r).length),
    ).resolves.toBe(0);
    await expect(
      asCompany(a.companyId, () =>
        t.deps.db.execute(
          sql`insert into equipment_version (company_id, version) values (${b.companyId}::uuid, 1)`,
        ),
      ),
    ).rejects.toThrow();
    const seen = await asSystem(() =>
      t.deps.db.execute(
        sql`select distinct company_id::text from equipment where company_id in (${a.companyId}::uuid, ${b.companyId}::uuid)`,
      ),
    );
    expect(rowsOf(seen)).toHaveLength(2);
  });

  it('a platform admin and an operator are scoped as documented', async () => {
    const a = await companyWithData();
    const admin = await addSignedInUser(t.deps.systemDb, 'platform_admin', null, {});
    const res = await call(t.app, admin.cookie, 'GET', '/api/test/unscoped');
    // The platform admin works across companies (the accounts list): the system scope.
    expect(res.json<Record<string, string[]>>().company).toEqual(
      expect.arrayContaining([a.companyId]),
    );
    const op = await addSignedInUser(t.deps.systemDb, 'operator', a.companyId, {});
    const opRes = await call(t.app, op.cookie, 'GET', '/api/test/unscoped');
    expect(opRes.json<Record<string, string[]>>().company).toEqual([a.companyId]);
  });

  it("ownerSql runs as the owner, outside row-level security (for a job queue's own schema)", async () => {
    const who = await t.database.ownerSql('select current_user::text as who');
    expect(who.rows).not.toEqual([{ who: 'ems_app' }]);
    const made = await t.database.ownerSql(
      'create schema if not exists rls_owner_test; create table if not exists rls_owner_test.t (n int); insert into rls_owner_test.t values (1)',
    );
    expect(made.rowCount).toBe(1);
    // ...and the app's connections are back on the app role afterwards.
    const r = await asCompany('00000000-0000-0000-0000-000000000000', () =>
      t.deps.db.execute(sql`select current_user::text as who`),
    );
    expect(rowsOf(r)[0]).toEqual({ who: 'ems_app' });
  });
});
