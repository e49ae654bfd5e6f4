/**
 * The machine page's own figures beside its peers' (issue 45): its fuel rate and its usage per day
 * over the last 30 days against its type's median. The machine's own rows are read inside the page's
 * one statement as JSON subqueries, its type's from type-peers.ts (kept between views), both with the
 * Fuel and Utilization reports' own SQL (peer-sql.ts), and turned into figures by the reports' own
 * domain functions: the page and the reports give one number (API test reports/fuel.test.ts).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { VolumeUnit } from '@domain/fuel';
import type { MachinePeers } from '@domain/schemas/machine-page';
import { utilizationOf } from '@domain/utilization';
import {
  fuelMachinesSql,
  fuelRowsOf,
  fuelSummarySql,
  periodSql,
  utilizationMachineOf,
  utilizationSql,
  type FuelMachineRow,
  type FuelSummaryRow,
  type UtilizationSqlRow,
} from './peer-sql';

/** A type's active machines' rows of the two reports (type-peers.ts keeps them). */
export type TypeRows = {
  machines: FuelMachineRow[];
  fuel: FuelSummaryRow[];
  use: UtilizationSqlRow[];
};

const rowsJson = (q: SQL) =>
  sql<unknown>`(select coalesce(json_agg(row_to_json(x)), '[]') from (${q}) x)`;

/**
 * The two reports' rows over `from`..`to` as JSON columns: of one machine (`id`, the page statement's
 * own rows) or of a type (type-peers.ts).
 */
export function machinePeersSql(p: {
  company: SQL;
  id?: SQL;
  type?: SQL;
  from: unknown;
  to: unknown;
  tz: unknown;
}) {
  const scope = { company: p.company, id: p.id, type: p.type };
  const { start, end } = periodSql(p.from, p.to, p.tz);
  return {
    peerMachines: rowsJson(fuelMachinesSql(scope)),
    peerFuel: rowsJson(fuelSummarySql(scope, start, end)),
    peerUse: rowsJson(utilizationSql(scope, p.tz, start, end)),
  };
}

export const jsonList = <T>(raw: unknown): T[] =>
  raw === null || raw === undefined
    ? []
    : ((typeof raw === 'string' ? JSON.parse(raw) : raw) as T[]);

/** The type's rows with the machine's own read now in place of any kept (none when it is retired). */
function withOwn<T>(kept: readonly T[], own: readonly T[], idOf: (r: T) => string, id: string) {
  return [...kept.filter((r) => idOf(r) !== id), ...own];
}

/** The machine's rows of the two reports among its type's (null when retired: in neither report). */
export function machinePeersOf(
  raw: { peerMachines: unknown; peerFuel: unknown; peerUse: unknown },
  type: TypeRows,
  machineId: string,
  period: { from: string; to: string },
  today: string,
  volumeUnit: VolumeUnit,
): MachinePeers {
  const machines = withOwn(
    type.machines,
    jsonList<FuelMachineRow>(raw.peerMachines),
    (r) => r.id,
    machineId,
  );
  const fuel = withOwn(
    type.fuel,
    jsonList<FuelSummaryRow>(raw.peerFuel),
    (r) => r.equipment_id,
    machineId,
  );
  const use = withOwn(type.use, jsonList<UtilizationSqlRow>(raw.peerUse), (r) => r.id, machineId);
  const f = fuelRowsOf(machines, fuel, volumeUnit).rows.find((m) => m.equipmentId === machineId);
  const u = utilizationOf(use.map(utilizationMachineOf), period, today).machines.find(
    (m) => m.equipmentId === machineId,
  );
  return {
    fuel: f
      ? {
          ...period,
          fuelUsed: f.fuelUsed,
          volumeUnit: f.volumeUnit,
          fuelRate: f.fuelRate,
          rateUnit: f.rateUnit,
          reason: f.reason,
          peers: f.peers,
          peerMedian: f.peerMedian,
          percentAbovePeers: f.percentAbovePeers,
          flagged: f.flagged,
          overTankFillUps: f.overTankFillUps,
        }
      : null,
    utilization: u
      ? {
          ...period,
          perDay: u.perDay,
          typeMedianPerDay: u.typeMedianPerDay,
          idleDays: u.idleDays,
          idle: u.idle,
        }
      : null,
  };
}
