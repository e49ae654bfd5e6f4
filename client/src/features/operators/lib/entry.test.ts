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

  it('sends a fill-up’s own price and cost with its fuel only, and refuses a negative one', () => {
    expect(checkEntry({ usage: '', fuel: '20', notes: '', price: '3,95', cost: '' })).toEqual({
      body: { fuelAdded: 20, price: 3.95 },
    });
    expect(checkEntry({ usage: '10', fuel: '', notes: '', price: '3.95', cost: '80' })).toEqual({
      body: { newUsage: 10 },
    });
    expect(checkEntry({ usage: '', fuel: '20', notes: '', price: '', cost: '79.00' })).toEqual({
      body: { fuelAdded: 20, cost: 79 },
    });
    expect(checkEntry({ usage: '', fuel: '20', notes: '', price: '-1' })).toEqual({
      problem: 'invalidPrice',
    });
    expect(checkEntry({ usage: '', fuel: '20', notes: '', cost: 'abc' })).toEqual({
      problem: 'invalidPrice',
    });
  });
});
