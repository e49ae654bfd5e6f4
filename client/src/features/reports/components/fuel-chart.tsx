import type { FuelReport } from '@domain/schemas/reports';
import { MachineBarChart, shortName } from '@/components/charts/bar-chart';
import { formatPercent } from '@/lib/format';

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
    name: shortName(r.name),
    machine: 100 + (r.percentAbovePeers ?? 0),
    peers: 100,
  }));
  return (
    <MachineBarChart
      data={data}
      x={{ tickFormatter: (v: number) => formatPercent(v / 100, 0) }}
      tooltip={(v) => formatPercent(Number(v) / 100)}
      bars={[
        { dataKey: 'machine', name: labels.machine, fill: '#b45309' },
        { dataKey: 'peers', name: labels.peers, fill: '#94a3b8' },
      ]}
    />
  );
}
