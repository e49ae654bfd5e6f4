import { describe, expect, it } from 'vitest';
import { equipmentMessages } from './equipment';
import { isMessageKeyShaped, loadedMessageKeyOf, registerMessages } from './registry';

describe('the loaded message areas (a screen carries only the areas its schemas use)', () => {
  it('finds the key of a text of an imported area, and of an area registered later', () => {
    expect(loadedMessageKeyOf(equipmentMessages.nameRequired)).toBe('equipment.nameRequired');
    expect(loadedMessageKeyOf('A text of an area not loaded yet')).toBeUndefined();
    registerMessages('testArea', { late: 'A text of an area not loaded yet' } as const);
    expect(loadedMessageKeyOf('A text of an area not loaded yet')).toBe('testArea.late');
  });
  it('tells a key by its shape', () => {
    expect(isMessageKeyShaped('workOrders.notFound')).toBe(true);
    expect(isMessageKeyShaped('Work order not found.')).toBe(false);
    expect(isMessageKeyShaped('a.b.c')).toBe(false);
  });
});
