/**
 * Fleet insight, fuel (issue 45): `GET /api/reports/fuel`. Three statements: the company's active
 * machines (every one: peers are the whole type, whatever the filters); the fill-ups in the period
 * with the reading sent with each; the readings in the period with each machine's last one before it
 * (voided ones marked). domain/fuel-rate.ts turns them into each machine's fuel rate, its peers'
 * median and the flag (docs/decisions/fleet-insight.md "Fuel rate").
 */
import { sql } from 'drizzle-orm';
import { asVolumeUnit, volumeIn } from '@domain/fuel';
import { fuelRateOf, peersOf, type RateFill, type RateReading } from '@domain/fuel-rate';
import type { FuelReport, ReportQuery } from '@domain/schemas/reports';
import type { Deps } from '../../deps';
import type { CompanyContext } from '../../plugins/session';
import { companyToday, costNum, findAnyRow, rowsOf } from '../equipment/index';
import { MACHINE_LIMIT, periodOf } from './utilization.service';

const ms = (col: string) => sql.raw(`(extract(epoch from ${col}) * 1000)::float8`);

export async function fuelReport(
  deps: Deps,
  ctx: CompanyContext,
  q: ReportQuery,
): Promise<FuelReport> {
  const today = companyToday(deps, ctx);
  const { from, to } = periodOf(q, today);
  if (q.equipmentId) await findAnyRow(deps.db, ctx, q.equipmentId);
  const tz = ctx.company.timeZone;
  const volumeUnit = asVolumeUnit(ctx.company.volumeUnit);
  const start = sql`((${from}::date)::timestamp at time zone ${tz})`;
  const end = sql`((${to}::date + 1)::timestamp at time zone ${tz})`;
  const machineRows = rowsOf<{ id: string; name: string; type: string; unit: string }>(
    await deps.db.execute(sql`
      select e.id, e.name, e.type, e.unit from equipment e
      where e.company_id = ${ctx.companyId}::uuid and e.retired_at is null
      order by lower(e.name), e.id
      limit ${MACHINE_LIMIT}`),
  );
  const fillRows = rowsOf<{
    equipment_id: string;
    at: number | string;
    gallons: unknown;
    usage: unknown;
  }>(
    await deps.db.execute(sql`
      select u.equipment_id, ${ms('u.created_at')} as at, u.fuel_added as gallons, u.new_usage as usage
      from operator_update u
      where u.company_id = ${ctx.companyId}::uuid and u.status = 'applied' and u.voided_at is null
        and u.fuel_added > 0 and u.created_at >= ${start} and u.created_at < ${end}`),
  );
  const readingsOf = sql`n.company_id = ${ctx.companyId}::uuid and n.type = 'usage_update' and n.usage is not null`;
  const readingRows = rowsOf<{
    equipment_id: string;
    at: number | string;
    usage: unknown;
    voided: boolean;
  }>(
    await deps.db.execute(sql`
      select n.equipment_id, ${ms('n.created_at')} as at, n.usage, n.voided_at is not null as voided
        from equipment_note n
        where ${readingsOf} and n.created_at >= ${start} and n.created_at < ${end}
      union all
      (select distinct on (n.equipment_id) n.equipment_id, ${ms('n.created_at')} as at, n.usage, false
        from equipment_note n
        where ${readingsOf} and n.voided_at is null and n.created_at < ${start}
        order by n.equipment_id, n.created_at desc, n.seq desc)`),
  );
  const fills = new Map<string, RateFill[]>();
  for (const r of fillRows)
    fills.set(r.equipment_id, [
      ...(fills.get(r.equipment_id) ?? []),
      {
        at: Number(r.at),
        gallons: costNum(r.gallons),
        usage: r.usage === null ? null : costNum(r.usage),
      },
    ]);
  const readings = new Map<string, RateReading[]>();
  for (const r of readingRows)
    readings.set(r.equipment_id, [
      ...(readings.get(r.equipment_id) ?? []),
      { at: Number(r.at), usage: costNum(r.usage), voided: r.voided },
    ]);
  const all = peersOf(
    machineRows.map((m) => ({
      equipmentId: m.id,
      name: m.name,
      type: m.type,
      unit: m.unit,
      rate: fuelRateOf(fills.get(m.id) ?? [], readings.get(m.id) ?? [], m.unit, volumeUnit),
    })),
    volumeUnit,
  );
  const shown = all.filter(
    (m) => (!q.type || m.type === q.type) && (!q.equipmentId || m.equipmentId === q.equipmentId),
  );
  const gallons = shown.reduce(
    (s, m) => s + (fills.get(m.equipmentId) ?? []).reduce((t, f) => t + f.gallons, 0),
    0,
  );
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
