import { describe, expect, it } from 'vitest';
import {
  emptyServicePartRow,
  equipmentFormSchema,
  serviceFormSchema,
  type EquipmentFormValues,
  type ServiceFormValues,
} from './equipment-forms';

const form: EquipmentFormValues = {
  name: ' Loader ',
  type: 'machinery',
  serialNumber: '',
  unit: 'hours',
  fuelType: 'diesel',
  hasScheduledMaintenance: false,
  maintenanceStartDate: '',
  maintenanceInterval: '',
  maintenanceIntervalUnit: 'months',
  currentUsage: '120.5',
  threshold: '',
  alertThreshold: '20',
  serviceInterval: '250',
  lastServiceUsage: '',
  serviceParts: [],
  description: '',
  tankCapacity: '',
  tankCapacityUnit: 'gal',
};

const issues = (r: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => (r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]);

describe('the Add/Edit Equipment form schema (the API schema behind zodResolver)', () => {
  it('turns the form strings into the API input', () => {
    const r = equipmentFormSchema.parse({
      ...form,
      serviceParts: [
        { part: 'Oil filter', partNumber: 'OF-1', qty: '2' },
        { part: '  ', partNumber: '', qty: '1' },
      ],
    });
    expect(r).toMatchObject({
      name: 'Loader',
      currentUsage: 120.5,
      serviceInterval: 250,
      threshold: null,
      serviceParts: [{ part: 'Oil filter', partNumber: 'OF-1', qty: 2 }],
    });
  });

  it("names the field of each broken rule with the API's message key", () => {
    const r = equipmentFormSchema.safeParse({
      ...form,
      name: '',
      type: '',
      unit: '',
      serviceParts: [{ part: 'Belt', partNumber: '', qty: '0' }],
    });
    expect(issues(r)).toEqual([
      ['name', 'Name is required'],
      ['type', 'Type is required'],
      ['unit', 'Unit is required'],
      ['serviceParts.0.qty', 'Quantity must be at least 1'],
    ]);
  });

  it('sends no meter fields for a tool without a meter (unit N/A)', () => {
    const r = equipmentFormSchema.parse({ ...form, unit: 'n/a', currentUsage: 'abc' });
    expect(r).not.toHaveProperty('currentUsage');
    expect(r).not.toHaveProperty('serviceInterval');
  });

  it('asks for both schedule fields when scheduled maintenance is on', () => {
    const r = equipmentFormSchema.safeParse({ ...form, hasScheduledMaintenance: true });
    expect(issues(r).map(([path]) => path)).toEqual([
      'maintenanceStartDate',
      'maintenanceInterval',
    ]);
  });
});

describe('the Mark as Serviced form schema', () => {
  const service: ServiceFormValues = {
    serviceDate: '2026-11-20',
    usage: '480',
    parts: [
      { used: true, part: 'Oil filter', partNumber: '', qty: '1' },
      { used: false, part: 'Air filter', partNumber: 'AF', qty: '1' },
      { ...emptyServicePartRow(true) },
    ],
    cost: '85.50',
    performedBy: 'Shop',
    notes: '',
  };

  it('sends only the ticked, named parts, with numbers', () => {
    const r = serviceFormSchema('2026-11-26').parse(service);
    expect(r).toMatchObject({
      serviceDate: '2026-11-20',
      usage: 480,
      cost: 85.5,
      parts: [{ part: 'Oil filter', partNumber: null, qty: 1 }],
    });
  });

  it("refuses a date after the company's today, and a negative usage", () => {
    const r = serviceFormSchema('2026-11-26').safeParse({ ...service, usage: '-1' });
    expect(issues(r)).toEqual([['usage', 'Usage at service must be 0 or more']]);
    const future = serviceFormSchema('2026-11-19').safeParse(service);
    expect(issues(future)).toEqual([['serviceDate', 'The service date cannot be in the future']]);
  });
});
