import { and, desc, eq, gte, inArray } from 'drizzle-orm';
import type { FieldMachine } from '../../../../domain/schemas/field';
import { RATE_WINDOW_DAYS, usualDailyUsage } from '../../../../domain/usage-rate';
import { equipment, equipmentNote } from '../../db/schema/index';
import type { Deps } from '../../deps';
import { notFound } from '../../lib/errors';
import type { CompanyContext } from '../../plugins/session';

const DAY_MS = 86_400_000;
/** At most this many readings feed the usual daily usage (bounded whatever the history). */
const MAX_READINGS = 500;

/**
 * One machine of the company for the operator screen (`/m/<id>`, a scan): 404 for another company's
 * machine or an unknown id, never its data. Two bounded queries: the machine, then its readings of the
 * rate window (newest first, capped) plus the anchor before it.
 */
export async function fieldMachine(
  deps: Deps,
  ctx: CompanyContext,
  id: string,
): Promise<FieldMachine> {
  const [m] = await deps.db
    .select({
      id: equipment.id,
      name: equipment.name,
      type: equipment.type,
      serialNumber: equipment.serialNumber,
      unit: equipment.unit,
      fuelType: equipment.fuelType,
      currentUsage: equipment.currentUsage,
      lastReadingAt: equipment.lastReadingAt,
    })
    .from(equipment)
    .where(and(eq(equipment.id, id), eq(equipment.companyId, ctx.companyId)))
    .limit(1);
  if (!m) throw notFound('equipment.notFound');
  const now = deps.now();
  const since = new Date(now.getTime() - (RATE_WINDOW_DAYS + 1) * DAY_MS);
  const rows = await deps.db
    .select({ at: equipmentNote.createdAt, usage: equipmentNote.usage })
    .from(equipmentNote)
    .where(
      and(
        eq(equipmentNote.companyId, ctx.companyId),
        eq(equipmentNote.equipmentId, m.id),
        inArray(equipmentNote.type, ['usage_update']),
        gte(equipmentNote.createdAt, since),
      ),
    )
    .orderBy(desc(equipmentNote.createdAt))
    .limit(MAX_READINGS);
  const readings = rows
    .filter((r): r is { at: Date; usage: number } => r.usage !== null)
    .map((r) => ({ at: r.at.toISOString(), usage: r.usage }));
  const rate = usualDailyUsage(readings, now);
  return {
    ...m,
    lastReadingAt: m.lastReadingAt.toISOString(),
    usualDaily: rate.kind === 'rate' ? Number(rate.perDay.toFixed(2)) : null,
  };
}
