import type { CostsDto } from '@domain/schemas/work-orders';
import { BarFrame } from '@/components/charts/bar-chart';
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
      <BarFrame
        data={data}
        margin={{ left: 8, right: 8, top: 4, bottom: 4 }}
        grid={{ vertical: false }}
        xAxis={{ dataKey: 'name', fontSize: 12 }}
        yAxis={{ fontSize: 12, tickFormatter: (v: number) => formatUsd(v), width: 80 }}
        tooltip={(v) => formatUsd(Number(v))}
        bars={[
          { dataKey: 'parts', name: labels.parts, stackId: 'c', fill: '#2563eb' },
          { dataKey: 'labor', name: labels.labor, stackId: 'c', fill: '#f59e0b' },
          { dataKey: 'other', name: labels.other, stackId: 'c', fill: '#64748b' },
        ]}
      />
    </div>
  );
}
