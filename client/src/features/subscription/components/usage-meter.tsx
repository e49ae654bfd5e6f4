import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

/**
 * One of the plan's limits: its label and figures above a bar (a `progressbar` of `value` out of
 * `max`) filled to `pct` percent in `barColor`; `bar={false}` shows the figures only (no limit).
 */
export function UsageMeter({
  label,
  figures,
  figuresClassName,
  value,
  max,
  pct,
  barColor,
  bar = true,
}: {
  label: string;
  figures: ReactNode;
  figuresClassName?: string;
  value: number;
  max: number;
  pct: number;
  barColor: string;
  bar?: boolean;
}) {
  return (
    <div>
      <div className="mb-1 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-0.5 text-sm">
        <span className="font-medium">{label}</span>
        <span className={figuresClassName}>{figures}</span>
      </div>
      {bar && (
        <div
          className="h-2.5 w-full overflow-hidden rounded-full bg-slate-200"
          role="progressbar"
          aria-label={label}
          aria-valuemin={0}
          aria-valuemax={max}
          aria-valuenow={value}
        >
          <div className={cn('h-full rounded-full', barColor)} style={{ width: `${pct}%` }} />
        </div>
      )}
    </div>
  );
}
