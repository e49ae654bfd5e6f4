import { describe, expect, it } from 'vitest';
import {
  equipmentInputSchema,
  equipmentUpdateSchema,
  noteInputSchema,
  retireInputSchema,
  usageIncreaseSchema,
} from './equipment';

const base = { name: 'Loader', type: 'machinery', unit: 'hours' };

describe('equipment input schema (shared by the form and the server)', () => {
  it('accepts form strings and turns them into numbers; blanks become null', () => {
    const r = equipmentInputSchema.parse({
      ...base,
      currentUsage: '12.5',
      threshold: '',
      serviceInterval: '250',
      lastServiceUsage: '',
      alertThreshold: '15',
      maintenanceInterval: '',
    });
    expect(r).toMatchObject({
      currentUsage: 12.5,
      threshold: null,
      serviceInterval: 250,
      lastServiceUsage: null,
      alertThreshold: 15,
      maintenanceInterval: null,
    });
  });

  it('drops parts with blank names and validates the rest', () => {
    const r = equipmentInputSchema.parse({
      ...base,
      serviceParts: [
        { part: ' ', qty: '3' },
        { part: 'Belt', partNumber: '', qty: '' },
        { part: 'Filter', qty: '2' },
      ],
    });
    expect(r.serviceParts).toEqual([
      { part: 'Belt', partNumber: null, qty: null },
      { part: 'Filter', qty: 2 },
    ]);
    const bad = equipmentInputSchema.safeParse({
      ...base,
      serviceParts: [{ part: 'Belt', qty: '1.5' }],
    });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('Quantity must be at least 1');
  });

  it('keeps date-only strings and accepts ISO datetimes as their calendar date', () => {
    const r = equipmentInputSchema.parse({
      ...base,
      hasScheduledMaintenance: true,
      maintenanceStartDate: '2026-01-31T00:00:00.000Z',
      maintenanceInterval: 1,
    });
    expect(r.maintenanceStartDate).toBe('2026-01-31');
    expect(
      equipmentInputSchema.safeParse({ ...base, maintenanceStartDate: '2026-02-30' }).error
        ?.issues[0]?.message,
    ).toBe('Please enter a valid date');
  });

  it('requires both schedule fields only when scheduled maintenance is on', () => {
    expect(
      equipmentInputSchema.safeParse({ ...base, hasScheduledMaintenance: false }).success,
    ).toBe(true);
    const r = equipmentInputSchema.safeParse({ ...base, hasScheduledMaintenance: true });
    expect(r.error?.issues.map((i) => i.message)).toEqual([
      'Maintenance start date is required when scheduled maintenance is enabled',
      'Maintenance interval is required when scheduled maintenance is enabled',
    ]);
  });

  it('the update schema accepts any subset', () => {
    expect(equipmentUpdateSchema.parse({ description: 'x' })).toEqual({ description: 'x' });
  });
});

describe('other inputs', () => {
  it('usage increase must be a number greater than zero', () => {
    for (const v of [0, -1, '', 'abc', null]) {
      expect(usageIncreaseSchema.safeParse({ usageIncrease: v }).error?.issues[0]?.message).toBe(
        'Please enter a valid positive number for usage increase.',
      );
    }
    expect(usageIncreaseSchema.parse({ usageIncrease: '0.1' }).usageIncrease).toBe(0.1);
  });
  it('notes are trimmed and not empty; retirement notes are optional', () => {
    expect(noteInputSchema.parse({ content: '  hi ', type: 'note' }).content).toBe('hi');
    expect(noteInputSchema.safeParse({ content: '   ' }).error?.issues[0]?.message).toBe(
      'Note cannot be empty',
    );
    expect(retireInputSchema.parse({}).retirementNotes).toBeUndefined();
    expect(retireInputSchema.parse({ retirementNotes: '  ' }).retirementNotes).toBeNull();
  });
});
