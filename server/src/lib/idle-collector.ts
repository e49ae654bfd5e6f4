/**
 * Gives the memory a burst of requests took back to the system once the server goes quiet
 * (docs/decisions/0014-memory-after-a-burst.md).
 *
 * V8 grows its heap during a burst (garbage from answers already sent) and returns it only when its
 * memory reducer decides to, which an idle server may never trigger: the embedded database's server
 * stayed at 412 MB after the benchmark's burst, 10 s idle, 125 MB of it heap that one collection frees.
 * So after `idleMs` without a request, following at least `minRequests`, it runs two full collections
 * (tens of milliseconds, when no request is waiting), which let V8 release the emptied pages.
 *
 * `gc` is V8's own, exposed at run time the way Jest's leak detector does it (`--expose-gc` then a new
 * context's `gc`), so no start command has to change.
 */
import type { Server } from 'node:http';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

let gc: (() => void) | null | undefined;

/** V8's full collection, or null where it cannot be exposed. */
export function fullCollection(): (() => void) | null {
  if (gc === undefined) {
    try {
      setFlagsFromString('--expose-gc');
      const fn: unknown = runInNewContext('gc');
      gc = typeof fn === 'function' ? (fn as () => void) : null;
    } catch {
      gc = null;
    }
  }
  return gc;
}

/**
 * V8's flag for how far the old generation may grow past what the last full collection kept before
 * the next one: 20 % (docs/decisions/0014-memory-after-a-burst.md, addendum). V8 picks 10 %-300 % by
 * itself, from how fast it collects; under load it picks the top, and a burst's garbage grows the heap.
 */
export const TIGHT_HEAP_GROWTH_FLAG = '--heap-growing-percent=20';

/**
 * For the embedded database's server, whose process also holds PostgreSQL (PGlite's ~140 MB of
 * WebAssembly memory) on a small business's one machine: the heap stays near what it needs during a
 * burst instead of only after it. Measured on the benchmark's load: peak RSS 330-340 MB instead of
 * 459-520 MB, and no loss of throughput (POST /api/operator-updates 458-485/s against 278-419/s). The
 * PostgreSQL server keeps V8's default: there it cost ~3 % of the overview's throughput.
 */
export function tightenHeapGrowth(): void {
  setFlagsFromString(TIGHT_HEAP_GROWTH_FLAG);
}

export type IdleCollector = { stop(): void; readonly collections: number };

export function startIdleCollector(
  server: Server,
  { idleMs = 2_000, minRequests = 200 }: { idleMs?: number; minRequests?: number } = {},
): IdleCollector {
  const collect = fullCollection();
  let sinceCollection = 0;
  let lastRequest = 0;
  let collections = 0;
  const onRequest = () => {
    sinceCollection += 1;
    lastRequest = Date.now();
  };
  server.on('request', onRequest);
  // Checked often enough that the collection follows the quiet period closely.
  const timer = setInterval(
    () => {
      if (!collect || sinceCollection < minRequests || Date.now() - lastRequest < idleMs) return;
      sinceCollection = 0;
      collections += 1;
      // Twice: the first frees the garbage (its pages are swept afterwards), the second gives the
      // emptied pages back (measured: heap 207 MB after one, 40 MB after two; RSS 343 -> 104 MB).
      collect();
      collect();
    },
    Math.min(1_000, idleMs),
  );
  timer.unref();
  return {
    stop() {
      clearInterval(timer);
      server.off('request', onRequest);
    },
    get collections() {
      return collections;
    },
  };
}
