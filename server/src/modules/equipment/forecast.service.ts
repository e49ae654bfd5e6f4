import { and, desc, eq, gte, isNotNull, isNull, lt, lte, sql } from 'drizzle-orm';
import { forecastService, type Forecast, type ForecastInput } from '@domain/forecast';
import { RATE_WINDOW_DAYS, usualDailyUsage, type Reading } from '@domain/usage-rate';
import type { DbOrTx } from '../../db/client';
import { equipmentNote } from '../../db/schema/index';

const DAY_MS = 86_400_000;

/**
 * The remaining readings of some machines, for their usual daily usage: every reading of the window
 * and, per machine, the last one before it (the anchor). Two indexed queries whatever the number of
 * machines (docs/decisions/usage-rate.md).
 */
export async function readingsOf(
  db: DbOrTx,
  companyId: string,
  ids: readonly string[],
  now: Date,
): Promise<Map<string, Reading[]>> {
  const out = new Map<string, Reading[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return out;
  const since = new Date(now.getTime() - RATE_WINDOW_DAYS * DAY_MS);
  // One array parameter, not one parameter per machine: a whole fleet's 2,000 ids made a 2,000-parameter
  // statement (text, plan and bind values rebuilt on every call); the ids are uuids read from the database.
  const base = and(
    eq(equipmentNote.companyId, companyId),
    sql`${equipmentNote.equipmentId} = any(${`{${ids.join(',')}}`}::uuid[])`,
    eq(equipmentNote.type, 'usage_update'),
    isNotNull(equipmentNote.reading),
    isNotNull(equipmentNote.usage),
    isNull(equipmentNote.voidedAt),
  );
  const cols = {
    id: equipmentNote.equipmentId,
    at: equipmentNote.createdAt,
    usage: equipmentNote.usage,
  };
  const [inWindow, anchors] = await Promise.all([
    db
      .select(cols)
      .from(equipmentNote)
      .where(and(base, gte(equipmentNote.createdAt, since), lte(equipmentNote.createdAt, now))),
    db
      .selectDistinctOn([equipmentNote.equipmentId], cols)
      .from(equipmentNote)
      .where(and(base, lt(equipmentNote.createdAt, since)))
      .orderBy(equipmentNote.equipmentId, desc(equipmentNote.createdAt)),
  ]);
  for (const r of [...anchors, ...inWindow])
    if (r.usage !== null) out.get(r.id)?.push({ at: r.at.toISOString(), usage: r.usage });
  return out;
}

/** Each machine's forecast (domain/forecast.ts) from its readings, for the company's today. */
export async function forecastsOf(
  db: DbOrTx,
  companyId: string,
  machines: readonly (ForecastInput & { id: string })[],
  now: Date,
  today: string,
): Promise<Map<string, Forecast>> {
  const wanted = machines.filter((m) => m.serviceInterval > 0 || m.hasScheduledMaintenance);
  const readings = await readingsOf(
    db,
    companyId,
    wanted.filter((m) => m.serviceInterval > 0).map((m) => m.id),
    now,
  );
  const out = new Map<string, Forecast>();
  for (const m of machines)
    out.set(m.id, forecastService(m, usualDailyUsage(readings.get(m.id) ?? [], now), today));
  return out;
}
