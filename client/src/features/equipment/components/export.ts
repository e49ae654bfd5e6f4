import { toCsv, type CsvColumn } from '@domain/csv';
import i18n from 'i18next';
import { toast } from '@/components/ui/use-toast';
import { downloadText } from '@/lib/download';

/** Writes rows through the one CSV writer, downloads the file and says so. */
export function exportCsv<T>(
  fileName: string,
  columns: readonly CsvColumn<T>[],
  rows: readonly T[],
) {
  downloadText(fileName, toCsv(columns, rows));
  const t = i18n.getFixedT(null, 'equipment');
  toast({
    title: t('toast.exportComplete'),
    description: t('toast.exportCompleteBody', { count: rows.length, file: fileName }),
  });
}
