import { Suspense, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { exportFileName, toCsv, type CsvColumn } from '@domain/csv';
import { PageSpinner } from '@/components/page-spinner';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { downloadText } from '@/lib/download';
import { ReportHeader, SortableHead, sortRows, type Sort } from './sortable';
import { LoadError } from '@/components/query-states';

type Machine = { equipmentId: string; name: string; type: string };

/** One column of a report's machine table: its sort key, label and cell (in a `p-2` cell). */
export type ReportColumn<R, K extends string> = {
  key: K;
  label: string;
  cell: (r: R) => ReactNode;
  /** Classes added to the cell's `p-2`. */
  className?: string;
};

/**
 * The shell every report tab shares (issue 44): heading with Print and Export CSV, the spinner or the
 * error, the summary line, the tab's own cards (charts, lists), then the machines as a sortable table
 * (name and type sort A to Z first) or the empty note, then anything after the table. The texts are
 * the tab's `reports:<name>.*` keys: title, intro, table, empty, exported.
 */
export function ReportTab<
  R extends Machine,
  K extends keyof R & string,
  D extends { from: string; to: string; machines: R[] },
>({
  name,
  query,
  today,
  initialSort,
  columns,
  csv,
  summary,
  cards,
  after,
}: {
  name: 'costs' | 'fuel' | 'utilization' | 'downtime';
  query: { isLoading: boolean; isError: boolean; error: unknown; data?: D };
  today: string;
  initialSort: Sort<K>;
  columns: ReportColumn<R, K>[];
  csv: (data: D) => CsvColumn<R>[];
  summary: (data: D) => ReactNode;
  cards?: (data: D) => ReactNode;
  after?: (data: D) => ReactNode;
}) {
  const { t } = useTranslation('reports');
  const [sort, setSort] = useState<Sort<K>>(initialSort);
  const data = query.data;
  const rows = useMemo(() => sortRows(data?.machines ?? [], sort.key, sort.down), [data, sort]);

  const onExport = () => {
    if (!data) return;
    const file = exportFileName(`${name}-${data.from}-${data.to}`, today);
    downloadText(file, toCsv(csv(data), rows));
    toast({ title: t(`${name}.exported`, { count: rows.length, file }) });
  };

  return (
    <div className="grid gap-4">
      <ReportHeader
        title={t(`${name}.title`)}
        intro={t(`${name}.intro`)}
        disabled={rows.length === 0}
        onExport={onExport}
      />
      {query.isLoading ? (
        <PageSpinner />
      ) : query.isError || !data ? (
        <LoadError t={t} error={query.error} />
      ) : (
        <>
          <p className="text-sm" data-testid={`${name}-summary`}>
            {summary(data)}
          </p>
          {cards?.(data)}
          {rows.length === 0 ? (
            <Card className="p-8 text-center text-sm text-muted-foreground">
              {t(`${name}.empty`)}
            </Card>
          ) : (
            <>
              <Card className="overflow-x-auto p-0">
                <table className="w-full text-sm" aria-label={t(`${name}.table`)}>
                  <SortableHead
                    columns={columns}
                    sort={sort}
                    onSort={setSort}
                    textKeys={['name', 'type'] as K[]}
                  />
                  <tbody>
                    {rows.map((r) => (
                      <tr key={r.equipmentId} className="border-b last:border-0">
                        {columns.map((c) => (
                          <td key={c.key} className={c.className ? `p-2 ${c.className}` : 'p-2'}>
                            {c.cell(r)}
                          </td>
                        ))}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </Card>
              {after?.(data)}
            </>
          )}
        </>
      )}
    </div>
  );
}

/** The machines with a figure for `key`, highest first, at most `n` of them (a chart's bars). */
export function topBy<R, K extends keyof R>(rows: readonly R[], key: K, n = 10): R[] {
  const v = (r: R) => (r[key] as number | null) ?? 0;
  return rows
    .filter((r) => r[key] !== null)
    .sort((a, b) => v(b) - v(a))
    .slice(0, n);
}

/** A machine's name, linking to its page, with a badge after it when given (flagged, idle, out). */
export function MachineLink({
  m,
  badge,
  badgeClassName,
}: {
  m: { equipmentId: string; name: string };
  badge?: string | false;
  badgeClassName?: string;
}) {
  return (
    <>
      <Link to={`/machines/${m.equipmentId}`} className="font-medium text-primary underline">
        {m.name}
      </Link>
      {badge ? (
        <Badge variant="outline" className={badgeClassName ? `ml-2 ${badgeClassName}` : 'ml-2'}>
          {badge}
        </Badge>
      ) : null}
    </>
  );
}

/** A report's chart card: heading, the lazily loaded chart (hidden from readers) and its caption. */
export function ChartCard({
  title,
  alt,
  height = 'h-72',
  children,
  extra,
}: {
  title: string;
  alt: string;
  height?: 'h-64' | 'h-72';
  children: ReactNode;
  /** After the figure, in the card (a table of the chart's figures). */
  extra?: ReactNode;
}) {
  return (
    <Card className="grid gap-2 p-4">
      <h3 className="font-semibold">{title}</h3>
      <figure className="grid gap-2">
        <div className={`${height} w-full`} aria-hidden>
          <Suspense fallback={null}>{children}</Suspense>
        </div>
        <figcaption className="sr-only">{alt}</figcaption>
      </figure>
      {extra}
    </Card>
  );
}

/** A flagged card listing machines (fuel above their peers, idle machines), each linking to its page. */
export function MachineListCard<M extends { equipmentId: string; name: string }>({
  testId,
  title,
  body,
  machines,
  line,
}: {
  testId: string;
  title: string;
  body?: ReactNode;
  machines: M[];
  line: (m: M) => ReactNode;
}) {
  return (
    <Card className="grid gap-2 border-amber-300 p-4" data-testid={testId}>
      <h3 className="font-semibold">{title}</h3>
      {body}
      <ul className="grid gap-1 text-sm">
        {machines.map((m) => (
          <li key={m.equipmentId}>
            <MachineLink m={m} /> · {line(m)}
          </li>
        ))}
      </ul>
    </Card>
  );
}

/** The type column's cell, the same in every report. */
export function useTypeLabel() {
  const { t } = useTranslation('equipment');
  return (r: { type: string }) => t(`types.${r.type}`);
}
