import {
  formatOfLanguage,
  guessEquipmentColumns,
  guessHistoryColumns,
  type ImportFormat,
} from '@domain/import';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ColumnsStep } from '../components/columns-step';
import { FileStep } from '../components/file-step';
import { ImportDone } from '../components/import-done';
import { PreviewStep } from '../components/preview-step';
import { useImportRun } from '../hooks/use-import-run';
import { useSpreadsheetFile } from '../hooks/use-spreadsheet-file';
import { mappingProblemOf } from '../lib/outcome';
import type { ImportKind } from '../lib/template';

const guessColumns = (kind: ImportKind, headers: string[]) =>
  kind === 'equipment' ? guessEquipmentColumns(headers) : guessHistoryColumns(headers);

/**
 * Import from a spreadsheet (issue 17): choose a CSV or .xlsx file -> match its columns to fields
 * (guessed from English or Spanish headers) -> check every row on the server (the equipment form's
 * rules and messages) -> import the valid rows, or all or none. The steps are components; the file
 * and the server calls are hooks; the rules of the matching and the verdicts are `lib/outcome.ts`.
 */
export default function ImportPage() {
  const { t, i18n } = useTranslation('import');
  const [kind, setKind] = useState<ImportKind>('equipment');
  const [mapping, setMapping] = useState<(string | null)[]>([]);
  const [format, setFormat] = useState<ImportFormat>(() => formatOfLanguage(i18n.language));
  const file = useSpreadsheetFile();
  const server = useImportRun();
  const { sheet } = file;
  // Any change to what would be sent makes the last verdict stale.
  const changed =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      server.reset();
    };

  const chooseKind = (k: ImportKind) => {
    changed(setKind)(k);
    if (sheet) setMapping(guessColumns(k, sheet.headers));
  };
  const chooseFile = async (f: File | undefined) => {
    server.reset();
    const s = await file.choose(f);
    if (s) setMapping(guessColumns(kind, s.headers));
  };
  const startOver = () => {
    file.clear();
    setMapping([]);
    server.reset();
  };
  const run = (write: boolean, allOrNothing = false) =>
    sheet && void server.run({ kind, sheet, mapping, format, allOrNothing, write });

  if (server.outcome?.imported) {
    return (
      <main className="mx-auto grid max-w-3xl grid-cols-1 gap-4 p-4 md:p-6">
        <h1 className="text-2xl font-bold">{t('title')}</h1>
        <ImportDone kind={kind} outcome={server.outcome} onAgain={startOver} />
      </main>
    );
  }

  return (
    <main className="mx-auto grid max-w-5xl grid-cols-1 gap-4 p-4 md:p-6">
      <div>
        <h1 className="text-2xl font-bold">{t('title')}</h1>
        <p className="text-sm text-muted-foreground">{t('intro')}</p>
      </div>
      <FileStep kind={kind} onKind={chooseKind} file={file} onFile={(f) => void chooseFile(f)} />
      {sheet ? (
        <ColumnsStep
          kind={kind}
          sheet={sheet}
          mapping={mapping}
          onMapping={changed(setMapping)}
          format={format}
          onFormat={changed(setFormat)}
          problem={mappingProblemOf(kind, mapping)}
          busy={server.busy}
          checking={server.checking}
          onCheck={() => run(false)}
        />
      ) : null}
      {server.error ? (
        <p
          role="alert"
          className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive"
        >
          {server.error}
        </p>
      ) : null}
      {server.outcome ? (
        <PreviewStep
          kind={kind}
          outcome={server.outcome}
          busy={server.busy}
          importing={server.importing}
          onImport={(allOrNothing) => run(true, allOrNothing)}
        />
      ) : null}
    </main>
  );
}
