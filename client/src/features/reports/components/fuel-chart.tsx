import type { FuelReport } from '@domain/schemas/reports';
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
 * Each machine's fuel against its peers' median, as a share (100 = the same as its peers), recharts
 * loaded lazily by the page; its text alternative is the table beside it.
 */
export default function FuelChart({
  rows,
  labels,
}: {
  rows: FuelReport['machines'];
  labels: { machine: string; peers: string };
}) {
  const data = rows.map((r) => ({
    name: r.name.length > 14 ? `${r.name.slice(0, 13)}…` : r.name,
    machine: 100 + (r.percentAbovePeers ?? 0),
    peers: 100,
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
          fontSize={11}
          tickFormatter={(v: number) => `${formatNumber(v, 0)} %`}
        />
        <YAxis type="category" dataKey="name" width={110} fontSize={11} />
        <Tooltip formatter={(v) => `${formatNumber(Number(v), 1)} %`} />
        <Legend />
        <Bar dataKey="machine" name={labels.machine} fill="#b45309" isAnimationActive={false} />
        <Bar dataKey="peers" name={labels.peers} fill="#94a3b8" isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}
