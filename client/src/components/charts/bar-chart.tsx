import type { ComponentProps } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';

/** One series of bars: its key in the data, its name in the legend, its colour (and stack). */
export type BarSeries = { dataKey: string; name: string; fill: string; stackId?: string };

/**
 * The app's bar chart (recharts; import it only from lazily loaded chunks): a dashed grid, both axes,
 * a tooltip, a legend and still bars, filling its parent. The table beside each chart is the
 * accessible version: the chart takes no keyboard focus.
 */
export function BarFrame({
  data,
  bars,
  layout,
  margin,
  grid,
  xAxis,
  yAxis,
  tooltip,
}: {
  data: object[];
  bars: BarSeries[];
  layout?: 'vertical';
  margin: { left: number; right: number; top: number; bottom: number };
  grid?: { vertical: boolean };
  xAxis: ComponentProps<typeof XAxis>;
  yAxis: ComponentProps<typeof YAxis>;
  tooltip: ComponentProps<typeof Tooltip>['formatter'];
}) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart
        data={data}
        {...(layout ? { layout } : {})}
        margin={margin}
        accessibilityLayer={false}
      >
        <CartesianGrid strokeDasharray="3 3" {...grid} />
        <XAxis {...xAxis} />
        <YAxis {...yAxis} />
        <Tooltip formatter={tooltip} />
        <Legend />
        {bars.map((b) => (
          <Bar key={b.dataKey} {...b} isAnimationActive={false} />
        ))}
      </BarChart>
    </ResponsiveContainer>
  );
}

/** A machine's name on a bar chart's axis: at most 14 characters. */
export const shortName = (name: string) => (name.length > 14 ? `${name.slice(0, 13)}…` : name);

/**
 * One horizontal bar (or one per series) per machine, named on the left: the reports' machine charts.
 * `x` is the figures' axis (its tick format, and its domain where fixed).
 */
export function MachineBarChart({
  data,
  bars,
  x,
  tooltip,
}: {
  data: object[];
  bars: BarSeries[];
  x: ComponentProps<typeof XAxis>;
  tooltip: ComponentProps<typeof Tooltip>['formatter'];
}) {
  return (
    <BarFrame
      data={data}
      bars={bars}
      layout="vertical"
      margin={{ left: 8, right: 16, top: 8, bottom: 0 }}
      xAxis={{ type: 'number', fontSize: 11, ...x }}
      yAxis={{ type: 'category', dataKey: 'name', width: 110, fontSize: 11 }}
      tooltip={tooltip}
    />
  );
}
