import { describe, expect, it } from 'vitest';
import { ROUTE_TABLES } from '../route-table';
import { titleKeyFor } from './nav-items';

describe('titleKeyFor', () => {
  it('names every page, not "Dashboard" for a machine, its sticker, labels or checkout', () => {
    expect(titleKeyFor('/machines/0b6f5c0e-1d1e-4f57-9b7a-4c1b6f0c1a11', 'owner')).toBe(
      'titles.machine',
    );
    expect(titleKeyFor('/m/0b6f5c0e-1d1e-4f57-9b7a-4c1b6f0c1a11', 'manager')).toBe(
      'titles.machine',
    );
    expect(titleKeyFor('/labels', 'owner')).toBe('titles.printLabels');
    expect(titleKeyFor('/checkout/cs_test_1', 'owner')).toBe('titles.checkout');
    expect(titleKeyFor('/', 'owner')).toBe('titles.dashboard');
    expect(titleKeyFor('/add', 'owner')).toBe('titles.addEquipment');
    expect(titleKeyFor('/add', 'manager', '?edit=0b6f5c0e')).toBe('titles.editEquipment');
    expect(titleKeyFor('/add-equipment', 'owner', '?edit=0b6f5c0e')).toBe('titles.editEquipment');
    expect(titleKeyFor('/add-equipment', 'owner')).toBe('titles.addEquipment');
    // An operator's sticker link opens the operator screen.
    expect(titleKeyFor('/m/abc', 'operator')).toBe('titles.equipmentUpdates');
  });

  it('titles every page of the manager’s route table by its own name (only / is the dashboard)', () => {
    for (const [pattern, page] of ROUTE_TABLES.manager) {
      if (pattern === '/' || pattern === '*') continue;
      const path = pattern.replace(/:[a-zA-Z]+/g, 'x1');
      expect(titleKeyFor(path, 'owner'), `${pattern} (${page})`).not.toBe('titles.dashboard');
    }
  });
});
