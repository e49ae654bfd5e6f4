import type { CostsReport } from '@domain/schemas/reports';
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
import { formatMonth, formatUsd } from '@/lib/format';

/**
 * The fleet's cost of ownership per month, maintenance and fuel stacked (recharts, loaded lazily by the
 * page). Its text alternative (a table of the months) is in the page, before this chunk loads.
 */
export default function CostsChart({
  months,
  labels,
}: {
  months: CostsReport['months'];
  labels: { maintenance: string; fuel: string };
}) {
  const data = months.map((m) => ({
    month: formatMonth(m.month),
    maintenance: m.maintenance,
    fuel: m.fuel,
  }));
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart
        data={data}
        margin={{ left: 8, right: 16, top: 8, bottom: 0 }}
        accessibilityLayer={false}
      >
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey="month" fontSize={11} />
        <YAxis fontSize={11} width={70} tickFormatter={(v: number) => formatUsd(v)} />
        <Tooltip formatter={(v) => formatUsd(Number(v))} />
        <Legend />
        <Bar
          dataKey="maintenance"
          stackId="cost"
          name={labels.maintenance}
          fill="#1d4ed8"
          isAnimationActive={false}
        />
        <Bar
          dataKey="fuel"
          stackId="cost"
          name={labels.fuel}
          fill="#f59e0b"
          isAnimationActive={false}
        />
      </BarChart>
    </ResponsiveContainer>
  );
}
