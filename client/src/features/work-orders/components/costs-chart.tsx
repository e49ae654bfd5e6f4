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
import type { CostsDto } from '@domain/schemas/work-orders';
import { formatMonth, formatUsd } from '@/lib/format';

/** Maintenance cost per month, stacked parts / labour / other (recharts; loaded lazily). */
export default function CostsChart({
  months,
  labels,
}: {
  months: CostsDto['months'];
  labels: { parts: string; labor: string; other: string };
}) {
  const data = months.map((m) => ({ ...m, name: formatMonth(m.month) }));
  return (
    <div className="h-64 w-full" aria-hidden>
      <ResponsiveContainer width="100%" height="100%">
        {/* The table beside it is the accessible version: the chart takes no keyboard focus. */}
        <BarChart
          data={data}
          margin={{ left: 8, right: 8, top: 4, bottom: 4 }}
          accessibilityLayer={false}
        >
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="name" fontSize={12} />
          <YAxis fontSize={12} tickFormatter={(v: number) => formatUsd(v)} width={80} />
          <Tooltip formatter={(v) => formatUsd(Number(v))} />
          <Legend />
          <Bar
            dataKey="parts"
            name={labels.parts}
            stackId="c"
            fill="#2563eb"
            isAnimationActive={false}
          />
          <Bar
            dataKey="labor"
            name={labels.labor}
            stackId="c"
            fill="#f59e0b"
            isAnimationActive={false}
          />
          <Bar
            dataKey="other"
            name={labels.other}
            stackId="c"
            fill="#64748b"
            isAnimationActive={false}
          />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
