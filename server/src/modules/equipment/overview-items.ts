/**
 * The dashboard overview's machines, each serialised once and sent again while nothing it shows can
 * have changed (issue 28; docs/decisions/0016-overview-item-cache.md). Read by equipment.queries.ts.
 *
 * A machine's overview item is computed from its equipment row, its readings in the rate window, the
 * company's day and the time (the 90-day window moves). Every write of a machine's readings or totals
 * also writes its equipment row (the ledger's rule: a reading, a void, an import, a service), and
 * PostgreSQL gives every written row version a new `xmin`. So an item kept with the row's xmin and the
 * day it was computed on is still right while the row's xmin is the same, the day is the same and no
 * reading has crossed the window's edge (`validUntil`). The page's xmins are read from the database on
 * every load (one index lookup per machine, with the equipment version), never assumed: a write by
 * another app server is seen at once.
 */
import { RATE_WINDOW_DAYS, type TimedReading } from '@domain/usage-rate';
import type { Db } from '../../db/client';
import { preparedPerDb } from '../../db/prepared';

const DAY_MS = 86_400_000;

/** At most this many machines' items are kept per database (oldest first out): about 0.5 KB each. */
const MAX_ITEMS = 10_000;

type Item = {
  /** The equipment row's xmin when the item was computed. */
  rv: string;
  /** The company's day it was computed on (statuses and forecasts count days from it). */
  today: string;
  /** Epoch ms from which a reading has crossed the rate window's edge (or a future reading became current). */
  validUntil: number;
  /** The item as JSON text. */
  text: string;
};

/**
 * When an answer computed at `now` from these readings stops being the one computed later: the first
 * moment a reading leaves the window (it may become the anchor, or the newest one goes stale) or a
 * reading dated in the future becomes current (usualDailyUsageOf leaves those out until then).
 */
export function readingsValidUntil(readings: readonly TimedReading[], now: number): number {
  const windowMs = RATE_WINDOW_DAYS * DAY_MS;
  const windowStart = now - windowMs;
  let until = Number.POSITIVE_INFINITY;
  for (const r of readings) {
    if (!Number.isFinite(r.t)) continue;
    if (r.t > now) until = Math.min(until, r.t);
    else if (r.t > windowStart) until = Math.min(until, r.t + windowMs);
  }
  return until;
}

export class OverviewItemCache {
  private readonly items = new Map<string, Item>();
  /** Items sent from the cache and computed, since the start (tests, docs/benchmarks.md). */
  readonly counts = { hits: 0, misses: 0 };

  constructor(private readonly maxItems = MAX_ITEMS) {}

  /** The machine's kept item, if it was computed from this row version on this day and is still current. */
  get(id: string, rv: string, today: string, now: number): string | undefined {
    const hit = this.items.get(id);
    if (!hit || hit.rv !== rv || hit.today !== today || now >= hit.validUntil) {
      this.counts.misses += 1;
      return undefined;
    }
    this.counts.hits += 1;
    return hit.text;
  }

  /** Whether an item of the machine is kept for this day and time (of some row version). */
  mayHold(id: string, today: string, now: number): boolean {
    const hit = this.items.get(id);
    return hit !== undefined && hit.today === today && now < hit.validUntil;
  }

  set(id: string, item: Item): void {
    this.items.delete(id);
    this.items.set(id, item);
    if (this.items.size > this.maxItems) {
      const oldest = this.items.keys().next().value;
      if (oldest !== undefined) this.items.delete(oldest);
    }
  }

  get size(): number {
    return this.items.size;
  }
}

/** One cache per database handle (one per app instance). */
export const overviewItemsOf = preparedPerDb((_db: Db) => new OverviewItemCache());
