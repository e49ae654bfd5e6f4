// Types of check-budgets.mjs for its test (scripts/check-budgets.test.ts).
export type Budget = {
  name: string;
  table: string;
  pattern: string;
  kb: number;
  optional?: boolean;
  other?: boolean;
};
export type RouteModules = { modules: Record<string, string[]>; data: string[] };
export type Preloads = Record<string, [string, RouteModules][]>;
export type BudgetRow = Budget & { budget: number; bytes: number | null; files: string[] };

export const BUDGETS: Budget[];
export const OTHER_ROUTES_KB: number;
export function allBudgets(preloads: Preloads, budgets?: Budget[]): Budget[];
export function entryFiles(indexHtml: string): string[];
export function measure(input: {
  indexHtml: string;
  preloads: Preloads;
  sizeOf: (url: string) => number;
  budgets?: Budget[];
}): BudgetRow[];
export function report(rows: BudgetRow[]): { ok: boolean; text: string };
export function measureDist(distDir: string): BudgetRow[];
