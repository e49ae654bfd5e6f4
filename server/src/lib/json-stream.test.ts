import { describe, expect, it } from 'vitest';
import { fullCollection } from './idle-collector';
import {
  CHUNK_CHARS,
  inThisScope,
  jsonArrayText,
  LATER_BATCHES,
  readFirstBatch,
  readLaterBatch,
} from './json-stream';
import { keysetBatches } from './keyset-batches';

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

/**
 * A slow client does not keep a batch's objects alive (issue 43, "memory stays flat"): while the text
 * of a batch is being taken, the batch itself (the rows a database read made) can be collected, in
 * jsonArrayText, inThisScope and keysetBatches. Before, the batch lived until the client had taken its
 * last byte, was promoted, and 20 downloads of 10,000 machines piled up ~420 MB of heap on PostgreSQL.
 */
describe('a batch being sent is not kept alive', () => {
  const gc = fullCollection();
  if (!gc) throw new Error('V8 full collection not available');

  /** Whether the object behind `ref` is gone after full collections (WeakRefs hold for one job). */
  async function collected(ref: WeakRef<object>): Promise<boolean> {
    for (let i = 0; i < 3; i++) {
      await new Promise((r) => setTimeout(r, 0));
      gc!();
    }
    return ref.deref() === undefined;
  }

  /** Items big enough to make several chunks each. */
  const bigRow = (n: number) => ({ n, text: 'x'.repeat(CHUNK_CHARS / 2) });

  it('jsonArrayText in inThisScope: the batch goes once its text is made', async () => {
    const refs: WeakRef<object>[] = [];
    const tracked = <T extends object>(batch: T) => {
      refs.push(new WeakRef(batch));
      return batch;
    };
    // As equipmentBatches does: the batch only in what is yielded, never in the generator's variables.
    async function* batches() {
      for (let b = 0; b < 2; b++)
        yield await Promise.resolve(
          tracked(Array.from({ length: 6 }, (_, i) => bigRow(b * 10 + i))),
        );
    }
    const text = jsonArrayText(inThisScope(batches()), (r) => JSON.stringify(r));
    expect((await text.next()).value).toBe('[');
    const chunk = (await text.next()).value as string;
    expect(chunk.startsWith('{"n":0,')).toBe(true);
    // Paused in the middle of the first batch's text: the batch itself is gone.
    expect(refs).toHaveLength(1);
    expect(await collected(refs[0]!)).toBe(true);
    let all = `[${chunk}`;
    for await (const c of text) all += c;
    expect(JSON.parse(all).map((r: { n: number }) => r.n)).toEqual([
      0, 1, 2, 3, 4, 5, 10, 11, 12, 13, 14, 15,
    ]);
  });

  it('keysetBatches: the rows read go once their batch is made', async () => {
    const refs: WeakRef<object>[] = [];
    const rows = Array.from({ length: 7 }, (_, i) => i);
    const it = keysetBatches(
      {
        read: async (after: number | null, limit) => {
          const page = rows
            .filter((n) => after === null || n > after)
            .slice(0, limit)
            .map((n) => ({ n, blob: { text: 'x'.repeat(1000) } }));
          refs.push(new WeakRef(page));
          return page;
        },
        cursor: (last) => last.n,
        map: (page) => page.map((r) => r.n),
      },
      3,
      100,
    );
    const first = await it.next();
    expect(first.value).toEqual([0, 1, 2]);
    expect(await collected(refs[0]!)).toBe(true);
    const rest: number[][] = [];
    for await (const b of it) rest.push(b);
    expect(rest).toEqual([[3, 4, 5], [6]]);
  });

  it('keysetBatches stops at its limit and after a short batch', async () => {
    const reads: (number | null)[] = [];
    const it = keysetBatches(
      {
        read: async (after: number | null, limit) => {
          reads.push(after);
          const from = after === null ? 0 : after + 1;
          return Array.from({ length: limit }, (_, i) => from + i);
        },
        cursor: (last) => last,
        map: (page) => page,
      },
      4,
      10,
    );
    const got: number[][] = [];
    for await (const b of it) got.push(b);
    expect(got).toEqual([
      [0, 1, 2, 3],
      [4, 5, 6, 7],
      [8, 9],
    ]);
    expect(reads).toEqual([null, 3, 7]);
  });
});
