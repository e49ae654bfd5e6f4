import type { DowntimeReport } from '@domain/schemas/reports';
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
import { formatPercent } from '@/lib/format';

/**
 * Availability of the least available machines (recharts, loaded lazily by the tab). Its text
 * alternative is in the tab, before this chunk loads.
 */
export default function DowntimeChart({
  rows,
  label,
}: {
  rows: DowntimeReport['machines'];
  label: string;
}) {
  const data = rows.map((r) => ({
    name: r.name.length > 14 ? `${r.name.slice(0, 13)}…` : r.name,
    availability: r.availability,
  }));
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart
        data={data}
        layout="vertical"
        margin={{ left: 8, right: 16, top: 8, bottom: 0 }}
        accessibilityLayer={false}
      >
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis
          type="number"
          domain={[0, 1]}
          fontSize={11}
          tickFormatter={(v: number) => formatPercent(v)}
        />
        <YAxis type="category" dataKey="name" width={110} fontSize={11} />
        <Tooltip formatter={(v) => formatPercent(Number(v))} />
        <Legend />
        <Bar dataKey="availability" name={label} fill="#1d4ed8" isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}
