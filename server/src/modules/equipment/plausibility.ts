import { MAX_INCREASE_PER_DAY } from '@domain/schemas/operators';
import { usualDailyUsage } from '@domain/usage-rate';
import type { DbOrTx } from '../../db/client';
import type { equipment } from '../../db/schema/index';
import { readingsOf } from './forecast.service';

/**
 * Whether a meter reading is possible, and usual, for its machine (decisions.md, "Usage, readings and
 * fuel"; docs/decisions/trustworthy-record.md): the one check of an operator's update, an inspection's
 * reading and a manager's reading from the machine page.
 */

type EquipmentRow = typeof equipment.$inferSelect;
const DAY_MS = 86_400_000;

/** decisions.md: more than the meter can physically do since the last reading. */
export function implausible(
  eq: Pick<EquipmentRow, 'unit' | 'currentUsage' | 'lastReadingAt'>,
  newUsage: number,
  now: Date,
): boolean {
  const perDay = MAX_INCREASE_PER_DAY[eq.unit];
  if (perDay === undefined) return false;
  const days = Math.max(1, (now.getTime() - eq.lastReadingAt.getTime()) / DAY_MS);
  return newUsage - eq.currentUsage > perDay * days;
}

/** Share of the physical maximum per day below which a reading is never checked against the machine's rate. */
const RATE_FLOOR_SHARE = 0.25;
/** How many times its usual daily usage a machine may advance before a reading is flagged as unusual. */
const RATE_MARGIN = 3;

/**
 * A jump far above the machine's own usual rate (docs/decisions/trustworthy-record.md): flagged when the
 * increase exceeds max(3 x rate x days, 25 % of the physical maximum x days). The readings are read
 * only for increases above the floor, so ordinary readings cost no extra query.
 */
export async function unusual(
  db: DbOrTx,
  companyId: string,
  m: Pick<EquipmentRow, 'id' | 'unit' | 'currentUsage' | 'lastReadingAt'>,
  newUsage: number,
  now: Date,
): Promise<boolean> {
  const perDay = MAX_INCREASE_PER_DAY[m.unit];
  if (perDay === undefined) return false;
  const days = Math.max(1, (now.getTime() - m.lastReadingAt.getTime()) / DAY_MS);
  const increase = newUsage - m.currentUsage;
  const floor = RATE_FLOOR_SHARE * perDay * days;
  if (increase <= floor) return false;
  const readings = (await readingsOf(db, companyId, [m.id], now)).get(m.id) ?? [];
  const rate = usualDailyUsage(readings, now);
  if (rate.kind !== 'rate') return false;
  return increase > Math.max(RATE_MARGIN * rate.perDay * days, floor);
}
