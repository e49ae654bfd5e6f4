import type { MonthTotal, ServicePoint, UsagePoint } from '@domain/schemas/machine-page';
import {
  Bar,
  BarChart,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Scatter,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { formatDate, formatMonth, formatNumber } from '@/lib/format';

/**
 * The machine page's charts (recharts, loaded lazily by the page). Each is drawn for a 390 px phone
 * as well as a desktop: few ticks, short labels. Their text alternatives live in the page
 * (chart-card.tsx), not here, so they are there before this chunk loads.
 */

const tickDate = (v: number) => formatDate(new Date(v)).replace(/,? \d{4}$/, '');

export function UsageChart({
  usage,
  services,
  labels,
}: {
  usage: UsagePoint[];
  services: ServicePoint[];
  labels: { usage: string; voided: string; service: string; unit: string };
}) {
  const kept = usage.filter((p) => !p.voided).map((p) => ({ t: Date.parse(p.at), usage: p.usage }));
  const voided = usage
    .filter((p) => p.voided)
    .map((p) => ({ t: Date.parse(p.at), usage: p.usage }));
  const serviced = services
    .filter((s) => s.usage !== null)
    .map((s) => ({ t: Date.parse(`${s.date}T12:00:00Z`), usage: s.usage }));
  const all = [...kept, ...voided, ...serviced].map((p) => p.t);
  // Services as green diamonds, voided readings as red crosses.
  const marks = [
    { data: serviced, name: labels.service, fill: '#16a34a', shape: 'diamond' },
    { data: voided, name: labels.voided, fill: '#dc2626', shape: 'cross' },
  ] as const;
  const domain = [Math.min(...all), Math.max(...all)];
  return (
    <ResponsiveContainer width="100%" height="100%">
      <ComposedChart margin={{ left: 4, right: 24, top: 8, bottom: 0 }}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis
          type="number"
          dataKey="t"
          scale="time"
          domain={domain}
          tickFormatter={tickDate}
          fontSize={11}
          tickCount={4}
          minTickGap={24}
          padding={{ left: 12, right: 12 }}
        />
        <YAxis
          type="number"
          dataKey="usage"
          fontSize={11}
          width={48}
          tickFormatter={(v: number) => formatNumber(v, 0)}
        />
        <Tooltip
          labelFormatter={(v) => formatDate(new Date(Number(v)))}
          formatter={(v) => `${formatNumber(Number(v))} ${labels.unit}`}
        />
        <Legend wrapperStyle={{ fontSize: 12 }} />
        <Line
          data={kept}
          dataKey="usage"
          name={labels.usage}
          stroke="#2563eb"
          strokeWidth={2}
          dot={kept.length < 40}
          isAnimationActive={false}
        />
        {marks.map((m) =>
          m.data.length ? (
            <Scatter
              key={m.shape}
              data={m.data}
              dataKey="usage"
              name={m.name}
              fill={m.fill}
              shape={m.shape}
              isAnimationActive={false}
            />
          ) : null,
        )}
      </ComposedChart>
    </ResponsiveContainer>
  );
}

export function MonthChart({
  months,
  name,
  color,
  format,
}: {
  months: MonthTotal[];
  name: string;
  color: string;
  format: (v: number) => string;
}) {
  const data = months.map((m) => ({ month: formatMonth(m.month), value: m.value }));
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={data} margin={{ left: 0, right: 8, top: 8, bottom: 0 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="month" fontSize={11} minTickGap={8} />
        <YAxis fontSize={11} width={48} tickFormatter={(v: number) => formatNumber(v, 0)} />
        <Tooltip formatter={(v) => format(Number(v))} />
        <Bar
          dataKey="value"
          name={name}
          fill={color}
          radius={[4, 4, 0, 0]}
          isAnimationActive={false}
        />
      </BarChart>
    </ResponsiveContainer>
  );
}
