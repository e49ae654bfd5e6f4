import type { UtilizationReport } from '@domain/schemas/reports';
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
import { formatNumber } from '@/lib/format';

/**
 * Usage per day of the most used machines against their type's median (recharts, loaded lazily by the
 * page). Its text alternative is in the page, before this chunk loads.
 */
export default function UtilizationChart({
  rows,
  labels,
}: {
  rows: UtilizationReport['machines'];
  labels: { perDay: string; median: string };
}) {
  const data = rows.map((r) => ({
    name: r.name.length > 14 ? `${r.name.slice(0, 13)}…` : r.name,
    perDay: r.perDay ?? 0,
    median: r.typeMedianPerDay ?? 0,
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
        <XAxis type="number" fontSize={11} tickFormatter={(v: number) => formatNumber(v, 1)} />
        <YAxis type="category" dataKey="name" width={110} fontSize={11} />
        <Tooltip formatter={(v) => formatNumber(Number(v), 2)} />
        <Legend />
        <Bar dataKey="perDay" name={labels.perDay} fill="#1d4ed8" isAnimationActive={false} />
        <Bar dataKey="median" name={labels.median} fill="#94a3b8" isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}
