import { Download, FileSpreadsheet, Upload } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { formatNumber } from '@/lib/format';
import type { SpreadsheetFile } from '../hooks/use-spreadsheet-file';
import { downloadTemplate } from '../lib/download-template';
import { IMPORT_ACCEPT } from '../lib/read-file';
import type { ImportKind } from '../lib/template';

/** Step 1: what to import (machines or their history), its template, and the file. */
export function FileStep({
  kind,
  onKind,
  file,
  onFile,
}: {
  kind: ImportKind;
  onKind: (kind: ImportKind) => void;
  file: SpreadsheetFile;
  onFile: (file: File | undefined) => void;
}) {
  const { t, i18n } = useTranslation('import');
  const lang = i18n.language.startsWith('es') ? 'es' : 'en';
  const download = (type: 'csv' | 'xlsx') =>
    void downloadTemplate({
      kind,
      type,
      lang,
      header: (f) => t(`fields.${f}`),
      base: t(kind === 'equipment' ? 'template.equipmentFile' : 'template.historyFile'),
      sheetName: t(kind === 'equipment' ? 'kind.equipment' : 'kind.history'),
    });

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">{t('steps.file')}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium">{t('kind.label')}</legend>
          {(['equipment', 'history'] as const).map((k) => (
            <label
              key={k}
              className="flex cursor-pointer items-start gap-3 rounded-md border p-3 has-[:checked]:border-primary has-[:checked]:bg-primary/5"
            >
              <input
                type="radio"
                name="import-kind"
                className="mt-1 h-4 w-4 accent-[var(--color-primary)]"
                checked={kind === k}
                onChange={() => onKind(k)}
              />
              <span className="grid gap-0.5">
                <span className="font-medium">{t(`kind.${k}`)}</span>
                <span className="text-sm text-muted-foreground">{t(`kind.${k}Help`)}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <span className="text-muted-foreground">{t('template.label')}</span>
          <Button type="button" variant="outline" size="sm" onClick={() => download('csv')}>
            <Download aria-hidden /> {t('template.csv')}
          </Button>
          <Button type="button" variant="outline" size="sm" onClick={() => download('xlsx')}>
            <FileSpreadsheet aria-hidden /> {t('template.xlsx')}
          </Button>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="import-file">{t('file.label')}</Label>
          <div className="flex flex-wrap items-center gap-3">
            <input
              key={file.inputKey}
              id="import-file"
              type="file"
              accept={IMPORT_ACCEPT}
              onChange={(e) => onFile(e.target.files?.[0])}
              className="peer sr-only"
            />
            <label
              htmlFor="import-file"
              className="inline-flex h-10 cursor-pointer items-center gap-2 rounded-md border border-input bg-background px-4 text-sm font-medium hover:bg-accent peer-focus-visible:outline-2 peer-focus-visible:outline-ring"
            >
              <Upload className="h-4 w-4" aria-hidden /> {t('file.choose')}
            </label>
            <span className="text-sm text-muted-foreground">{file.fileName || t('file.none')}</span>
          </div>
          {file.reading ? (
            <p className="text-sm text-muted-foreground">{t('file.reading')}</p>
          ) : null}
          {file.error ? (
            <p role="alert" className="text-sm text-destructive">
              {file.error}
            </p>
          ) : null}
          {file.sheet ? (
            <p className="text-sm text-muted-foreground" data-testid="file-summary">
              {t('file.loaded', {
                file: file.fileName,
                count: file.sheet.rows.length,
                n: formatNumber(file.sheet.rows.length, 0),
              })}
            </p>
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}
