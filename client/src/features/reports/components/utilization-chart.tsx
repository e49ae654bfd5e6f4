import type { UtilizationReport } from '@domain/schemas/reports';
import { MachineBarChart, shortName } from '@/components/charts/bar-chart';
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
    name: shortName(r.name),
    perDay: r.perDay ?? 0,
    median: r.typeMedianPerDay ?? 0,
  }));
  return (
    <MachineBarChart
      data={data}
      x={{ tickFormatter: (v: number) => formatNumber(v, 1) }}
      tooltip={(v) => formatNumber(Number(v), 2)}
      bars={[
        { dataKey: 'perDay', name: labels.perDay, fill: '#1d4ed8' },
        { dataKey: 'median', name: labels.median, fill: '#94a3b8' },
      ]}
    />
  );
}
