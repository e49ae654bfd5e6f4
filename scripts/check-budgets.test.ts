import { describe, expect, it } from 'vitest';
import { ROUTE_TABLES } from '../client/src/app/route-table';
import {
  allBudgets,
  BUDGETS,
  entryFiles,
  measure,
  OTHER_ROUTES_KB,
  report,
  type BudgetRow,
  type Preloads,
  type RouteModules,
} from './check-budgets.mjs';

const indexHtml = `<head>
<script type="module" crossorigin src="/assets/index.js"></script>
<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/react.js">
<link rel="stylesheet" href="/assets/app.css">
</head>`;

const KB = 1024;
/** File sizes in bytes (gzip), as the check would read them from dist/client. */
const sizes: Record<string, number> = {
  '/assets/index.js': 1 * KB,
  '/assets/react.js': 100 * KB,
  '/assets/landing.js': 10 * KB,
  '/assets/pages-en.js': 2 * KB,
  '/assets/pages-es.js': 3 * KB,
  '/assets/big.js': 80 * KB,
};
const sizeOf = (url: string) => {
  const n = sizes[url];
  if (n === undefined) throw new Error(`no size for ${url}`);
  return n;
};
const route = (pattern: string, en: string[], es: string[] = en): [string, RouteModules] => [
  pattern,
  { modules: { en, es }, data: [] },
];
/** The one row of a one-budget measure. */
const only = (rows: BudgetRow[]): BudgetRow => {
  expect(rows).toHaveLength(1);
  return rows[0] as BudgetRow;
};

describe('check-budgets', () => {
  it('reads the entry script and its preloads, not the stylesheet', () => {
    expect(entryFiles(indexHtml)).toEqual(['/assets/index.js', '/assets/react.js']);
    expect(() => entryFiles('<head></head>')).toThrow(/no entry script/);
  });

  it('counts the entry, its imports and the route files once, in the larger language', () => {
    const preloads: Preloads = {
      signedOut: [
        route(
          '*',
          ['/assets/landing.js', '/assets/pages-en.js'],
          ['/assets/landing.js', '/assets/pages-es.js'],
        ),
      ],
    };
    const budgets = [{ name: 'Landing', table: 'signedOut', pattern: '*', kb: 150 }];
    const row = only(measure({ indexHtml, preloads, sizeOf, budgets }));
    expect(row.bytes).toBe((1 + 100 + 10 + 3) * KB);
    expect(row.files).toContain('/assets/pages-es.js');
    expect(report([row]).ok).toBe(true);
  });

  it('fails a route over its budget and says by how much', () => {
    const preloads: Preloads = { manager: [route('/', ['/assets/big.js'])] };
    const budgets = [{ name: 'Dashboard', table: 'manager', pattern: '/', kb: 180 }];
    const row = only(measure({ indexHtml, preloads, sizeOf, budgets }));
    expect(row.bytes).toBe(181 * KB);
    const { ok, text } = report([row]);
    expect(ok).toBe(false);
    expect(text).toMatch(/Dashboard \(\/\)\s+181\.0 KB\s+180 KB\s+OVER by 1\.0 KB/);
  });

  it('skips an optional route until it exists, and refuses a missing required one', () => {
    const preloads: Preloads = { manager: [route('/', [])] };
    const optional = [
      { name: 'Machine page', table: 'manager', pattern: '/machines/:id', kb: 200, optional: true },
    ];
    const row = only(measure({ indexHtml, preloads, sizeOf, budgets: optional }));
    expect(row.bytes).toBeNull();
    expect(report([row]).ok).toBe(true);
    const required = [{ name: 'Login', table: 'signedOut', pattern: '/login', kb: 170 }];
    expect(() => measure({ indexHtml, preloads, sizeOf, budgets: required })).toThrow(
      /no route \/login/,
    );
  });

  it('holds every other route of every table to the ceiling, so a new route is covered', () => {
    const heavy = Array.from({ length: 3 }, (_, i) => `/assets/heavy-${i}.js`);
    for (const f of heavy) sizes[f] = 100 * KB;
    const preloads: Preloads = { manager: [route('/', []), route('/reports', heavy)] };
    const budgets = allBudgets(preloads, [
      { name: 'Dashboard', table: 'manager', pattern: '/', kb: 190 },
    ]);
    expect(budgets.map((b) => [b.pattern, b.kb])).toEqual([
      ['/', 190],
      ['/reports', OTHER_ROUTES_KB],
    ]);
    const { ok, text } = report(measure({ indexHtml, preloads, sizeOf, budgets }));
    expect(ok).toBe(false);
    expect(text).toMatch(/manager \(\/reports\)\s+401\.0 KB\s+300 KB\s+OVER/);
  });

  it('names routes that exist in the route tables (the machine page once it is added)', () => {
    for (const b of BUDGETS) {
      const exists = ROUTE_TABLES[b.table as keyof typeof ROUTE_TABLES].some(
        ([pattern]) => pattern === b.pattern,
      );
      expect(exists || b.optional === true, `${b.name}: ${b.table} ${b.pattern}`).toBe(true);
    }
  });
});
