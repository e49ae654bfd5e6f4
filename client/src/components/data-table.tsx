import type { HTMLAttributes, ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { cn } from '@/lib/utils';

/** One column of a DataTable: its header, and what each row shows in it. */
export type Column<T> = {
  key: string;
  head: ReactNode;
  /** Classes on both the header and the cells (alignment, widths, no-print). */
  className?: string;
  /** Classes on the header only, or on the cells only. */
  headClassName?: string;
  cellClassName?: string;
  cell: (row: T) => ReactNode;
};

/**
 * A list's table: one header row from the columns, one body row per item. The lists of several
 * features (equipment, retired, employees, accounts, programs, the dashboard overview) share it.
 */
export function DataTable<T>({
  rows,
  columns,
  rowKey,
  rowProps,
}: {
  rows: readonly T[];
  columns: readonly (Column<T> | false | null | undefined)[];
  rowKey: (row: T) => string;
  rowProps?: (row: T) => HTMLAttributes<HTMLTableRowElement> & Record<`data-${string}`, string>;
}) {
  const cols = columns.filter((c): c is Column<T> => Boolean(c));
  return (
    <Table>
      <TableHeader>
        <TableRow>
          {cols.map((c) => (
            <TableHead key={c.key} className={cn(c.className, c.headClassName) || undefined}>
              {c.head}
            </TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={rowKey(row)} {...rowProps?.(row)}>
            {cols.map((c) => (
              <TableCell key={c.key} className={cn(c.className, c.cellClassName) || undefined}>
                {c.cell(row)}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** A card's label and value in a mobile list (`<dl>`'s item). */
export function DetailItem({
  label,
  children,
  className,
}: {
  label: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div>
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className={className}>{children}</dd>
    </div>
  );
}

/** A list with nothing in it: a title, a line of explanation and an optional action. */
export function EmptyState({
  title,
  body,
  className,
  children,
}: {
  title: ReactNode;
  body: ReactNode;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <Card className={cn('grid justify-items-center gap-3 p-10 text-center', className)}>
      <h2 className="text-lg font-semibold">{title}</h2>
      <p className="text-sm text-muted-foreground">{body}</p>
      {children}
    </Card>
  );
}
