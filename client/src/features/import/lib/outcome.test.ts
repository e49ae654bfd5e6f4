import { describe, expect, it } from 'vitest';
import {
  importableCount,
  impliedUnitOf,
  mappingProblemOf,
  rowsForServer,
  skippedByWhy,
  type Outcome,
} from './outcome';
import type { Sheet } from './read-file';

const sheet: Sheet = {
  headers: ['Unit #', 'Make', 'Hours', 'Notes'],
  rows: [
    ['12', 'Kubota', 480.5, 'ok'],
    ['14', 'Deere', null, null],
  ],
  lines: [2, 4],
};

describe('the import wizard rules', () => {
  it('asks for a naming column for machines, a machine and a date for history, and no field twice', () => {
    expect(mappingProblemOf('equipment', [null, null, 'currentUsage', null])).toEqual({
      key: 'columns.needName',
    });
    expect(mappingProblemOf('equipment', ['fleetNumber', 'make', 'currentUsage', null])).toBeNull();
    expect(mappingProblemOf('equipment', ['name', 'name', null, null])).toEqual({
      key: 'columns.duplicate',
      field: 'name',
    });
    expect(mappingProblemOf('history', ['machine', null])).toEqual({ key: 'columns.needDate' });
    expect(mappingProblemOf('history', ['date', null])).toEqual({ key: 'columns.needMachine' });
  });

  it('takes the unit from a usage header that names it, only when no Unit column is matched', () => {
    const mapping = ['fleetNumber', 'make', 'currentUsage', 'description'];
    expect(impliedUnitOf('equipment', sheet, mapping)).toBe('hours');
    expect(
      impliedUnitOf('equipment', sheet, ['fleetNumber', 'make', 'currentUsage', 'unit']),
    ).toBeNull();
    expect(impliedUnitOf('history', sheet, mapping)).toBeNull();
  });

  it('sends one object per row keyed by the matched fields, with the implied unit where there is usage', () => {
    expect(
      rowsForServer('equipment', sheet, ['fleetNumber', 'make', 'currentUsage', null]),
    ).toEqual([
      { fleetNumber: '12', make: 'Kubota', currentUsage: 480.5, unit: 'hours' },
      { fleetNumber: '14', make: 'Deere', currentUsage: null },
    ]);
  });

  it('counts what an import writes and what it leaves out, by why', () => {
    const outcome: Outcome = {
      rows: [],
      counts: { add: 3, update: 1, unchanged: 2, error: 1, overLimit: 0, reading: 9 },
      imported: true,
    };
    expect(importableCount('equipment', outcome)).toBe(4);
    expect(importableCount('history', outcome)).toBe(9);
    expect(importableCount('equipment', null)).toBe(0);
    expect(skippedByWhy(outcome)).toEqual([
      ['error', 1],
      ['unchanged', 2],
    ]);
  });
});
