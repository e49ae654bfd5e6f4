import {
  equipmentColumnFields,
  historyImportFields,
  type Cell,
  type DateOrder,
  type DecimalMark,
  type ImportFormat,
} from '@domain/import';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { NativeSelect } from '@/components/ui/native-select';
import type { MappingProblem } from '../lib/outcome';
import type { Sheet } from '../lib/read-file';
import type { ImportKind } from '../lib/template';
import { FormField } from '@/components/form-field';

/** A cell as the mapping table shows it: an .xlsx number with the language's decimal mark, no grouping (serial numbers stay as typed). */
const sampleOf = (c: Cell, lang: 'en' | 'es') =>
  typeof c === 'number'
    ? lang === 'es'
      ? String(c).replace('.', ',')
      : String(c)
    : c === null
      ? ''
      : String(c);

/** Step 2: the file's number and date format, and which field each column holds (guessed first). */
export function ColumnsStep({
  kind,
  sheet,
  mapping,
  onMapping,
  format,
  onFormat,
  problem,
  busy,
  checking,
  onCheck,
}: {
  kind: ImportKind;
  sheet: Sheet;
  mapping: (string | null)[];
  onMapping: (mapping: (string | null)[]) => void;
  format: ImportFormat;
  onFormat: (format: ImportFormat) => void;
  problem: MappingProblem | null;
  busy: boolean;
  checking: boolean;
  onCheck: () => void;
}) {
  const { t, i18n } = useTranslation('import');
  const lang = i18n.language.startsWith('es') ? 'es' : 'en';
  const fields: readonly string[] =
    kind === 'equipment' ? equipmentColumnFields : historyImportFields;
  const problemText = problem
    ? t(problem.key, problem.field ? { field: t(`fields.${problem.field}`) } : {})
    : null;

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">{t('steps.columns')}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <p className="text-sm text-muted-foreground">{t('columns.help')}</p>
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <FormField id="import-decimal" label={t('columns.decimal')}>
            <NativeSelect
              id="import-decimal"
              value={format.decimal}
              onChange={(e) => onFormat({ ...format, decimal: e.target.value as DecimalMark })}
            >
              <option value=".">{t('columns.decimalDot')}</option>
              <option value=",">{t('columns.decimalComma')}</option>
            </NativeSelect>
          </FormField>
          <FormField id="import-dates" label={t('columns.dateOrder')}>
            <NativeSelect
              id="import-dates"
              value={format.dateOrder}
              onChange={(e) => onFormat({ ...format, dateOrder: e.target.value as DateOrder })}
            >
              <option value="mdy">{t('columns.mdy')}</option>
              <option value="dmy">{t('columns.dmy')}</option>
            </NativeSelect>
          </FormField>
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
                  <td className="py-2 pr-3 font-medium wrap-anywhere">{h || `#${i + 1}`}</td>
                  <td className="hidden max-w-48 truncate py-2 pr-3 text-muted-foreground sm:table-cell">
                    {sampleOf(sheet.rows[0]?.[i] ?? null, lang)}
                  </td>
                  <td className="min-w-44 py-2">
                    <NativeSelect
                      aria-label={t('columns.fieldFor', { header: h || `#${i + 1}` })}
                      value={mapping[i] ?? ''}
                      onChange={(e) => {
                        const next = [...mapping];
                        next[i] = e.target.value || null;
                        onMapping(next);
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
        {problemText ? (
          <p role="alert" className="text-sm text-destructive">
            {problemText}
          </p>
        ) : null}
        <div className="flex flex-wrap items-center gap-3">
          <Button onClick={onCheck} disabled={busy || !!problem}>
            {checking ? t('preview.checking') : t('preview.check')}
          </Button>
          <span className="text-sm text-muted-foreground">{t('preview.help')}</span>
        </div>
      </CardContent>
    </Card>
  );
}
