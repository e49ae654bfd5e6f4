import type { ImportFormat } from '@domain/import';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateError } from '@/lib/translate-message';
import {
  useImportEquipment,
  useImportHistory,
  usePreviewEquipmentImport,
  usePreviewHistoryImport,
} from '../api/import-equipment';
import { rowsForServer, type Outcome } from '../lib/outcome';
import type { Sheet } from '../lib/read-file';
import type { ImportKind } from '../lib/template';

/**
 * Checking (preview, writes nothing) and importing a matched sheet on the server, equipment or
 * history: the server's verdict per row (`outcome`), or why the request failed (`error`).
 */
export function useImportRun() {
  const { t } = useTranslation('import');
  const previewEquipment = usePreviewEquipmentImport();
  const importEquipment = useImportEquipment();
  const previewHistory = usePreviewHistoryImport();
  const importHistory = useImportHistory();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [error, setError] = useState<string | null>(null);

  const checking = previewEquipment.isPending || previewHistory.isPending;
  const importing = importEquipment.isPending || importHistory.isPending;

  const run = async (opts: {
    kind: ImportKind;
    sheet: Sheet;
    mapping: readonly (string | null)[];
    format: ImportFormat;
    allOrNothing: boolean;
    write: boolean;
  }) => {
    const { kind, sheet, mapping, format, allOrNothing, write } = opts;
    setError(null);
    const body = {
      rows: rowsForServer(kind, sheet, mapping),
      lines: sheet.lines,
      format,
      mode: allOrNothing ? 'all' : 'valid',
    } as const;
    try {
      if (kind === 'equipment') {
        const r = await (write ? importEquipment : previewEquipment).mutateAsync(
          body as Parameters<typeof previewEquipment.mutateAsync>[0],
        );
        const { count, limit, room, ...counts } = r.summary;
        setOutcome({
          rows: r.rows.map((x) => ({ ...x, label: x.name })),
          counts,
          imported: r.imported,
          limit: { count, limit, room },
        });
      } else {
        const r = await (write ? importHistory : previewHistory).mutateAsync(
          body as Parameters<typeof previewHistory.mutateAsync>[0],
        );
        setOutcome({
          rows: r.rows.map((x) => ({ ...x, label: x.machine })),
          counts: r.summary,
          imported: r.imported,
        });
      }
    } catch (err) {
      setError(translateError(t, err));
    }
  };

  /** Forget the verdict (the file, the matching or the format changed). */
  const reset = () => {
    setOutcome(null);
    setError(null);
  };

  return { outcome, error, checking, importing, busy: checking || importing, run, reset };
}
