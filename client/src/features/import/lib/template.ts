import { toCsv, type CsvColumn } from '@domain/csv';
import { equipmentTemplateFields, historyImportFields, type DecimalMark } from '@domain/import';

export type ImportKind = 'equipment' | 'history';
type Example = Record<string, string | number | null>;

/** Example rows written the way the language's spreadsheets write them. */
function examples(kind: ImportKind, lang: 'en' | 'es'): Example[] {
  const es = lang === 'es';
  const n = (v: number): string | number => v;
  if (kind === 'equipment')
    return [
      {
        name: es ? 'Excavadora 1' : 'Excavator 1',
        type: es ? 'Maquinaria' : 'Machinery',
        serialNumber: 'EX-1001',
        unit: es ? 'Horas' : 'Hours',
        currentUsage: n(1234.5),
        threshold: n(10000),
        fuelType: 'Diesel',
        alertThreshold: n(20),
        serviceInterval: n(250),
        lastServiceUsage: n(1000),
        hasScheduledMaintenance: es ? 'Sí' : 'Yes',
        maintenanceStartDate: es ? '15/01/2026' : '01/15/2026',
        maintenanceInterval: n(6),
        maintenanceIntervalUnit: es ? 'Meses' : 'Months',
        description: es ? 'Cabina con aire acondicionado' : 'Air-conditioned cab',
        // One of the company's programs by name (Programs page); blank applies none.
        program: null,
      },
      {
        name: es ? 'Camioneta 2' : 'Pickup 2',
        type: es ? 'Vehículo' : 'Vehicle',
        serialNumber: '1FTFW1E50NFA00002',
        unit: es ? 'Kilómetros' : 'Miles',
        currentUsage: n(48210),
        threshold: null,
        fuelType: es ? 'Gasolina' : 'Gasoline',
        alertThreshold: null,
        serviceInterval: n(5000),
        lastServiceUsage: n(45000),
        hasScheduledMaintenance: 'No',
        maintenanceStartDate: null,
        maintenanceInterval: null,
        maintenanceIntervalUnit: null,
        description: null,
        program: null,
      },
    ];
  return [
    {
      date: es ? '10/03/2026' : '03/10/2026',
      machine: 'EX-1001',
      kind: es ? 'Lectura' : 'Reading',
      reading: n(1200),
      fuel: n(35.5),
      fuelType: 'Diesel',
      cost: null,
      performedBy: null,
      note: es ? 'Lectura semanal' : 'Weekly reading',
    },
    {
      date: es ? '20/03/2026' : '03/20/2026',
      machine: 'EX-1001',
      kind: es ? 'Servicio' : 'Service',
      reading: n(1230),
      fuel: null,
      fuelType: null,
      cost: n(480.25),
      performedBy: es ? 'Taller Central' : 'Main Street Garage',
      note: es ? 'Cambio de aceite y filtros' : 'Oil and filters',
    },
  ];
}

const fieldsOf = (kind: ImportKind) =>
  kind === 'equipment' ? equipmentTemplateFields : historyImportFields;

/** A number as a spreadsheet of that convention writes it in a CSV (1234.5 or 1234,5). */
const numberText = (v: number, mark: DecimalMark) =>
  mark === ',' ? String(v).replace('.', ',') : String(v);

/** The template as CSV: translated headers (the import recognises them) and two example rows. */
export function templateCsv(
  kind: ImportKind,
  lang: 'en' | 'es',
  header: (field: string) => string,
): string {
  const mark: DecimalMark = lang === 'es' ? ',' : '.';
  const columns: CsvColumn<Example>[] = fieldsOf(kind).map((f) => ({
    header: header(f),
    value: (row) => {
      const v = row[f] ?? null;
      return typeof v === 'number' ? numberText(v, mark) : v;
    },
  }));
  return toCsv(columns, examples(kind, lang));
}

/** The template's cells for an .xlsx (numbers as number cells). */
export function templateRows(
  kind: ImportKind,
  lang: 'en' | 'es',
  header: (field: string) => string,
): (string | number | null)[][] {
  const fields = fieldsOf(kind);
  return [
    fields.map(header),
    ...examples(kind, lang).map((row) => fields.map((f) => row[f] ?? null)),
  ];
}
