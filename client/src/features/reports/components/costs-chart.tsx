import type { CostsReport } from '@domain/schemas/reports';
import { BarFrame } from '@/components/charts/bar-chart';
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
    <BarFrame
      data={data}
      margin={{ left: 8, right: 16, top: 8, bottom: 0 }}
      xAxis={{ dataKey: 'month', fontSize: 11 }}
      yAxis={{ fontSize: 11, width: 70, tickFormatter: (v: number) => formatUsd(v) }}
      tooltip={(v) => formatUsd(Number(v))}
      bars={[
        { dataKey: 'maintenance', stackId: 'cost', name: labels.maintenance, fill: '#1d4ed8' },
        { dataKey: 'fuel', stackId: 'cost', name: labels.fuel, fill: '#f59e0b' },
      ]}
    />
  );
}
