import { unitOfHeader, type Cell } from '@domain/import';
import type { ImportIssue } from '@domain/schemas/import';
import type { Sheet } from './read-file';
import type { ImportKind } from './template';

/** One preview row, equipment or history alike. */
export type ShownRow = {
  row: number;
  label: string;
  date?: string | null;
  action: string;
  changes?: string[];
  issues: ImportIssue[];
  /** What was assumed (no Type column: Other). */
  notes?: ImportIssue[];
};

/** The server's answer to a preview or an import, as the wizard shows it. */
export type Outcome = {
  rows: ShownRow[];
  counts: Record<string, number>;
  imported: boolean;
  limit?: { count: number; limit: number; room: number };
};

/** Row verdicts that need the manager's eye ("Only rows with problems"). */
export const PROBLEM_ACTIONS: ReadonlySet<string> = new Set(['error', 'overLimit', 'held']);

/** Why an import leaves a row out, in the order the finish screen lists them. */
export const SKIPPED_ACTIONS = ['error', 'overLimit', 'held', 'unchanged'] as const;
export type SkippedAction = (typeof SKIPPED_ACTIONS)[number];

/** How many rows an import would write (equipment: added or updated; history: readings and services). */
export function importableCount(kind: ImportKind, outcome: Outcome | null): number {
  if (!outcome) return 0;
  const c = outcome.counts;
  return kind === 'equipment'
    ? (c.add ?? 0) + (c.update ?? 0)
    : (c.reading ?? 0) + (c.service ?? 0);
}

/** The rows left out, by why, only the reasons that happened. */
export function skippedByWhy(outcome: Outcome): [SkippedAction, number][] {
  return SKIPPED_ACTIONS.map((a) => [a, outcome.counts[a] ?? 0] as [SkippedAction, number]).filter(
    ([, c]) => c > 0,
  );
}

/** What is wrong with the column matching, as a message key of the import namespace and its values. */
export type MappingProblem = { key: string; field?: string };

export function mappingProblemOf(
  kind: ImportKind,
  mapping: readonly (string | null)[],
): MappingProblem | null {
  const used = mapping.filter((m): m is string => !!m);
  const twice = used.find((m, i) => used.indexOf(m) !== i);
  if (twice) return { key: 'columns.duplicate', field: twice };
  // A sheet with no Name column is named by its fleet number, year, make and model.
  const naming = ['name', 'fleetNumber', 'make', 'model'];
  if (kind === 'equipment' && !used.some((m) => naming.includes(m)))
    return { key: 'columns.needName' };
  if (kind === 'history' && !used.includes('machine')) return { key: 'columns.needMachine' };
  if (kind === 'history' && !used.includes('date')) return { key: 'columns.needDate' };
  return null;
}

/** No Unit column: a usage column whose header names its unit ("Hours", "Km") says it for every row. */
export function impliedUnitOf(
  kind: ImportKind,
  sheet: Sheet,
  mapping: readonly (string | null)[],
): string | null {
  if (kind !== 'equipment' || mapping.includes('unit')) return null;
  const usageColumn = mapping.indexOf('currentUsage');
  return usageColumn < 0 ? null : unitOfHeader(sheet.headers[usageColumn] ?? '');
}

/** The sheet's rows as the API takes them: one object per row, keyed by the matched fields. */
export function rowsForServer(
  kind: ImportKind,
  sheet: Sheet,
  mapping: readonly (string | null)[],
): Record<string, Cell>[] {
  const impliedUnit = impliedUnitOf(kind, sheet, mapping);
  return sheet.rows.map((cells) => {
    const out: Record<string, Cell> = {};
    mapping.forEach((field, i) => {
      if (field) out[field] = cells[i] ?? null;
    });
    if (impliedUnit && String(out.currentUsage ?? '').trim() !== '') out.unit = impliedUnit;
    return out;
  });
}
