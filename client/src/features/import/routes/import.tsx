import {
  equipmentColumnFields,
  formatOfLanguage,
  guessEquipmentColumns,
  guessHistoryColumns,
  historyImportFields,
  unitOfHeader,
  type Cell,
  type DateOrder,
  type DecimalMark,
  type ImportFormat,
} from '@domain/import';
import { isMessageKeyShaped as isMessageKey } from '@domain/messages/registry';
import { IMPORT_MAX_ROWS, type ImportIssue } from '@domain/schemas/import';
import { CheckCircle2, Download, FileSpreadsheet, Upload } from 'lucide-react';
import { useMemo, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { downloadText } from '@/lib/download';
import { formatDate, formatNumber } from '@/lib/format';
import { translateError, translateKey } from '@/lib/translate-message';
import {
  useImportEquipment,
  useImportHistory,
  usePreviewEquipmentImport,
  usePreviewHistoryImport,
} from '../api/import-equipment';
import { IMPORT_ACCEPT, MAX_FILE_BYTES, readSpreadsheet, type Sheet } from '../lib/read-file';
import { templateCsv, templateRows, type ImportKind } from '../lib/template';

/** One preview row, equipment or history alike. */
type ShownRow = {
  row: number;
  label: string;
  date?: string | null;
  action: string;
  changes?: string[];
  issues: ImportIssue[];
  /** What was assumed (no Type column: Other). */
  notes?: ImportIssue[];
};
type Outcome = { rows: ShownRow[]; counts: Record<string, number>; imported: boolean } & {
  limit?: { count: number; limit: number; room: number };
};

const MAX_SHOWN = 300;
const PROBLEM = new Set(['error', 'overLimit', 'held']);

/** A cell as the mapping table shows it: an .xlsx number with the language's decimal mark, no grouping (serial numbers stay as typed). */
const sampleOf = (c: Cell, lang: 'en' | 'es') =>
  typeof c === 'number'
    ? lang === 'es'
      ? String(c).replace('.', ',')
      : String(c)
    : c === null
      ? ''
      : String(c);

const ACTION_CLASS: Record<string, string> = {
  add: 'bg-green-100 text-green-900',
  update: 'bg-blue-100 text-blue-900',
  unchanged: 'bg-slate-100 text-slate-800',
  error: 'bg-red-100 text-red-900',
  overLimit: 'bg-amber-100 text-amber-900',
  reading: 'bg-green-100 text-green-900',
  service: 'bg-green-100 text-green-900',
  held: 'bg-amber-100 text-amber-900',
};

/**
 * Import from a spreadsheet (issue 17): choose a CSV or .xlsx file -> match its columns to fields
 * (guessed from English or Spanish headers) -> check every row on the server (the equipment form's
 * rules and messages) -> import the valid rows, or all or none.
 */
export default function ImportPage() {
  const { t, i18n } = useTranslation('import');
  const lang = i18n.language.startsWith('es') ? 'es' : 'en';
  const [kind, setKind] = useState<ImportKind>('equipment');
  const [sheet, setSheet] = useState<Sheet | null>(null);
  const [fileName, setFileName] = useState('');
  const [fileError, setFileError] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const [mapping, setMapping] = useState<(string | null)[]>([]);
  const [format, setFormat] = useState<ImportFormat>(() => formatOfLanguage(i18n.language));
  const [allOrNothing, setAllOrNothing] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [onlyProblems, setOnlyProblems] = useState(false);
  const [inputKey, setInputKey] = useState(0);

  const previewEquipment = usePreviewEquipmentImport();
  const importEquipment = useImportEquipment();
  const previewHistory = usePreviewHistoryImport();
  const importHistory = useImportHistory();
  const busy =
    previewEquipment.isPending ||
    importEquipment.isPending ||
    previewHistory.isPending ||
    importHistory.isPending;
  const [requestError, setRequestError] = useState<string | null>(null);

  const fields: readonly string[] =
    kind === 'equipment' ? equipmentColumnFields : historyImportFields;
  const guess = (headers: string[]) =>
    kind === 'equipment' ? guessEquipmentColumns(headers) : guessHistoryColumns(headers);

  const reset = () => {
    setOutcome(null);
    setRequestError(null);
  };

  const chooseKind = (k: ImportKind) => {
    setKind(k);
    reset();
    if (sheet)
      setMapping(
        k === 'equipment'
          ? guessEquipmentColumns(sheet.headers)
          : guessHistoryColumns(sheet.headers),
      );
  };

  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    reset();
    setSheet(null);
    setFileError(null);
    if (!file) return;
    setFileName(file.name);
    if (file.size > MAX_FILE_BYTES) {
      setFileError(t('file.tooLarge'));
      return;
    }
    setReading(true);
    try {
      const s = await readSpreadsheet(file);
      if (s.rows.length === 0) setFileError(t('file.empty'));
      else if (s.rows.length > IMPORT_MAX_ROWS)
        setFileError(
          t('file.tooManyRows', {
            n: formatNumber(s.rows.length, 0),
            max: formatNumber(IMPORT_MAX_ROWS, 0),
          }),
        );
      else {
        setSheet(s);
        setFileName(file.name);
        setMapping(guess(s.headers));
      }
    } catch {
      setFileError(t('file.unreadable'));
    } finally {
      setReading(false);
    }
  };

  const mappingProblem = useMemo(() => {
    if (!sheet) return null;
    const used = mapping.filter((m): m is string => !!m);
    const twice = used.find((m, i) => used.indexOf(m) !== i);
    if (twice) return t('columns.duplicate', { field: t(`fields.${twice}`) });
    // A sheet with no Name column is named by its fleet number, year, make and model.
    const naming = ['name', 'fleetNumber', 'make', 'model'];
    if (kind === 'equipment' && !used.some((m) => naming.includes(m))) return t('columns.needName');
    if (kind === 'history' && !used.includes('machine')) return t('columns.needMachine');
    if (kind === 'history' && !used.includes('date')) return t('columns.needDate');
    return null;
  }, [sheet, mapping, kind, t]);

  // No Unit column: a usage column whose header names its unit ("Hours", "Km") says it for every row.
  const impliedUnit = useMemo(() => {
    if (!sheet || kind !== 'equipment' || mapping.includes('unit')) return null;
    const usageColumn = mapping.indexOf('currentUsage');
    return usageColumn < 0 ? null : unitOfHeader(sheet.headers[usageColumn] ?? '');
  }, [sheet, kind, mapping]);

  const rowsForServer = () =>
    (sheet?.rows ?? []).map((cells) => {
      const out: Record<string, Cell> = {};
      mapping.forEach((field, i) => {
        if (field) out[field] = cells[i] ?? null;
      });
      if (impliedUnit && String(out.currentUsage ?? '').trim() !== '') out.unit = impliedUnit;
      return out;
    });

  const run = async (write: boolean) => {
    setRequestError(null);
    const body = {
      rows: rowsForServer(),
      lines: sheet?.lines,
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
      setRequestError(translateError(t, err));
    }
  };

  const startOver = () => {
    setSheet(null);
    setMapping([]);
    reset();
    setFileName('');
    setInputKey((k) => k + 1);
  };

  const download = async (type: 'csv' | 'xlsx') => {
    const header = (f: string) => t(`fields.${f}`);
    const base = t(kind === 'equipment' ? 'template.equipmentFile' : 'template.historyFile');
    if (type === 'csv') {
      downloadText(`${base}.csv`, templateCsv(kind, lang, header));
      return;
    }
    const { xlsxOf } = await import('../lib/xlsx-write');
    const bytes = xlsxOf(
      t(kind === 'equipment' ? 'kind.equipment' : 'kind.history'),
      templateRows(kind, lang, header),
    );
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
  };

  const issueText = (i: ImportIssue) =>
    `${t(`fields.${i.field}`, { defaultValue: i.field })}: ${
      isMessageKey(i.key) ? translateKey(t, i.key, i.params, i.message) : i.message
    }`;

  const importable = outcome
    ? kind === 'equipment'
      ? (outcome.counts.add ?? 0) + (outcome.counts.update ?? 0)
      : (outcome.counts.reading ?? 0) + (outcome.counts.service ?? 0)
    : 0;
  const problems = outcome ? outcome.rows.filter((r) => PROBLEM.has(r.action)).length : 0;
  const shownRows = outcome
    ? (onlyProblems ? outcome.rows.filter((r) => PROBLEM.has(r.action)) : outcome.rows).slice(
        0,
        MAX_SHOWN,
      )
    : [];
  const shownTotal = outcome ? (onlyProblems ? problems : outcome.rows.length) : 0;
  const n = (v: number | undefined) => formatNumber(v ?? 0, 0);

  // Rows the import left out, by why (errors, over the plan, already there, held for review).
  const skipped = outcome
    ? (['error', 'overLimit', 'held', 'unchanged'] as const)
        .map((a) => [a, outcome.counts[a] ?? 0] as const)
        .filter(([, c]) => c > 0)
    : [];
  const skippedTotal = skipped.reduce((sum, [, c]) => sum + c, 0);

  if (outcome?.imported) {
    return (
      <main className="mx-auto grid max-w-3xl grid-cols-1 gap-4 p-4 md:p-6">
        <h1 className="text-2xl font-bold">{t('title')}</h1>
        <Card role="status">
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              <CheckCircle2 className="h-5 w-5 text-green-700" aria-hidden />{' '}
              {t('import.doneTitle')}
            </CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4">
            <p>
              {kind === 'equipment'
                ? t('import.doneEquipment', {
                    add: n(outcome.counts.add),
                    update: n(outcome.counts.update),
                  })
                : t('import.doneHistory', {
                    reading: n(outcome.counts.reading),
                    service: n(outcome.counts.service),
                  })}
            </p>
            {skipped.length > 0 ? (
              <div className="grid gap-1 text-sm" data-testid="import-skipped">
                <p className="font-medium">
                  {t('import.skipped', { count: skippedTotal, n: n(skippedTotal) })}
                </p>
                <ul className="list-disc pl-5 text-muted-foreground">
                  {skipped.map(([action, count]) => (
                    <li key={action}>{t(`import.skippedWhy.${action}`, { count, n: n(count) })}</li>
                  ))}
                </ul>
              </div>
            ) : null}
            <div className="flex flex-wrap gap-2">
              <Button asChild>
                <Link to="/equipment-list">{t('import.viewList')}</Link>
              </Button>
              <Button variant="outline" onClick={startOver}>
                {t('import.again')}
              </Button>
            </div>
          </CardContent>
        </Card>
      </main>
    );
  }

  return (
    <main className="mx-auto grid max-w-5xl grid-cols-1 gap-4 p-4 md:p-6">
      <div>
        <h1 className="text-2xl font-bold">{t('title')}</h1>
        <p className="text-sm text-muted-foreground">{t('intro')}</p>
      </div>

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
                  onChange={() => chooseKind(k)}
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
            <Button type="button" variant="outline" size="sm" onClick={() => void download('csv')}>
              <Download aria-hidden /> {t('template.csv')}
            </Button>
            <Button type="button" variant="outline" size="sm" onClick={() => void download('xlsx')}>
              <FileSpreadsheet aria-hidden /> {t('template.xlsx')}
            </Button>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="import-file">{t('file.label')}</Label>
            <div className="flex flex-wrap items-center gap-3">
              <input
                key={inputKey}
                id="import-file"
                type="file"
                accept={IMPORT_ACCEPT}
                onChange={(e) => void onFile(e)}
                className="peer sr-only"
              />
              <label
                htmlFor="import-file"
                className="inline-flex h-10 cursor-pointer items-center gap-2 rounded-md border border-input bg-background px-4 text-sm font-medium hover:bg-accent peer-focus-visible:outline-2 peer-focus-visible:outline-ring"
              >
                <Upload className="h-4 w-4" aria-hidden /> {t('file.choose')}
              </label>
              <span className="text-sm text-muted-foreground">{fileName || t('file.none')}</span>
            </div>
            {reading ? <p className="text-sm text-muted-foreground">{t('file.reading')}</p> : null}
            {fileError ? (
              <p role="alert" className="text-sm text-destructive">
                {fileError}
              </p>
            ) : null}
            {sheet ? (
              <p className="text-sm text-muted-foreground" data-testid="file-summary">
                {t('file.loaded', {
                  file: fileName,
                  count: sheet.rows.length,
                  n: n(sheet.rows.length),
                })}
              </p>
            ) : null}
          </div>
        </CardContent>
      </Card>

      {sheet ? (
        <Card>
          <CardHeader>
            <CardTitle className="text-lg">{t('steps.columns')}</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4">
            <p className="text-sm text-muted-foreground">{t('columns.help')}</p>
            <div className="grid gap-3 sm:grid-cols-2">
              <div className="grid gap-1.5">
                <Label htmlFor="import-decimal">{t('columns.decimal')}</Label>
                <NativeSelect
                  id="import-decimal"
                  value={format.decimal}
                  onChange={(e) => {
                    setFormat({ ...format, decimal: e.target.value as DecimalMark });
                    reset();
                  }}
                >
                  <option value=".">{t('columns.decimalDot')}</option>
                  <option value=",">{t('columns.decimalComma')}</option>
                </NativeSelect>
              </div>
              <div className="grid gap-1.5">
                <Label htmlFor="import-dates">{t('columns.dateOrder')}</Label>
                <NativeSelect
                  id="import-dates"
                  value={format.dateOrder}
                  onChange={(e) => {
                    setFormat({ ...format, dateOrder: e.target.value as DateOrder });
                    reset();
                  }}
                >
                  <option value="mdy">{t('columns.mdy')}</option>
                  <option value="dmy">{t('columns.dmy')}</option>
                </NativeSelect>
              </div>
            </div>
            <div className="overflow-x-auto">
              <table className="w-full text-sm">
                <thead>
                  <tr className="border-b text-left">
                    <th className="py-2 pr-3 font-medium">{t('columns.column')}</th>
                    <th className="hidden py-2 pr-3 font-medium sm:table-cell">
                      {t('columns.sample')}
                    </th>
                    <th className="py-2 font-medium">{t('columns.field')}</th>
                  </tr>
                </thead>
                <tbody>
                  {sheet.headers.map((h, i) => (
                    <tr key={i} className="border-b last:border-0">
                      <td className="py-2 pr-3 font-medium break-words">{h || `#${i + 1}`}</td>
                      <td className="hidden max-w-48 truncate py-2 pr-3 text-muted-foreground sm:table-cell">
                        {sampleOf(sheet.rows[0]?.[i] ?? null, lang)}
                      </td>
                      <td className="py-2 min-w-44">
                        <NativeSelect
                          aria-label={t('columns.fieldFor', { header: h || `#${i + 1}` })}
                          value={mapping[i] ?? ''}
                          onChange={(e) => {
                            const next = [...mapping];
                            next[i] = e.target.value || null;
                            setMapping(next);
                            reset();
                          }}
                        >
                          <option value="">{t('columns.none')}</option>
                          {fields.map((f) => (
                            <option key={f} value={f}>
                              {t(`fields.${f}`)}
                            </option>
                          ))}
                        </NativeSelect>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {mappingProblem ? (
              <p role="alert" className="text-sm text-destructive">
                {mappingProblem}
              </p>
            ) : null}
            <div className="flex flex-wrap items-center gap-3">
              <Button onClick={() => void run(false)} disabled={busy || !!mappingProblem}>
                {previewEquipment.isPending || previewHistory.isPending
                  ? t('preview.checking')
                  : t('preview.check')}
              </Button>
              <span className="text-sm text-muted-foreground">{t('preview.help')}</span>
            </div>
          </CardContent>
        </Card>
      ) : null}

      {requestError ? (
        <p
          role="alert"
          className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive"
        >
          {requestError}
        </p>
      ) : null}

      {outcome ? (
        <Card>
          <CardHeader>
            <CardTitle className="text-lg">{t('steps.preview')}</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4">
            <p className="font-medium" data-testid="import-summary">
              {kind === 'equipment'
                ? t('preview.summaryEquipment', {
                    add: n(outcome.counts.add),
                    update: n(outcome.counts.update),
                    unchanged: n(outcome.counts.unchanged),
                    error: n(outcome.counts.error),
                    overLimit: n(outcome.counts.overLimit),
                  })
                : t('preview.summaryHistory', {
                    reading: n(outcome.counts.reading),
                    service: n(outcome.counts.service),
                    unchanged: n(outcome.counts.unchanged),
                    held: n(outcome.counts.held),
                    error: n(outcome.counts.error),
                  })}
            </p>
            {outcome.limit && (outcome.counts.overLimit ?? 0) > 0 ? (
              <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
                {t('preview.limit', {
                  limit: n(outcome.limit.limit),
                  count: n(outcome.limit.count),
                  room: n(outcome.limit.room),
                  overLimit: n(outcome.counts.overLimit),
                })}{' '}
                <Link to="/subscription" className="font-medium underline">
                  {t('preview.upgrade')}
                </Link>
              </p>
            ) : null}
            {(outcome.counts.held ?? 0) > 0 ? (
              <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
                {t('preview.heldHelp')}
              </p>
            ) : null}
            <label className="flex items-center gap-2 text-sm">
              <Checkbox
                checked={onlyProblems}
                onCheckedChange={(v) => setOnlyProblems(v === true)}
              />
              {t('preview.onlyProblems')}
            </label>
            <div className="overflow-x-auto">
              <table className="w-full text-sm" aria-label={t('preview.table')}>
                <thead>
                  <tr className="border-b text-left">
                    <th className="py-2 pr-3 font-medium">{t('preview.row')}</th>
                    <th className="py-2 pr-3 font-medium">{t('preview.name')}</th>
                    {kind === 'history' ? (
                      <th className="py-2 pr-3 font-medium">{t('preview.date')}</th>
                    ) : null}
                    <th className="py-2 pr-3 font-medium">{t('preview.result')}</th>
                    <th className="py-2 font-medium">{t('preview.problems')}</th>
                  </tr>
                </thead>
                <tbody>
                  {shownRows.map((r) => (
                    <tr key={r.row} className="border-b align-top last:border-0">
                      <td className="py-2 pr-3 tabular-nums">{r.row}</td>
                      <td className="py-2 pr-3 break-words">{r.label}</td>
                      {kind === 'history' ? (
                        <td className="py-2 pr-3 whitespace-nowrap">
                          {r.date && /^\d{4}-\d{2}-\d{2}$/.test(r.date)
                            ? formatDate(r.date)
                            : (r.date ?? '')}
                        </td>
                      ) : null}
                      <td className="py-2 pr-3">
                        <span
                          className={`inline-block rounded px-2 py-0.5 text-xs font-medium ${ACTION_CLASS[r.action] ?? ''}`}
                        >
                          {t(`actions.${r.action}`)}
                        </span>
                      </td>
                      <td className="py-2">
                        <ul className="grid gap-0.5">
                          {r.issues.map((i, k) => (
                            <li
                              key={k}
                              className={
                                r.action === 'held' ? 'text-amber-900' : 'text-destructive'
                              }
                            >
                              {issueText(i)}
                            </li>
                          ))}
                          {r.notes?.map((i, k) => (
                            <li key={`note-${k}`} className="text-muted-foreground">
                              {issueText(i)}
                            </li>
                          ))}
                          {r.action === 'update' && r.changes?.length ? (
                            <li className="text-muted-foreground">
                              {t('preview.changes', {
                                fields: r.changes.map((f) => t(`fields.${f}`)).join(', '),
                              })}
                            </li>
                          ) : null}
                        </ul>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
              {shownRows.length === 0 ? (
                <p className="py-2 text-sm text-muted-foreground">{t('preview.noProblems')}</p>
              ) : null}
            </div>
            {shownTotal > shownRows.length ? (
              <p className="text-sm text-muted-foreground">
                {t('preview.shown', { shown: n(shownRows.length), total: n(shownTotal) })}
              </p>
            ) : null}

            <div className="grid gap-3 border-t pt-4">
              <h2 className="font-semibold">{t('steps.import')}</h2>
              <label className="flex items-center gap-2 text-sm">
                <Checkbox
                  checked={allOrNothing}
                  onCheckedChange={(v) => setAllOrNothing(v === true)}
                />
                {t('import.allOrNothing')}
              </label>
              {importable === 0 ? (
                <p className="text-sm text-muted-foreground">{t('import.nothing')}</p>
              ) : null}
              <div>
                <Button onClick={() => void run(true)} disabled={busy || importable === 0}>
                  <Upload aria-hidden />
                  {importEquipment.isPending || importHistory.isPending
                    ? t('import.importing')
                    : t('import.button', { count: importable, n: n(importable) })}
                </Button>
              </div>
            </div>
          </CardContent>
        </Card>
      ) : null}
    </main>
  );
}
