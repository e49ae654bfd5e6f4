import type { Cell } from '@domain/import';

/**
 * A spreadsheet as the import wizard works with it: the header row, the data rows, and each data row's
 * own line number in the spreadsheet (blank lines are skipped, so row 3 of the data may be line 6).
 */
export type Sheet = { headers: string[]; rows: Cell[][]; lines: number[] };

export const IMPORT_ACCEPT =
  '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Largest file the wizard reads (a 5,000-row sheet is far smaller). */
export const MAX_FILE_BYTES = 20 * 1024 * 1024;

const isXlsx = (file: File) =>
  /\.xlsx$/i.test(file.name) ||
  file.type === 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** An .xlsx date cell as YYYY-MM-DD (dates carry no time in this product). */
const dateText = (d: Date) => d.toISOString().slice(0, 10);

function toSheet(table: Cell[][]): Sheet {
  const nonEmpty = table
    .map((row, i) => ({ row, line: i + 1 }))
    .filter(({ row }) => row.some((c) => c !== null && String(c).trim() !== ''));
  const [head, ...rows] = nonEmpty;
  return {
    headers: (head?.row ?? []).map((h) => (h === null ? '' : String(h).trim())),
    rows: rows.map((r) => r.row),
    lines: rows.map((r) => r.line),
  };
}

/**
 * Reads a CSV (papaparse: any delimiter, quoted fields, a byte-order mark) or the first sheet of an
 * .xlsx (read-excel-file: values only, formulas are never evaluated: a formula cell gives the value
 * the spreadsheet saved). Both libraries load only when a file is chosen.
 */
export async function readSpreadsheet(file: File): Promise<Sheet> {
  if (isXlsx(file)) {
    const { readSheet } = await import('read-excel-file/universal');
    const data = await readSheet(file);
    return toSheet(
      data.map((row) =>
        row.map((c): Cell => (c instanceof Date ? dateText(c) : ((c as Cell) ?? null))),
      ),
    );
  }
  const Papa = (await import('papaparse')).default;
  const text = (await file.text()).replace(/^\uFEFF/, '');
  // Blank lines are kept here (and skipped by toSheet) so each row keeps its line number.
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: false });
  return toSheet(parsed.data);
}
