import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  csvCell,
  equipmentListColumns,
  exportFileName,
  historyColumns,
  historyColumnsIn,
  fuelUsageColumnsIn,
  serviceEntryColumns,
  toCsv,
} from './csv';
import type { EquipmentDto, HistoryRecordDto, ServiceEntryDto } from './schemas/equipment';
import { computeStatus } from './status';

/** A minimal RFC 4180 parser to check round trips. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  return rows;
}

describe('csvCell', () => {
  it('quotes per RFC 4180', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(1234.5)).toBe('1234.5');
    expect(csvCell(true)).toBe('Yes');
  });
  it('neutralises formulas', () => {
    expect(csvCell('=SUM(A1:A2)')).toBe("'=SUM(A1:A2)");
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-2')).toBe("'-2");
    expect(csvCell('@cmd')).toBe("'@cmd");
    expect(csvCell('\tx')).toBe("'\tx");
    expect(csvCell('\rx')).toBe('"\'\rx"');
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe('"\'=HYPERLINK(""http://x"",""y"")"');
    expect(csvCell('a=b')).toBe('a=b');
    expect(csvCell(-5)).toBe('-5');
  });
  it('round-trips any text (with the apostrophe only before a formula start)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.string(), { minLength: 1, maxLength: 5 }), {
          minLength: 1,
          maxLength: 5,
        }),
        (rows) => {
          const width = rows[0]!.length;
          const cols = Array.from({ length: width }, (_, i) => ({
            header: `H${i}`,
            value: (r: string[]) => r[i] ?? '',
          }));
          const parsed = parseCsv(toCsv(cols, rows));
          expect(parsed.length).toBe(rows.length + 1);
          rows.forEach((r, ri) => {
            cols.forEach((_, ci) => {
              const original = r[ci] ?? '';
              const expected = /^[=+\-@\t\r]/.test(original) ? `'${original}` : original;
              expect(parsed[ri + 1]![ci]).toBe(expected);
            });
          });
        },
      ),
    );
  });
});

describe('equipment list export', () => {
  it('has the spec columns', () => {
    const e: EquipmentDto = {
      id: 'x',
      companyId: 'c',
      userId: null,
      name: '=Excavator, big',
      type: 'machinery',
      serialNumber: 'SN-1',
      unit: 'hours',
      currentUsage: 1234.5,
      threshold: 10000,
      fuelType: 'n/a',
      alertThreshold: 20,
      serviceInterval: 250,
      lastServiceUsage: 1000,
      totalFuelUsed: 0,
      totalGasUsed: 0,
      totalDieselUsed: 0,
      tankCapacity: null,
      hasScheduledMaintenance: true,
      maintenanceStartDate: '2026-01-31',
      maintenanceInterval: 1,
      maintenanceIntervalUnit: 'months',
      nextMaintenanceDate: '2026-02-28',
      serviceParts: [],
      description: null,
      lastReadingAt: '2026-01-01T00:00:00.000Z',
      dateAdded: '2026-01-01T10:00:00.000Z',
      lastUpdated: '2026-01-01T10:00:00.000Z',
      lastServiceDate: null,
      retiredAt: null,
      forecast: {
        dueDate: '2026-02-28',
        basis: 'calendar',
        daysUntil: -5,
        perDay: 6.5,
        usageDueDate: '2026-03-04',
        dueAtUsage: 1250,
        calendarDueDate: '2026-02-28',
        noUsageForecast: null,
      },
      status: {
        ...computeStatus(
          {
            currentUsage: 1234.5,
            lastServiceUsage: 1000,
            serviceInterval: 250,
            hasScheduledMaintenance: false,
            nextMaintenanceDate: null,
          },
          '2026-11-20',
        ),
        nextTask: null,
      },
    };
    const [header, row] = toCsv(equipmentListColumns, [e]).split('\r\n');
    expect(header).toBe(
      'Name,Type,Serial Number,Unit,Current Usage,Threshold,Fuel Type,Service Interval,Last Service Usage,Status,Scheduled Maintenance,Next Maintenance Date,Date Added,Maintenance Start Date,Maintenance Interval,Maintenance Interval Unit,Forecast Due Date,Days Until Due,Forecast By,Due At Usage,Usual Daily Usage,Usage Overdue,No Usage Forecast Because',
    );
    expect(row).toBe(
      `"'=Excavator, big",machinery,SN-1,hours,1234.5,10000,N/A,250,1000,Approaching Service,Yes,2026-02-28,2026-01-01,2026-01-31,1,months,2026-02-28,-5,Calendar,1250,6.5,,`,
    );
    const none = toCsv(equipmentListColumns, [
      {
        ...e,
        forecast: {
          ...e.forecast!,
          dueDate: null,
          basis: null,
          daysUntil: null,
          perDay: null,
          noUsageForecast: 'single_reading',
        },
      },
    ]).split('\r\n')[1];
    expect(none).toMatch(/,,,,1250,,,Only one reading$/);
    expect(exportFileName('Equipment List', '2026-11-20')).toBe('equipment-list-2026-11-20.csv');
    expect(exportFileName('Time for Service equipment', '2026-11-20')).toBe(
      'time-for-service-equipment-2026-11-20.csv',
    );
  });
});

describe('history and service exports', () => {
  const entry: HistoryRecordDto = {
    id: 'h1',
    createdAt: '2026-11-20T15:00:00.000Z',
    equipmentName: 'Loader',
    type: 'update',
    noteType: 'maintenance',
    operatorName: 'Pat',
    usage: 1200.5,
    content: 'Oil, filter',
    reading: null,
    previousUsage: null,
    operatorUpdateId: null,
    device: null,
    hasPhoto: false,
    fuelAdded: null,
    fuelType: null,
    overTank: false,
    service: {
      serviceDate: '2026-11-18',
      parts: [
        { part: 'Oil filter', partNumber: 'OF-1', qty: 2 },
        { part: '=Belt', partNumber: null, qty: null },
      ],
      cost: 85.4,
      performedBy: 'Joe',
    },
    changes: null,
    kind: 'service',
    params: {},
    text: 'Oil, filter',
    actor: { id: null, name: 'Pat' },
    photoIds: [],
    voided: null,
    canVoid: false,
  };
  it('writes a service with its parts and cost, and whether the machine is retired', () => {
    const [header, row] = toCsv(historyColumns, [{ ...entry, retired: true }]).split('\r\n');
    expect(header).toBe(
      'Date,Equipment,Type,Operator,Usage,Notes,Fuel Added (gal),Service Date,Parts,Cost,Performed By,Voided,Void Reason,Retired',
    );
    expect(row).toBe(
      '2026-11-20,Loader,maintenance,Pat,1200.5,"Oil, filter",,2026-11-18,Oil filter (OF-1) x2; =Belt,85.4,Joe,No,,Yes',
    );
  });
  it('marks a voided reading with its reason', () => {
    const voided = {
      ...entry,
      noteType: 'usage_update' as const,
      service: null,
      fuelAdded: 12.5,
      voided: { at: '2026-11-21T00:00:00.000Z', by: 'Pat', reason: 'Wrong machine' },
    };
    const row = toCsv(historyColumns, [voided]).split('\r\n')[1];
    expect(row).toBe(
      '2026-11-20,Loader,usage_update,Pat,1200.5,"Oil, filter",12.5,,,,,Yes,Wrong machine,No',
    );
  });
  it('states the company unit and converts the stored gallons once (issue 45)', () => {
    const fill = { ...entry, noteType: 'usage_update' as const, service: null, fuelAdded: 12.5 };
    const [header, row] = toCsv(historyColumnsIn('L'), [fill]).split('\r\n');
    expect(header).toContain(',Fuel Added (L),');
    // 12.5 gal = 47.3176473 L, two decimals in litres.
    expect(row).toContain(',47.32,');
    expect(toCsv(historyColumnsIn('gal'), [fill])).toContain(',12.5,');
    const fuel = {
      date: '2026-11-20T10:00:00.000Z',
      equipmentName: 'Loader',
      operatorName: 'Pat',
      fuelType: 'diesel',
      fuelAdded: 10,
      notes: null,
    };
    const [fh, fr] = toCsv(fuelUsageColumnsIn('L'), [fuel]).split('\r\n');
    expect(fh).toBe('Date,Equipment,Operator,Fuel Type,Fuel Added (L),Notes,Retired');
    expect(fr).toContain(',37.85,');
    expect(toCsv(fuelUsageColumnsIn('gal'), [fuel]).split('\r\n')[0]).toContain('(gal)');
  });
  it('exports service entries', () => {
    const s: ServiceEntryDto = {
      id: 's1',
      equipmentId: 'e1',
      equipmentName: 'Loader',
      unit: 'hours',
      serviceDate: '2026-11-18',
      usage: 1200,
      parts: [{ part: 'Oil filter', partNumber: null, qty: 1 }],
      cost: null,
      performedBy: null,
      notes: '+ grease',
      recordedBy: 'Pat',
      createdAt: '2026-11-20T15:00:00.000Z',
      retired: false,
    };
    expect(toCsv(serviceEntryColumns, [s])).toBe(
      "Service Date,Equipment,Usage,Unit,Parts,Cost,Performed By,Notes,Recorded By,Retired\r\n2026-11-18,Loader,1200,hours,Oil filter x1,,,'+ grease,Pat,No\r\n",
    );
  });
});
