import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { FuelSummary } from '@domain/schemas/dashboard';
import { formatNumber } from '@/lib/format';

/** The top five fuel consumers (recharts; loaded lazily by the fuel card). */
export default function FuelChart({
  top,
  label,
  unit,
}: {
  top: FuelSummary['top'];
  label: string;
  unit: string;
}) {
  const data = top.map((m) => ({ name: m.name, total: m.total }));
  return (
    <div className="h-56 w-full" role="img" aria-label={label}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} layout="vertical" margin={{ left: 8, right: 16, top: 4, bottom: 4 }}>
          <CartesianGrid strokeDasharray="3 3" horizontal={false} />
          <XAxis type="number" tickFormatter={(v: number) => formatNumber(v)} fontSize={12} />
          <YAxis
            type="category"
            dataKey="name"
            width={150}
            fontSize={12}
            tickFormatter={(v: string) => (v.length > 22 ? `${v.slice(0, 21)}…` : v)}
          />
          <Tooltip formatter={(v) => `${formatNumber(Number(v))} ${unit}`} />
          <Bar dataKey="total" fill="#2563eb" radius={[0, 4, 4, 0]} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
