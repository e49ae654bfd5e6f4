import { formatMonth, formatUsd } from '@/lib/format';

export type MonthCosts = {
  month: string;
  parts: number;
  labor: number;
  other: number;
  total: number;
};

/** The table's amount columns, in order (the total last, in bold). */
const AMOUNTS = ['parts', 'labor', 'other', 'total'] as const;

/**
 * Maintenance cost per month (issue 27): parts, labour, other and the month's total, one row a month.
 * The one table the Costs report and the machine page's costs card show; each passes its own words.
 */
export function CostsByMonthTable({
  months,
  labels,
  caption,
}: {
  months: readonly MonthCosts[];
  labels: { month: string; parts: string; labor: string; other: string; total: string };
  /** Read by screen readers (the table's name); not shown. */
  caption?: string;
}) {
  return (
    // A wide table scrolls sideways on a phone; the region takes the keyboard focus so it can be scrolled
    // without a mouse (axe: scrollable-region-focusable).
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={caption}>
      {/* Cells padded apart: on a 390 px phone the amounts would otherwise run into each other. */}
      <table className="w-full text-sm tabular-nums [&_td]:pl-3 [&_td]:whitespace-nowrap [&_th]:whitespace-nowrap [&_thead_th+th]:pl-3">
        {caption ? <caption className="sr-only">{caption}</caption> : null}
        <thead>
          <tr className="text-left">
            <th scope="col">{labels.month}</th>
            {AMOUNTS.map((k) => (
              <th key={k} scope="col" className="text-right">
                {labels[k]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {months.map((m) => (
            <tr key={m.month} className="border-t">
              <th scope="row" className="py-1 text-left font-normal">
                {formatMonth(m.month)}
              </th>
              {AMOUNTS.map((k) => (
                <td key={k} className={k === 'total' ? 'text-right font-semibold' : 'text-right'}>
                  {formatUsd(m[k])}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
