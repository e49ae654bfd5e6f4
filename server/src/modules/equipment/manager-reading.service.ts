/**
 * A manager's meter reading from the machine page (issue 43, "Record a reading"): the meter's total and
 * when it was read, checked by the operators' rules (decisions.md, "Usage, readings and fuel"): below
 * the current usage is refused (a manager lowers the usage with Edit, a correction); a reading the meter
 * cannot physically do, or one far above the machine's usual rate, is applied and flagged `unusual` for
 * a second look (with void), never held: the manager is the one who reviews held readings.
 */
import { and, eq } from 'drizzle-orm';
import type { ManagerReadingInput, ManagerReadingResult } from '@domain/schemas/manager-reading';
import { equipment } from '../../db/schema/index';
import type { Deps } from '../../deps';
import { AppError, notFound } from '../../lib/errors';
import type { CompanyContext } from '../../plugins/session';
import { enqueueEvents, kickDelivery } from '../events/index';
import { actorOf, bumpEquipmentVersion, moveTotals, record } from '../ledger/index';
import { announceStatusChange } from './equipment.commands';
import { fmt } from './equipment.dto';
import { assertId, companyToday } from './equipment.queries';
import { implausible, unusual } from './plausibility';

/** A phone's or a browser's clock may run a little ahead of the server's. */
const CLOCK_SKEW_MS = 5 * 60_000;
const MINUTE_MS = 60_000;

const timeError = (key: 'equipment.readingInFuture' | 'equipment.readingBeforeLast') =>
  new AppError('validation', key, { fieldErrors: { takenAt: key } });

/** POST /api/equipment/:id/readings: one transaction with the machine locked. */
export async function recordManagerReading(
  deps: Deps,
  ctx: CompanyContext,
  id: string,
  input: ManagerReadingInput,
): Promise<ManagerReadingResult> {
  const now = deps.now();
  const sent = new Date(input.takenAt);
  if (sent.getTime() > now.getTime() + CLOCK_SKEW_MS) throw timeError('equipment.readingInFuture');
  const asked = sent.getTime() > now.getTime() ? now : sent;
  const newUsage = Number(input.newUsage.toFixed(2));
  const today = companyToday(deps, ctx);
  const result = await deps.db.transaction(async (tx) => {
    const [m] = await tx
      .select()
      .from(equipment)
      .where(and(eq(equipment.id, assertId(id)), eq(equipment.companyId, ctx.companyId)))
      .for('update')
      .limit(1);
    if (!m) throw notFound('equipment.notFound');
    if (m.retiredAt) throw new AppError('conflict', 'equipment.isRetired');
    // The dialog's time is to the minute: a time in the last reading's minute is read just after it.
    const last = m.lastReadingAt.getTime();
    if (asked.getTime() <= last - MINUTE_MS) throw timeError('equipment.readingBeforeLast');
    const takenAt = asked.getTime() < last ? m.lastReadingAt : asked;
    if (newUsage < m.currentUsage) {
      const unit = m.unit === 'n/a' ? '' : ` ${m.unit}`;
      throw new AppError('validation', 'equipment.readingBelowCurrent', {
        params: { reading: `${fmt(newUsage)}${unit}`, current: `${fmt(m.currentUsage)}${unit}` },
        fieldErrors: { newUsage: 'equipment.readingBelowCurrent' },
      });
    }
    const flagged =
      implausible(m, newUsage, takenAt) || (await unusual(tx, ctx.companyId, m, newUsage, takenAt));
    const updated = await moveTotals(
      tx,
      ctx.companyId,
      m.id,
      { usage: newUsage },
      { lastUpdated: now, lastReadingAt: takenAt },
    );
    if (!updated) throw notFound('equipment.notFound');
    const actor = actorOf(ctx);
    const entry = await record(tx, actor, m.id, takenAt, {
      kind: 'reading',
      params: {
        source: 'manager',
        total: true,
        previousUsage: m.currentUsage,
        usage: newUsage,
        unit: m.unit,
        ...(flagged ? { unusual: true } : {}),
      },
    });
    // Webhooks (issue 29): the reading, and the status it moved, as every applied reading announces.
    await enqueueEvents(
      tx,
      ctx.companyId,
      [
        {
          type: 'reading.created',
          data: {
            equipmentId: m.id,
            updateId: null,
            usage: newUsage,
            fuelAdded: 0,
            fuelType: null,
            at: takenAt.toISOString(),
            by: actor.name,
            reason: flagged ? 'unusual_reading' : null,
          },
        },
      ],
      now,
    );
    await announceStatusChange(tx, ctx, m, updated, today, now);
    await bumpEquipmentVersion(tx, ctx.companyId);
    return { entryId: entry.id, currentUsage: updated.currentUsage, unusual: flagged };
  });
  kickDelivery(deps);
  return result;
}
