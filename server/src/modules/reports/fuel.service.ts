/**
 * Fleet insight, fuel (issue 45): `GET /api/reports/fuel`. Three statements: the company's active
 * machines (every one: peers are the whole type, whatever the filters); the fill-ups in the period
 * summed per machine, with the usage at the first and the last (peer-sql.ts fuelSummarySql).
 * domain/fuel-rate.ts turns them into each machine's fuel rate, its peers'
 * median and the flag (docs/decisions/fleet-insight.md "Fuel rate").
 */
import { sql } from 'drizzle-orm';
import { asVolumeUnit, volumeIn } from '@domain/fuel';
import type { FuelReport, ReportQuery } from '@domain/schemas/reports';
import type { Deps } from '../../deps';
import type { CompanyContext } from '../../plugins/session';
import { companyToday, findAnyRow, rowsOf } from '../equipment/index';
import {
  fuelMachinesSql,
  fuelRowsOf,
  fuelSummarySql,
  periodSql,
  type FuelMachineRow,
  type FuelSummaryRow,
} from './peer-sql';
import { periodOf } from './utilization.service';

/** The company whose machines are read: its id, time zone and volume unit. */
export type FuelCompany = { id: string; timeZone: string; volumeUnit: string | null };

/**
 * Every active machine of the company with its fuel rate against its peers over `from`..`to` (the
 * rows of the Fuel report, and the flag the machine page and the digest show), and each one's gallons.
 */
export async function companyFuelRates(deps: Deps, c: FuelCompany, from: string, to: string) {
  const volumeUnit = asVolumeUnit(c.volumeUnit);
  const { start, end } = periodSql(from, to, c.timeZone);
  const scope = { company: sql`${c.id}::uuid` };
  // Side by side (two pooled connections on PostgreSQL).
  const [machineRes, summaryRes] = await Promise.all([
    deps.db.execute(fuelMachinesSql(scope)),
    deps.db.execute(fuelSummarySql(scope, start, end)),
  ]);
  return fuelRowsOf(
    rowsOf<FuelMachineRow>(machineRes),
    rowsOf<FuelSummaryRow>(summaryRes),
    volumeUnit,
  );
}

export async function fuelReport(
  deps: Deps,
  ctx: CompanyContext,
  q: ReportQuery,
): Promise<FuelReport> {
  const today = companyToday(deps, ctx);
  const { from, to } = periodOf(q, today);
  if (q.equipmentId) await findAnyRow(deps.db, ctx, q.equipmentId);
  const volumeUnit = asVolumeUnit(ctx.company.volumeUnit);
  const { rows: all, gallons: gallonsOf } = await companyFuelRates(
    deps,
    { id: ctx.companyId, timeZone: ctx.company.timeZone, volumeUnit },
    from,
    to,
  );
  const shown = all.filter(
    (m) => (!q.type || m.type === q.type) && (!q.equipmentId || m.equipmentId === q.equipmentId),
  );
  const gallons = shown.reduce((s, m) => s + (gallonsOf.get(m.equipmentId) ?? 0), 0);
  return {
    from,
    to,
    volumeUnit,
    machines: shown,
    totals: {
      machines: shown.length,
      fuelUsed: volumeIn(gallons, volumeUnit),
      flagged: shown.filter((m) => m.flagged).length,
    },
  };
}
