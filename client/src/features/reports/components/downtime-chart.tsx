import type { DowntimeReport } from '@domain/schemas/reports';
import { MachineBarChart, shortName } from '@/components/charts/bar-chart';
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
  const data = rows.map((r) => ({ name: shortName(r.name), availability: r.availability }));
  return (
    <MachineBarChart
      data={data}
      x={{ domain: [0, 1], tickFormatter: (v: number) => formatPercent(v) }}
      tooltip={(v) => formatPercent(Number(v))}
      bars={[{ dataKey: 'availability', name: label, fill: '#1d4ed8' }]}
    />
  );
}
