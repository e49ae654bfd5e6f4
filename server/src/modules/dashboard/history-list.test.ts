import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { historyEntrySchema } from '@domain/schemas/dashboard';
import { asCompany } from '../../db/scope';
import { createTestApp, type TestApp } from '../../test/helpers';
import { call, signupOwner, type SignedIn } from '../../test/factories';
import { recentHistoryQuery } from './dashboard.service';

/**
 * GET /api/equipment-history (the dashboard's history card) for a big and a small company in one
 * database (issue 43, "Speed"): the same answers as before, and a plan that reads only the page's
 * entries whatever the company's share of the table.
 */
let t: TestApp;
let big: SignedIn;
let small: SignedIn;
const BIG_ENTRIES = 20_000;
const SMALL_ENTRIES = 400;

/** `count` note entries over `machines` machines of the company, one a minute back from now, newest first. */
async function seedCompany(owner: SignedIn, machines: number, count: number) {
  await t.database.ownerSql(
    `insert into equipment (company_id, name, type, unit, current_usage)
     select $1, 'Machine ' || lpad(g::text, 3, '0'), 'machinery', 'hours', 100 from generate_series(1, $2::int) g`,
    [owner.companyId, machines],
  );
  await t.database.ownerSql(
    `insert into equipment_note (company_id, equipment_id, content, type, kind, params, operator_name, created_at)
     select $1, (select id from equipment where company_id = $1 order by name offset (g % $2::int) limit 1),
       'Note ' || g, 'note', 'note', jsonb_build_object('text', 'Note ' || g), 'Op', now() - (g || ' minutes')::interval
     from generate_series(1, $3::int) g`,
    [owner.companyId, machines, count],
  );
}

beforeAll(async () => {
  t = await createTestApp();
  big = await signupOwner(t.app);
  small = await signupOwner(t.app);
  await seedCompany(big, 40, BIG_ENTRIES);
  await seedCompany(small, 4, SMALL_ENTRIES);
  await t.database.ownerSql('analyze');
}, 120_000);
afterAll(async () => {
  await t?.close();
});

/** The plan's nodes, each with the rows it produced per loop. */
function nodesOf(plan: Record<string, unknown>): Record<string, unknown>[] {
  const children = (plan.Plans as Record<string, unknown>[] | undefined) ?? [];
  return [plan, ...children.flatMap(nodesOf)];
}

describe('GET /api/equipment-history', () => {
  it("answers each company's newest entries, newest first, with their machines (both sizes, several limits)", async () => {
    for (const [owner, machines, total] of [
      [big, 40, BIG_ENTRIES],
      [small, 4, SMALL_ENTRIES],
    ] as const)
      for (const limit of [1, 7, 50, 200]) {
        const res = await call(t.app, owner.cookie, 'GET', `/api/equipment-history?limit=${limit}`);
        expect(res.statusCode, res.body).toBe(200);
        const rows = historyEntrySchema.array().parse(res.json());
        expect(rows).toHaveLength(Math.min(limit, total));
        // Entry g is g minutes old, on machine g % machines (by name).
        expect(rows.map((r) => r.text)).toEqual(rows.map((_, i) => `Note ${i + 1}`));
        expect(rows.map((r) => r.equipmentName)).toEqual(
          rows.map((_, i) => `Machine ${String(((i + 1) % machines) + 1).padStart(3, '0')}`),
        );
        for (const r of rows) {
          expect(r).toMatchObject({
            equipmentType: 'machinery',
            unit: 'hours',
            noteType: 'note',
            kind: 'note',
            operatorName: 'Op',
            voided: null,
          });
        }
        expect(rows.map((r) => r.createdAt)).toEqual(
          [...rows.map((r) => r.createdAt)].sort().reverse(),
        );
      }
    // The default limit (100), and nothing of the other company.
    const res = await call(t.app, small.cookie, 'GET', '/api/equipment-history');
    const names = historyEntrySchema
      .array()
      .parse(res.json())
      .map((r) => r.equipmentName);
    expect(names).toHaveLength(100);
    expect(new Set(names)).toEqual(
      new Set(['Machine 001', 'Machine 002', 'Machine 003', 'Machine 004']),
    );
  });

  it("reads only the page's entries, for the small company as for the big one (EXPLAIN ANALYZE, as the app's role)", async () => {
    for (const owner of [small, big])
      for (const limit of [50, 25]) {
        const plan = await asCompany(owner.companyId, async () => {
          const res = await t.deps.db.execute(
            sql`explain (analyze, format json) ${recentHistoryQuery(t.deps.db, owner.companyId, limit)}`,
          );
          const cell = Object.values(
            (res as unknown as { rows: Record<string, unknown>[] }).rows[0]!,
          )[0];
          const doc = (typeof cell === 'string' ? JSON.parse(cell) : cell) as {
            Plan: Record<string, unknown>;
          }[];
          return doc[0]!.Plan;
        });
        const nodes = nodesOf(plan);
        // Before: the small company's every entry (400 here, 5,000 in the benchmark) was read, joined
        // to its machine and sorted, because the planner expected 2 rows.
        const most = Math.max(...nodes.map((n) => Number(n['Actual Rows'])));
        expect(most, JSON.stringify(plan)).toBeLessThanOrEqual(limit);
        expect(Number(plan['Actual Rows'])).toBe(limit);
      }
  });
});
