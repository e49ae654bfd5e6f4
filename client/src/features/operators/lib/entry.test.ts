import { describe, expect, it } from 'vitest';
import { checkEntry, parseAmount } from './entry';

describe("the operator form's own check", () => {
  it('reads decimals the way phones type them', () => {
    expect(parseAmount(' 12,5 ')).toBe(12.5);
    expect(parseAmount('')).toBeUndefined();
    expect(parseAmount('doce')).toBe('invalid');
  });

  it('sends only what was given', () => {
    expect(checkEntry({ usage: '1250,5', fuel: '', notes: '  ' })).toEqual({
      body: { newUsage: 1250.5 },
    });
    expect(checkEntry({ usage: '', fuel: '20', notes: ' Cambio de filtro ' })).toEqual({
      body: { fuelAdded: 20, notes: 'Cambio de filtro' },
    });
    // Zero fuel is no fuel: a note alone is enough.
    expect(checkEntry({ usage: '', fuel: '0', notes: 'Leak' })).toEqual({
      body: { notes: 'Leak' },
    });
  });

  it('refuses what cannot be a reading, and an empty form', () => {
    expect(checkEntry({ usage: '-1', fuel: '', notes: '' })).toEqual({ problem: 'invalidUsage' });
    expect(checkEntry({ usage: 'abc', fuel: '', notes: '' })).toEqual({ problem: 'invalidUsage' });
    expect(checkEntry({ usage: '10', fuel: '-2', notes: '' })).toEqual({ problem: 'invalidFuel' });
    expect(checkEntry({ usage: '', fuel: '0', notes: ' ' })).toEqual({ problem: 'noInfo' });
  });
});
