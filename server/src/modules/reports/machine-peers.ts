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
import { listOf } from '../../lib/list-of';
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

/** A machine's rows as one text: the same text when read again with nothing changed. */
const ownText = (o: TypeRows) => JSON.stringify([o.machines, o.fuel, o.use]);

/** The two reports' rows of every machine of a type (as the reports compute them). */
function figuresOf(
  rows: TypeRows,
  period: { from: string; to: string },
  today: string,
  volumeUnit: VolumeUnit,
) {
  return {
    fuel: fuelRowsOf(rows.machines, rows.fuel, volumeUnit).rows,
    use: utilizationOf(rows.use.map(utilizationMachineOf), period, today).machines,
  };
}
type Figures = ReturnType<typeof figuresOf>;

/**
 * The kept type's figures, computed once per kept rows, day and unit, with each machine's rows as text:
 * a page whose own rows read now are the kept ones takes its figures from here (the same inputs give
 * the same figures), instead of computing 2,500 peers again on each view.
 */
const computed = new WeakMap<
  TypeRows,
  Map<
    string,
    {
      fuel: Map<string, Figures['fuel'][number]>;
      use: Map<string, Figures['use'][number]>;
      own: Map<string, string>;
    }
  >
>();
function keptFigures(
  type: TypeRows,
  period: { from: string; to: string },
  today: string,
  volumeUnit: VolumeUnit,
) {
  let byKey = computed.get(type);
  if (!byKey) computed.set(type, (byKey = new Map()));
  const key = [period.from, period.to, today, volumeUnit].join('|');
  let kept = byKey.get(key);
  if (!kept) {
    const f = figuresOf(type, period, today, volumeUnit);
    const pick = <T>(list: readonly T[], idOf: (r: T) => string) => {
      const m = new Map<string, T[]>();
      for (const r of list) listOf(m, idOf(r)).push(r);
      return m;
    };
    const machines = pick(type.machines, (r) => r.id);
    const fuel = pick(type.fuel, (r) => r.equipment_id);
    const use = pick(type.use, (r) => r.id);
    kept = {
      fuel: new Map(f.fuel.map((r) => [r.equipmentId, r])),
      use: new Map(f.use.map((r) => [r.equipmentId, r])),
      own: new Map(
        type.machines.map((m) => [
          m.id,
          ownText({
            machines: machines.get(m.id) ?? [],
            fuel: fuel.get(m.id) ?? [],
            use: use.get(m.id) ?? [],
          }),
        ]),
      ),
    };
    byKey.set(key, kept);
  }
  return kept;
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
  const own: TypeRows = {
    machines: jsonList<FuelMachineRow>(raw.peerMachines),
    fuel: jsonList<FuelSummaryRow>(raw.peerFuel),
    use: jsonList<UtilizationSqlRow>(raw.peerUse),
  };
  let f: Figures['fuel'][number] | undefined;
  let u: Figures['use'][number] | undefined;
  const kept = keptFigures(type, period, today, volumeUnit);
  if (own.machines.length && kept.own.get(machineId) === ownText(own)) {
    f = kept.fuel.get(machineId);
    u = kept.use.get(machineId);
  } else {
    // Its own rows changed since the type's were kept (or it is new to them): computed with them.
    const all = figuresOf(
      {
        machines: withOwn(type.machines, own.machines, (r) => r.id, machineId),
        fuel: withOwn(type.fuel, own.fuel, (r) => r.equipment_id, machineId),
        use: withOwn(type.use, own.use, (r) => r.id, machineId),
      },
      period,
      today,
      volumeUnit,
    );
    f = all.fuel.find((m) => m.equipmentId === machineId);
    u = all.use.find((m) => m.equipmentId === machineId);
  }
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
