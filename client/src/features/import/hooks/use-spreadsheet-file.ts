import { IMPORT_MAX_ROWS } from '@domain/schemas/import';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '@/lib/format';
import { MAX_FILE_BYTES, readSpreadsheet, type Sheet } from '../lib/read-file';

/**
 * The chosen spreadsheet: its name, the sheet once read, and why it was refused (too large, empty,
 * too many rows, unreadable). `choose` answers the sheet when it can be imported; `clear` forgets it
 * and empties the file input (its `inputKey` changes).
 */
export function useSpreadsheetFile() {
  const { t } = useTranslation('import');
  const [sheet, setSheet] = useState<Sheet | null>(null);
  const [fileName, setFileName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const [inputKey, setInputKey] = useState(0);

  const choose = async (file: File | undefined): Promise<Sheet | null> => {
    setSheet(null);
    setError(null);
    if (!file) return null;
    setFileName(file.name);
    if (file.size > MAX_FILE_BYTES) {
      setError(t('file.tooLarge'));
      return null;
    }
    setReading(true);
    try {
      const s = await readSpreadsheet(file);
      if (s.rows.length === 0) setError(t('file.empty'));
      else if (s.rows.length > IMPORT_MAX_ROWS)
        setError(
          t('file.tooManyRows', {
            n: formatNumber(s.rows.length, 0),
            max: formatNumber(IMPORT_MAX_ROWS, 0),
          }),
        );
      else {
        setSheet(s);
        return s;
      }
    } catch {
      setError(t('file.unreadable'));
    } finally {
      setReading(false);
    }
    return null;
  };

  const clear = () => {
    setSheet(null);
    setFileName('');
    setError(null);
    setInputKey((k) => k + 1);
  };

  return { sheet, fileName, error, reading, inputKey, choose, clear };
}
export type SpreadsheetFile = ReturnType<typeof useSpreadsheetFile>;
