import { downloadText } from '@/lib/download';
import { templateCsv, templateRows, type ImportKind } from './template';

/**
 * The import template as a file: CSV at once, .xlsx with its writer loaded on first use. `header`
 * names a field's column in the reader's language, `base` is the file's name without extension.
 */
export async function downloadTemplate(opts: {
  kind: ImportKind;
  type: 'csv' | 'xlsx';
  lang: 'en' | 'es';
  header: (field: string) => string;
  base: string;
  sheetName: string;
}) {
  const { kind, type, lang, header, base, sheetName } = opts;
  if (type === 'csv') {
    downloadText(`${base}.csv`, templateCsv(kind, lang, header));
    return;
  }
  const { xlsxOf } = await import('./xlsx-write');
  const bytes = xlsxOf(sheetName, templateRows(kind, lang, header));
  const blob = new Blob([bytes as BlobPart], {
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = `${base}.xlsx`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
