import { isMessageKeyShaped as isMessageKey } from '@domain/messages/registry';
import type { ImportIssue } from '@domain/schemas/import';
import { Upload } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { formatDate, formatNumber } from '@/lib/format';
import { translateKey } from '@/lib/translate-message';
import { PROBLEM_ACTIONS, importableCount, type Outcome } from '../lib/outcome';
import type { ImportKind } from '../lib/template';

const MAX_SHOWN = 300;

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

/** A row's problem or assumption in the reader's language: "Unit: Unit is required". */
export function useIssueText() {
  const { t } = useTranslation('import');
  return (i: ImportIssue) =>
    `${t(`fields.${i.field}`, { defaultValue: i.field })}: ${
      isMessageKey(i.key) ? translateKey(t, i.key, i.params, i.message) : i.message
    }`;
}

/** Step 3 and 4: what the server would do with each row, then the import (valid rows, or all or none). */
export function PreviewStep({
  kind,
  outcome,
  busy,
  importing,
  onImport,
}: {
  kind: ImportKind;
  outcome: Outcome;
  busy: boolean;
  importing: boolean;
  onImport: (allOrNothing: boolean) => void;
}) {
  const { t } = useTranslation('import');
  const issueText = useIssueText();
  const [onlyProblems, setOnlyProblems] = useState(false);
  const [allOrNothing, setAllOrNothing] = useState(false);
  const n = (v: number | undefined) => formatNumber(v ?? 0, 0);
  const c = outcome.counts;

  const importable = importableCount(kind, outcome);
  const problemRows = outcome.rows.filter((r) => PROBLEM_ACTIONS.has(r.action));
  const listed = onlyProblems ? problemRows : outcome.rows;
  const shownRows = listed.slice(0, MAX_SHOWN);

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">{t('steps.preview')}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <p className="font-medium" data-testid="import-summary">
          {kind === 'equipment'
            ? t('preview.summaryEquipment', {
                add: n(c.add),
                update: n(c.update),
                unchanged: n(c.unchanged),
                error: n(c.error),
                overLimit: n(c.overLimit),
              })
            : t('preview.summaryHistory', {
                reading: n(c.reading),
                service: n(c.service),
                unchanged: n(c.unchanged),
                held: n(c.held),
                error: n(c.error),
              })}
        </p>
        {outcome.limit && (c.overLimit ?? 0) > 0 ? (
          <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
            {t('preview.limit', {
              limit: n(outcome.limit.limit),
              have: n(outcome.limit.count),
              room: n(outcome.limit.room),
              // The rows left out pick the plural form (a number: i18next ignores a string count).
              count: c.overLimit ?? 0,
            })}{' '}
            <Link to="/subscription" className="font-medium underline">
              {t('preview.upgrade')}
            </Link>
          </p>
        ) : null}
        {(c.held ?? 0) > 0 ? (
          <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
            {t('preview.heldHelp')}
          </p>
        ) : null}
        <label className="flex items-center gap-2 text-sm">
          <Checkbox checked={onlyProblems} onCheckedChange={(v) => setOnlyProblems(v === true)} />
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
                  <td className="py-2 pr-3 wrap-anywhere">{r.label}</td>
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
                          className={r.action === 'held' ? 'text-amber-900' : 'text-destructive'}
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
        {listed.length > shownRows.length ? (
          <p className="text-sm text-muted-foreground">
            {t('preview.shown', { shown: n(shownRows.length), total: n(listed.length) })}
          </p>
        ) : null}

        <div className="grid gap-3 border-t pt-4">
          <h2 className="font-semibold">{t('steps.import')}</h2>
          <label className="flex items-center gap-2 text-sm">
            <Checkbox checked={allOrNothing} onCheckedChange={(v) => setAllOrNothing(v === true)} />
            {t('import.allOrNothing')}
          </label>
          {importable === 0 ? (
            <p className="text-sm text-muted-foreground">{t('import.nothing')}</p>
          ) : null}
          <div>
            <Button onClick={() => onImport(allOrNothing)} disabled={busy || importable === 0}>
              <Upload aria-hidden />
              {importing
                ? t('import.importing')
                : t('import.button', { count: importable, n: n(importable) })}
            </Button>
          </div>
        </div>
      </CardContent>
    </Card>
  );
}
