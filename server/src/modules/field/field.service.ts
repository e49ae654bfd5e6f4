import { and, eq, isNull } from 'drizzle-orm';
import type { EquipmentOptions } from '@domain/schemas/equipment';
import { FIELD_LIST_MAX, type FieldMachine } from '@domain/schemas/field';
import { todayIn } from '@domain/dates';
import { machineScheduleOf } from '@domain/schedule';
import { usualDailyUsage } from '@domain/usage-rate';
import { equipment } from '../../db/schema/index';
import type { Deps } from '../../deps';
import { notFound } from '../../lib/errors';
import type { CompanyContext } from '../../plugins/session';
import { equipmentOptions, identityColumns, readingsOf, tasksByMachine } from '../equipment/index';

/**
 * One machine of the company for the operator screen (`/m/<id>`, a scan): 404 for another company's
 * machine or an unknown id, never its data. The machine, then its remaining readings of the rate window
 * and the anchor before it (the one reading of `readingsOf`, as the forecast and plausibility use), and
 * its tasks for its next service task.
 */
export async function fieldMachine(
  deps: Deps,
  ctx: CompanyContext,
  id: string,
): Promise<FieldMachine> {
  const [m] = await deps.db
    .select({
      ...identityColumns,
      fuelType: equipment.fuelType,
      currentUsage: equipment.currentUsage,
      lastReadingAt: equipment.lastReadingAt,
      outOfServiceAt: equipment.outOfServiceAt,
    })
    .from(equipment)
    .where(and(eq(equipment.id, id), eq(equipment.companyId, ctx.companyId)))
    .limit(1);
  if (!m) throw notFound('equipment.notFound');
  const now = deps.now();
  const [readings, tasks] = await Promise.all([
    readingsOf(deps.db, ctx.companyId, [m.id], now),
    tasksByMachine(deps.db, ctx.companyId, [m.id]),
  ]);
  const rate = usualDailyUsage(readings.get(m.id) ?? [], now);
  // The next task due, told as every equipment answer tells it (domain/schedule.ts machineScheduleOf).
  const { status } = machineScheduleOf(
    tasks.get(m.id) ?? [],
    m,
    rate,
    todayIn(ctx.company.timeZone, now),
  );
  const { outOfServiceAt, ...rest } = m;
  return {
    ...rest,
    outOfService: outOfServiceAt !== null,
    lastReadingAt: m.lastReadingAt.toISOString(),
    usualDaily: rate.kind === 'rate' ? Number(rate.perDay.toFixed(2)) : null,
    nextTask: status.nextTask,
  };
}

/**
 * The company's machines for the operator screen's picker, kept on the phone (offline search): the
 * picker's own listing (equipmentOptions: active machines by name, company-scoped) without a search,
 * up to FIELD_LIST_MAX; `total` says when a (limitless) fleet has more.
 */
export function fieldMachineList(deps: Deps, ctx: CompanyContext): Promise<EquipmentOptions> {
  return equipmentOptions(deps, ctx, { limit: FIELD_LIST_MAX });
}

/**
 * The name a machine's sticker (`/m/<id>`) shows on the sign-in page before anyone signs in (issue 43,
 * defect 10): the name only, of an active machine, found by its unguessable id (the sticker is on the
 * machine itself). Nothing else of the machine or its company; 404 for a retired or unknown one.
 */
export async function stickerName(deps: Deps, id: string): Promise<{ name: string }> {
  const [m] = await deps.db
    .select({ name: equipment.name })
    .from(equipment)
    .where(and(eq(equipment.id, id), isNull(equipment.retiredAt)))
    .limit(1);
  if (!m) throw notFound('equipment.notFound');
  return m;
}
