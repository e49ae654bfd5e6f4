import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ArrowDown, ArrowUp, Download, Printer } from 'lucide-react';
import { Button } from '@/components/ui/button';

export type Sort<K extends string> = { key: K; down: boolean };

/** Rows in the chosen order; rows without the figure last, then by name. */
export function sortRows<R extends { name: string }, K extends keyof R & string>(
  rows: readonly R[],
  key: K,
  down: boolean,
): R[] {
  const byName = (a: R, b: R) => a.name.localeCompare(b.name);
  return [...rows].sort((a, b) => {
    const x = a[key];
    const y = b[key];
    if (x === null && y === null) return byName(a, b);
    if (x === null) return 1;
    if (y === null) return -1;
    const c =
      typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
    return (down ? -c : c) || byName(a, b);
  });
}

/** A report table's header row: each column sorts by itself (text A to Z first, figures high first). */
export function SortableHead<K extends string>({
  columns,
  sort,
  onSort,
  textKeys,
}: {
  columns: { key: K; label: string }[];
  sort: Sort<K>;
  onSort: (s: Sort<K>) => void;
  textKeys: readonly K[];
}) {
  const { t } = useTranslation('reports');
  return (
    <thead>
      <tr className="border-b text-left">
        {columns.map((c) => (
          <th
            key={c.key}
            scope="col"
            className="p-2"
            aria-sort={sort.key === c.key ? (sort.down ? 'descending' : 'ascending') : 'none'}
          >
            <button
              type="button"
              className="inline-flex min-h-11 items-center gap-1 font-medium"
              aria-label={t('sortBy', { column: c.label })}
              onClick={() =>
                onSort({
                  key: c.key,
                  down: sort.key === c.key ? !sort.down : !textKeys.includes(c.key),
                })
              }
            >
              {c.label}
              {sort.key === c.key ? (
                sort.down ? (
                  <ArrowDown className="size-3" aria-hidden />
                ) : (
                  <ArrowUp className="size-3" aria-hidden />
                )
              ) : null}
            </button>
          </th>
        ))}
      </tr>
    </thead>
  );
}

/** A report tab's heading, introduction, and its Print and Export CSV buttons. */
export function ReportHeader({
  title,
  intro,
  disabled,
  onExport,
}: {
  title: string;
  intro: ReactNode;
  disabled: boolean;
  onExport: () => void;
}) {
  const { t } = useTranslation('reports');
  return (
    <div className="flex flex-wrap items-start justify-between gap-3">
      <div className="grid gap-1">
        <h2 className="text-lg font-semibold">{title}</h2>
        <p className="max-w-2xl text-sm text-muted-foreground">{intro}</p>
      </div>
      <div className="no-print flex flex-wrap gap-2">
        <Button variant="outline" onClick={() => window.print()} disabled={disabled}>
          <Printer aria-hidden /> {t('print')}
        </Button>
        <Button variant="outline" onClick={onExport} disabled={disabled}>
          <Download aria-hidden /> {t('export')}
        </Button>
      </div>
    </div>
  );
}
