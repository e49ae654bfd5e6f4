import { toCsv, type CsvColumn } from '@domain/csv';
import { api } from '@/lib/api';
import { downloadText } from '@/lib/download';

/**
 * Loads an export's rows from the server and saves them as CSV with the one CSV writer. Returns the
 * number of rows; with none, nothing is saved (the caller says "No Data to Export").
 */
export async function downloadRowsAsCsv<T>(
  url: string,
  columns: readonly CsvColumn<T>[],
  fileName: string,
): Promise<number> {
  const rows = await api.get<T[]>(url);
  if (rows.length === 0) return 0;
  downloadText(fileName, toCsv(columns, rows));
  return rows.length;
}
