import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { PreparedStatements } from './pglite-prepared';
import { asCompany } from './scope';

// Whichever database the other tests use (TEST_DB): these open their own embedded databases.
describe('PGlite named prepared statements', () => {
  let pg: PGlite;
  beforeAll(async () => {
    pg = await PGlite.create();
    await pg.exec(`create table item (id int primary key, name text not null, at timestamptz, n numeric);
      insert into item values (1, 'one', '2026-11-20T10:00:00Z', 1.5), (2, 'two', null, null)`);
  });
  afterAll(() => pg.close());

  it('answers what PGlite.query answers: rows, fields, affected rows, array rows and parsers', async () => {
    const statements = new PreparedStatements(pg);
    const text = 'select id, name, at, n from item where id >= $1 order by id';
    for (const options of [
      undefined,
      { rowMode: 'array' as const },
      { parsers: { 1184: (v: string) => `<${v}>` } },
    ]) {
      const kept = await statements.query(text, [1], options);
      const plain = await pg.query(text, [1], options);
      expect(kept.rows).toEqual(plain.rows);
      expect(kept.fields).toEqual(plain.fields);
    }
    const upd = 'update item set name = name where id = any($1::int[])';
    expect((await statements.query(upd, [[1, 2]])).affectedRows).toBe(2);
    expect((await statements.query(upd, [[2]])).affectedRows).toBe(1);
    // Prepared once, run four times.
    expect(statements.size).toBe(2);
  });

  it('gives back the database error with its code and query, and keeps working after it', async () => {
    const statements = new PreparedStatements(pg);
    const insert = 'insert into item (id, name) values ($1, $2)';
    await expect(statements.query(insert, [1, 'again'])).rejects.toMatchObject({
      code: '23505',
      query: insert,
      params: [1, 'again'],
    });
    await expect(statements.query('selec 1', [])).rejects.toMatchObject({ code: '42601' });
    expect(statements.size).toBe(1); // the statement that did not parse is not kept
    await statements.query(insert, [3, 'three']);
    expect((await pg.query('select name from item where id = 3')).rows).toEqual([
      { name: 'three' },
    ]);
    await pg.query('delete from item where id = 3');
  });

  it('closes the least recently used statement beyond its size, and prepares it again when needed', async () => {
    const statements = new PreparedStatements(pg, 2);
    const texts = ['select 1 + $1::int as v', 'select 2 + $1::int as v', 'select 3 + $1::int as v'];
    for (const t of texts) await statements.query(t, [1]);
    expect(statements.size).toBe(2);
    const open = await pg.query<{ statement: string }>(
      'select statement from pg_prepared_statements where statement = any($1::text[]) order by statement',
      [texts],
    );
    // Closed on the connection too, not only forgotten.
    expect(open.rows.map((r) => r.statement)).toEqual([texts[1], texts[2]]);
    expect((await statements.query<{ v: number }>(texts[0]!, [5])).rows).toEqual([{ v: 6 }]);
  });

  it('prepares a statement again when its table changed under it', async () => {
    const statements = new PreparedStatements(pg);
    const text = 'select * from item where id = $1';
    expect(Object.keys((await statements.query<object>(text, [1])).rows[0]!)).not.toContain(
      'extra',
    );
    await pg.exec(`alter table item add column extra text default 'x'`);
    expect((await statements.query<{ extra: string }>(text, [1])).rows[0]?.extra).toBe('x');
  });

  it("the app's embedded database runs its statements prepared, in the caller's company scope", async () => {
    const database = await openDatabase({ dataDir: 'memory://' });
    try {
      const company = '7f1b0c2e-0000-4000-8000-000000000001';
      const seen = await asCompany(company, () =>
        database.db.execute(
          sql`select current_user as who, current_setting('app.company_id') as company, ${'x'}::text as param`,
        ),
      );
      expect((seen as unknown as { rows: unknown[] }).rows).toEqual([
        { who: 'ems_app', company, param: 'x' },
      ]);
      const kept = await database.ownerSql(
        "select statement from pg_prepared_statements where name like 'ems\\_%' and statement like '%current_user as who%'",
      );
      expect(kept.rows).toHaveLength(1);
    } finally {
      await database.close();
    }
  });
});
