import { describe, expect, it } from 'vitest';
import { LATER_BATCHES, readFirstBatch, readLaterBatch } from './json-stream';

/**
 * Exports share the database fairly (issue 43: 20 users downloading the full equipment list at once saw
 * their first bytes after up to 26 s): a new download's first batch is read before the later batches of
 * downloads under way, and later batches are read at most LATER_BATCHES at a time, in arrival order.
 */

/** An iterator whose next() settles when the test says so, logging when it is called. */
function manual(name: string, log: string[]) {
  const pending: (() => void)[] = [];
  const it: AsyncIterator<string> = {
    next: () => {
      log.push(`${name} asked`);
      return new Promise((resolve) => pending.push(() => resolve({ done: false, value: name })));
    },
  };
  return { it, release: () => pending.shift()?.() };
}

const ticks = async (n = 20) => {
  for (let i = 0; i < n; i++) await new Promise((r) => setImmediate(r));
};

describe('streamed exports share the database (lib/json-stream.ts)', () => {
  it("holds later batches while a new download's first batch is read", async () => {
    const log: string[] = [];
    const first = manual('first', log);
    const later = manual('later', log);
    const firstRead = readFirstBatch(first.it);
    const laterRead = readLaterBatch(later.it);
    await ticks();
    expect(log).toEqual(['first asked']);
    first.release();
    expect((await firstRead).value).toBe('first');
    await ticks();
    expect(log).toEqual(['first asked', 'later asked']);
    later.release();
    expect((await laterRead).value).toBe('later');
  });

  it('reads a first batch at once, even with every later slot busy', async () => {
    const log: string[] = [];
    const busy = Array.from({ length: LATER_BATCHES }, (_, i) => manual(`busy${i}`, log));
    const busyReads = busy.map((b) => readLaterBatch(b.it));
    await ticks();
    const fresh = manual('fresh', log);
    const freshRead = readFirstBatch(fresh.it);
    await ticks();
    expect(log).toContain('fresh asked');
    fresh.release();
    expect((await freshRead).value).toBe('fresh');
    busy.forEach((b) => b.release());
    await Promise.all(busyReads);
  });

  it('reads at most LATER_BATCHES later batches at once, first come first served', async () => {
    const log: string[] = [];
    const queued = Array.from({ length: LATER_BATCHES + 2 }, (_, i) => manual(`b${i}`, log));
    const reads = queued.map((q) => readLaterBatch(q.it));
    await ticks();
    expect(log).toEqual(queued.slice(0, LATER_BATCHES).map((_, i) => `b${i} asked`));
    queued[0]!.release();
    await ticks();
    expect(log).toEqual(queued.slice(0, LATER_BATCHES + 1).map((_, i) => `b${i} asked`));
    for (const q of queued.slice(1)) q.release();
    await ticks();
    queued.at(-1)!.release();
    expect((await Promise.all(reads)).map((r) => r.value)).toEqual(queued.map((_, i) => `b${i}`));
  });
});
