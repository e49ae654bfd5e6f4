/**
 * The machine page's own figures beside its peers' (issue 45): its fuel rate and its usage per day
 * over the last 30 days against its type's median. Read inside the page's one statement as JSON
 * subqueries, with the Fuel and Utilization reports' own SQL (peer-sql.ts) limited to the machine's
 * company and type (its peers are that type), and turned into figures by the reports' own domain
 * functions: the page and the reports give one number (API test reports/fuel.test.ts).
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

const rowsJson = (q: SQL) =>
  sql<unknown>`(select coalesce(json_agg(row_to_json(x)), '[]') from (${q}) x)`;

/** The page statement's columns: the reports' rows of the machine's type over `from`..`to`. */
export function machinePeersSql(p: {
  company: SQL;
  type: SQL;
  from: unknown;
  to: unknown;
  tz: unknown;
}) {
  const scope = { company: p.company, type: p.type };
  const { start, end } = periodSql(p.from, p.to, p.tz);
  return {
    peerMachines: rowsJson(fuelMachinesSql(scope)),
    peerFuel: rowsJson(fuelSummarySql(scope, start, end)),
    peerUse: rowsJson(utilizationSql(scope, p.tz, start, end)),
  };
}

const list = <T>(raw: unknown): T[] =>
  raw === null || raw === undefined
    ? []
    : ((typeof raw === 'string' ? JSON.parse(raw) : raw) as T[]);

/** The machine's rows of the two reports (null when retired: in neither report). */
export function machinePeersOf(
  raw: { peerMachines: unknown; peerFuel: unknown; peerUse: unknown },
  machineId: string,
  period: { from: string; to: string },
  today: string,
  volumeUnit: VolumeUnit,
): MachinePeers {
  const f = fuelRowsOf(
    list<FuelMachineRow>(raw.peerMachines),
    list<FuelSummaryRow>(raw.peerFuel),
    volumeUnit,
  ).rows.find((m) => m.equipmentId === machineId);
  const u = utilizationOf(
    list<UtilizationSqlRow>(raw.peerUse).map(utilizationMachineOf),
    period,
    today,
  ).machines.find((m) => m.equipmentId === machineId);
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
