import { describe, expect, it } from 'vitest';
import { matchesSearch } from './equipment-search';

const loader = { name: 'CAT 950 Loader', type: 'machinery', serialNumber: 'SN-77A' };

describe('matchesSearch (the server listings and the phone picker, also offline)', () => {
  it('matches part of the name, serial number or type, whatever the case; an empty search matches all', () => {
    const none = new Set<string>();
    expect(matchesSearch(loader, '', none)).toBe(true);
    expect(matchesSearch(loader, '950 lo', none)).toBe(true);
    expect(matchesSearch(loader, 'sn-77', none)).toBe(true);
    expect(matchesSearch(loader, 'machin', none)).toBe(true);
    expect(matchesSearch(loader, 'truck', none)).toBe(false);
    expect(matchesSearch({ ...loader, serialNumber: null }, 'sn-77', none)).toBe(false);
  });

  it('matches the types whose translated label contains the search ("maquinaria")', () => {
    expect(matchesSearch(loader, 'maquinaria', new Set(['machinery']))).toBe(true);
    expect(matchesSearch(loader, 'maquinaria', new Set(['vehicle']))).toBe(false);
  });
});
