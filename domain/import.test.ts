import { describe, expect, it } from 'vitest';
import {
  cellText,
  equipmentRowInput,
  formatOfLanguage,
  guessEquipmentColumns,
  guessHistoryColumns,
  historyRowInput,
  parseDate,
  parseNumber,
  parseYesNo,
  unitOfHeader,
} from './import';
import { csvCell } from './csv';
import { equipmentInputSchema } from './schemas/equipment';

describe('column guessing', () => {
  it('reads English and Spanish headers, accents and case aside', () => {
    expect(
      guessEquipmentColumns([
        'Name',
        'Serial',
        'Hours',
        'Tipo',
        'Unidad',
        'Combustible',
        'Something',
      ]),
    ).toEqual(['name', 'serialNumber', 'currentUsage', 'type', 'unit', 'fuelType', null]);
    expect(guessEquipmentColumns(['Nombre', 'Número de serie', 'Horas', 'Descripción'])).toEqual([
      'name',
      'serialNumber',
      'currentUsage',
      'description',
    ]);
  });
  it('recognises the ordinary headers of a fleet sheet, in English and Spanish', () => {
    const guessed = (h: string) => guessEquipmentColumns([h])[0];
    const expected: Record<string, string> = {
      VIN: 'serialNumber',
      'VIN / Serial': 'serialNumber',
      'Serial #': 'serialNumber',
      Odometer: 'currentUsage',
      Hours: 'currentUsage',
      Meter: 'currentUsage',
      'Odometer/Hours': 'currentUsage',
      'Meter Type': 'unit',
      'Service Every': 'serviceInterval',
      Make: 'make',
      Model: 'model',
      Year: 'year',
      Kilometraje: 'currentUsage',
      Horómetro: 'currentUsage',
      Marca: 'make',
      Modelo: 'model',
      Año: 'year',
      'Número económico': 'fleetNumber',
    };
    for (const [header, field] of Object.entries(expected))
      expect(guessed(header), header).toBe(field);
  });
  it('never takes a fleet number ("Unit #") for the usage unit', () => {
    expect(guessEquipmentColumns(['Unit #', 'Unit'])).toEqual(['fleetNumber', 'unit']);
    expect(guessEquipmentColumns(['Unit No.', 'Unit Number'])).toEqual(['fleetNumber', null]);
  });
  it('reads the unit a usage column names, and none from an ambiguous one', () => {
    expect(unitOfHeader('Hours')).toBe('hours');
    expect(unitOfHeader('Horómetro')).toBe('hours');
    expect(unitOfHeader('Odometer (km)')).toBe('kilometers');
    expect(unitOfHeader('Millas')).toBe('miles');
    expect(unitOfHeader('Mileage')).toBe('miles');
    expect(unitOfHeader('Odometer')).toBeNull();
    expect(unitOfHeader('Odometer/Hours')).toBeNull();
    expect(unitOfHeader('Meter')).toBeNull();
  });
  it('names a machine by its fleet number, year, make and model, or keeps them in its description', () => {
    const f = formatOfLanguage('en');
    expect(
      equipmentRowInput({ fleetNumber: 'T-12', year: 2019, make: 'Ford', model: 'F-150' }, f),
    ).toMatchObject({ name: 'T-12 2019 Ford F-150' });
    expect(
      equipmentRowInput({ name: 'Blue truck', year: 2019, make: 'Ford', description: 'Yard' }, f),
    ).toMatchObject({ name: 'Blue truck', description: 'Yard · 2019 Ford' });
  });
  it('maps every header of the Equipment List export, and leaves the computed ones out', () => {
    const header =
      'Name,Type,Serial Number,Unit,Current Usage,Threshold,Fuel Type,Service Interval,Last Service Usage,Status,Scheduled Maintenance,Next Maintenance Date,Date Added,Maintenance Start Date,Maintenance Interval,Maintenance Interval Unit';
    expect(guessEquipmentColumns(header.split(','))).toEqual([
      'name',
      'type',
      'serialNumber',
      'unit',
      'currentUsage',
      'threshold',
      'fuelType',
      'serviceInterval',
      'lastServiceUsage',
      null,
      'hasScheduledMaintenance',
      null,
      null,
      'maintenanceStartDate',
      'maintenanceInterval',
      'maintenanceIntervalUnit',
    ]);
  });
  it('gives a field to its first column only', () => {
    expect(guessEquipmentColumns(['Hours', 'Horas'])).toEqual(['currentUsage', null]);
  });
  it('guesses the history columns', () => {
    expect(
      guessHistoryColumns(['Fecha', 'Máquina', 'Lectura', 'Combustible', 'Costo', 'Nota']),
    ).toEqual(['date', 'machine', 'reading', 'fuel', 'cost', 'note']);
  });
});

describe('numbers in both conventions', () => {
  it.each([
    ['1,234.5', '.', 1234.5],
    ['1234.5', '.', 1234.5],
    ['1,234,567', '.', 1234567],
    ['-3.25', '.', -3.25],
    ['1.234,5', ',', 1234.5],
    ['1234,5', ',', 1234.5],
    ['1.234', ',', 1234],
    ['1.234.567,25', ',', 1234567.25],
    ['1234.5', ',', 1234.5],
    [' 12 ', '.', 12],
    ['1 234,5', ',', 1234.5],
  ] as const)('%s with %s as the decimal mark is %d', (text, mark, value) => {
    expect(parseNumber(text, mark)).toBe(value);
  });
  it('is NaN for text that is not a number, null when blank; numbers pass as they are', () => {
    expect(parseNumber('abc', '.')).toBeNaN();
    expect(parseNumber('1,2,3', '.')).toBeNaN();
    expect(parseNumber('=1+1', '.')).toBeNaN();
    expect(parseNumber('', ',')).toBeNull();
    expect(parseNumber(null, ',')).toBeNull();
    expect(parseNumber(1234.5, ',')).toBe(1234.5);
  });
});

describe('dates in both orders', () => {
  it('reads 03/12/2026 as March 12 (US) or 3 December (Spanish)', () => {
    expect(parseDate('03/12/2026', 'mdy')).toBe('2026-03-12');
    expect(parseDate('03/12/2026', 'dmy')).toBe('2026-12-03');
    expect(parseDate('3-12-26', 'dmy')).toBe('2026-12-03');
    expect(parseDate('31.01.2026', 'dmy')).toBe('2026-01-31');
  });
  it('always reads ISO dates and Excel serial days', () => {
    expect(parseDate('2026-03-12', 'dmy')).toBe('2026-03-12');
    expect(parseDate('2026-03-12T10:00:00Z', 'mdy')).toBe('2026-03-12');
    expect(parseDate(46093, 'mdy')).toBe('2026-03-12');
  });
  it('leaves what is not a real date as text (the schema then says it is not a valid date)', () => {
    expect(parseDate('31/02/2026', 'dmy')).toBe('31/02/2026');
    expect(parseDate('13/25/2026', 'mdy')).toBe('13/25/2026');
    expect(parseDate('soon', 'mdy')).toBe('soon');
    expect(parseDate('', 'mdy')).toBeNull();
  });
  it('defaults to the convention of the language', () => {
    expect(formatOfLanguage('es')).toEqual({ decimal: ',', dateOrder: 'dmy' });
    expect(formatOfLanguage('en-US')).toEqual({ decimal: '.', dateOrder: 'mdy' });
  });
});

describe('formula-injection cells', () => {
  it('keeps a formula as plain text, never a number or a result', () => {
    const input = equipmentRowInput(
      {
        name: "=cmd|' /C calc'!A0",
        serialNumber: '+1+1',
        type: 'tools',
        unit: 'hours',
        currentUsage: '=2+3',
      },
      { decimal: '.', dateOrder: 'mdy' },
    );
    expect(input.name).toBe("=cmd|' /C calc'!A0");
    expect(input.serialNumber).toBe('+1+1');
    expect(input.currentUsage).toBe('=2+3');
    const parsed = equipmentInputSchema.safeParse(input);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.path[0])).toEqual(['currentUsage']);
  });
  it('takes off the apostrophe our CSV writer adds, so an export re-imports as it was', () => {
    const written = csvCell('=SUM(A1)');
    expect(written).toBe("'=SUM(A1)");
    expect(cellText(written)).toBe('=SUM(A1)');
    expect(cellText("'plain")).toBe("'plain");
  });
});

describe('row reading', () => {
  it('reads choices in English and Spanish and leaves blanks out', () => {
    const input = equipmentRowInput(
      {
        name: ' Tractor ',
        type: 'Vehículo',
        unit: 'Km',
        fuelType: 'Gasolina',
        hasScheduledMaintenance: 'no',
        threshold: '',
        maintenanceIntervalUnit: 'Años',
      },
      { decimal: ',', dateOrder: 'dmy' },
    );
    expect(input).toEqual({
      name: 'Tractor',
      type: 'vehicle',
      unit: 'kilometers',
      fuelType: 'gasoline',
      hasScheduledMaintenance: false,
      maintenanceIntervalUnit: 'years',
    });
  });
  it('yes/no in both languages', () => {
    expect(parseYesNo('Sí')).toBe(true);
    expect(parseYesNo('YES')).toBe(true);
    expect(parseYesNo('No')).toBe(false);
    expect(parseYesNo('maybe')).toBe('maybe');
  });
  it('a history row with a cost is a service, else a reading', () => {
    const f = { decimal: ',', dateOrder: 'dmy' } as const;
    expect(
      historyRowInput({ date: '01/02/2026', machine: 'A', cost: '1.200,50' }, f),
    ).toMatchObject({
      date: '2026-02-01',
      kind: 'service',
      cost: 1200.5,
    });
    expect(historyRowInput({ machine: 'A', reading: '10', fuel: '5,5' }, f)).toMatchObject({
      kind: 'reading',
      reading: 10,
      fuel: 5.5,
    });
    expect(historyRowInput({ machine: 'A', kind: 'Servicio' }, f).kind).toBe('service');
  });
});
